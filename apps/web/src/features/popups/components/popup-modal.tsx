import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { TPopup } from '@pulse/contract/popups';
import { API_URL } from '../../../config/env';

/** Above the bars and drawers, below the toasts (5500). */
const POPUP_Z_INDEX = 400;

function resolveAssetUrl(url: string): string {
  return url.startsWith('/') ? `${API_URL}${url}` : url;
}

function isInternalPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

function PopupAction({ popup, onDone }: { popup: TPopup; onDone: () => void }) {
  const { t } = useLingui();
  if (!popup.cta_url) return null;
  const label = popup.cta_label ?? t`Learn more`;
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

/** The announcement's dialog, loaded the first time a popup is to be shown. */
export function PopupModal({ popup, visible, onClose }: { popup: TPopup; visible: boolean; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Modal
      opened={visible}
      onClose={onClose}
      title={popup.title}
      centered
      radius="lg"
      size="md"
      zIndex={POPUP_Z_INDEX}
      closeButtonProps={{ 'aria-label': t`Close` }}
      data-testid="popup-announcement"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md">
        {popup.image_url && <Image src={resolveAssetUrl(popup.image_url)} alt="" radius="md" mah={220} fit="cover" />}
        <Text style={{ whiteSpace: 'pre-line' }}>{popup.message}</Text>
        <Group justify="flex-end" gap="sm">
          <Anchor component="button" type="button" c="dimmed" size="sm" onClick={onClose}>
            <Trans>Dismiss</Trans>
          </Anchor>
          <PopupAction popup={popup} onDone={onClose} />
        </Group>
      </Stack>
    </Modal>
  );
}
