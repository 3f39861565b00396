import { Suspense, useEffect, useState } from 'react';
import type { TPopup } from '@pulse/contract/popups';
import { lazyWithFullStyles } from '../../../lib/full-styles';
import { useActivePopups } from '../api/get-active-popups';
import { choosePopup } from '../utils/choose-popup';
import { isPopupShown, markPopupShown } from '../utils/popup-shown-flag';

const PopupModal = lazyWithFullStyles(() => import('./popup-modal').then((module) => module.PopupModal));

/**
 * The popup announcement of spec §4/§6: the top popup for the viewer's audience, shown once per
 * session (`popupShown_{id}`). When the user changes and a different popup wins, that one gets its
 * own chance. A failed fetch shows nothing; the error stays in the query state.
 */
export function PopupAnnouncement() {
  const { data, audience } = useActivePopups();
  const chosen = data ? choosePopup(data, audience) : null;
  const chosenId = chosen?.id ?? null;
  const [shown, setShown] = useState<TPopup | null>(null);

  // A refetch of the same popup finds its flag set and does not reopen it.
  useEffect(() => {
    if (!chosen || isPopupShown(chosen.id)) return;
    markPopupShown(chosen.id);
    setShown(chosen);
  }, [chosen]);

  // A popup no longer chosen for this viewer (e.g. they just signed in) is closed.
  const visible = shown !== null && shown.id === chosenId;
  const close = () => setShown(null);

  return (
    shown && (
      <Suspense fallback={null}>
        <PopupModal popup={shown} visible={visible} onClose={close} />
      </Suspense>
    )
  );
}
