import { useEffect, useState } from 'react';
import { Anchor, Button, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { TPopup } from '@pulse/contract/popups';
import { API_URL } from '../../../config/env';
import { useActivePopups } from '../api/get-active-popups';
import { choosePopup } from '../utils/choose-popup';
import { isPopupShown, markPopupShown } from '../utils/popup-shown-flag';

/** Above the bars and drawers, below the toasts (5500). */
const POPUP_Z_INDEX = 400;

function resolveAssetUrl(url: string): string {
  return url.startsWith('/') ? `${API_URL}${url}` : url;
}

function isInternalPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

function PopupAction({ popup, onDone }: { popup: TPopup; onDone: () => void }) {
  if (!popup.cta_url) return null;
  const label = popup.cta_label ?? 'Learn more';
  if (isInternalPath(popup.cta_url)) {
    return (
      <Button component={Link} to={popup.cta_url} onClick={onDone}>
        {label}
      </Button>
    );
  }
  return (
    <Button component="a" href={popup.cta_url} target="_blank" rel="noopener noreferrer" onClick={onDone}>
      {label}
    </Button>
  );
}

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
    <Modal
      opened={visible}
      onClose={close}
      title={shown?.title}
      centered
      radius="lg"
      size="md"
      zIndex={POPUP_Z_INDEX}
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid="popup-announcement"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {shown && (
        <Stack gap="md">
          {shown.image_url && <Image src={resolveAssetUrl(shown.image_url)} alt="" radius="md" mah={220} fit="cover" />}
          <Text style={{ whiteSpace: 'pre-line' }}>{shown.message}</Text>
          <Group justify="flex-end" gap="sm">
            <Anchor component="button" type="button" c="dimmed" size="sm" onClick={close}>
              Dismiss
            </Anchor>
            <PopupAction popup={shown} onDone={close} />
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
