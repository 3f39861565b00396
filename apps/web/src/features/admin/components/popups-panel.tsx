import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Modal, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { TAdminPopup } from '@pulse/contract/popups';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import { useAdminPopups } from '../api/get-admin-popups';
import { useDeletePopup } from '../api/delete-admin-popup';
import { POPUP_AUDIENCE_LABELS } from '../utils/popup-form';
import { PopupForm } from './popup-form';
import { showAdminSuccess } from './show-admin-toast';
import { formatDateTimeWithYear } from '../../../lib/format';

function popupState(popup: TAdminPopup, now: number): { label: MessageDescriptor; color: string } {
  if (new Date(popup.starts_at).getTime() > now) return { label: msg`Scheduled`, color: 'blue' };
  if (popup.ends_at && new Date(popup.ends_at).getTime() <= now) return { label: msg`Ended`, color: 'gray' };
  return { label: msg`Live`, color: 'green' };
}

function DeleteDialog({ popup, onClose }: { popup: TAdminPopup; onClose: () => void }) {
  const { t } = useLingui();
  const remove = useDeletePopup();
  const title = popup.title;
  const { isPending, runOnce } = useSingleSubmit();
  const confirm = () =>
    void runOnce(async () => {
      try {
        await remove.mutateAsync(popup.id);
        showAdminSuccess(t`Popup deleted`, popup.title);
        onClose();
      } catch {
        // The API client has shown the reason in a toast.
      }
    });
  return (
    <Modal opened onClose={onClose} title={t`Delete this popup?`} centered radius="lg">
      <Stack gap="md">
        <Text size="sm">
          <Trans>“{title}” stops showing at once and cannot be brought back.</Trans>
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Back</Trans>
          </Button>
          <Button color="red" onClick={confirm} loading={isPending}>
            <Trans>Delete popup</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function PopupCard({ popup, onDelete }: { popup: TAdminPopup; onDelete: () => void }) {
  const { i18n, t } = useLingui();
  const state = popupState(popup, Date.now());
  const title = popup.title;
  const audience = i18n._(POPUP_AUDIENCE_LABELS[popup.target_audience]);
  const start = formatDateTimeWithYear(popup.starts_at);
  const end = popup.ends_at ? formatDateTimeWithYear(popup.ends_at) : null;
  const ctaLabel = popup.cta_label;
  const ctaUrl = popup.cta_url ?? '';
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={t`Popup ${title}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {popup.title}
          </Text>
          <Badge color={state.color} variant="light" radius="sm">
            {i18n._(state.label)}
          </Badge>
        </Group>
        <Text size="sm" lineClamp={3}>
          {popup.message}
        </Text>
        <Text size="xs" c="dimmed">
          {end ? t`${audience} · from ${start} to ${end}` : t`${audience} · from ${start}, no end`}
          {ctaLabel ? t` · button “${ctaLabel}” → ${ctaUrl}` : ''}
        </Text>
        <Group justify="flex-end">
          <Button size="xs" color="red" variant="subtle" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
            <Trans>Delete</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Announcements shown to buyers and visitors: create, schedule, delete. */
export function PopupsPanel() {
  const { t } = useLingui();
  const list = useAdminPopups();
  const [deleting, setDeleting] = useState<TAdminPopup | null>(null);

  return (
    <Stack gap="lg">
      <PopupForm />
      <Stack gap="sm">
        <Title order={2} fz="lg">
          <Trans>All popups</Trans>
        </Title>
        {list.isError && <LoadErrorAlert title={t`Could not load the popups`} onRetry={() => void list.refetch()} />}
        {list.isPending && <Skeleton height={160} radius="md" role="status" aria-label={t`Loading popups`} />}
        {list.isSuccess && list.data.length === 0 && (
          <Text c="dimmed" size="sm">
            <Trans>No popups yet.</Trans>
          </Text>
        )}
        {list.data?.map((popup) => (
          <PopupCard key={popup.id} popup={popup} onDelete={() => setDeleting(popup)} />
        ))}
      </Stack>
      {deleting && <DeleteDialog popup={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}
