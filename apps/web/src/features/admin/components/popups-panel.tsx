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

function popupState(popup: TAdminPopup, now: number): { label: string; color: string } {
  if (new Date(popup.starts_at).getTime() > now) return { label: 'Scheduled', color: 'blue' };
  if (popup.ends_at && new Date(popup.ends_at).getTime() <= now) return { label: 'Ended', color: 'gray' };
  return { label: 'Live', color: 'green' };
}

function DeleteDialog({ popup, onClose }: { popup: TAdminPopup; onClose: () => void }) {
  const remove = useDeletePopup();
  const { isPending, runOnce } = useSingleSubmit();
  const confirm = () =>
    void runOnce(async () => {
      try {
        await remove.mutateAsync(popup.id);
        showAdminSuccess('Popup deleted', popup.title);
        onClose();
      } catch {
        // The API client has shown the reason in a toast.
      }
    });
  return (
    <Modal opened onClose={onClose} title="Delete this popup?" centered radius="lg">
      <Stack gap="md">
        <Text size="sm">“{popup.title}” stops showing at once and cannot be brought back.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Back
          </Button>
          <Button color="red" onClick={confirm} loading={isPending}>
            Delete popup
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function PopupCard({ popup, onDelete }: { popup: TAdminPopup; onDelete: () => void }) {
  const state = popupState(popup, Date.now());
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={`Popup ${popup.title}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {popup.title}
          </Text>
          <Badge color={state.color} variant="light" radius="sm">
            {state.label}
          </Badge>
        </Group>
        <Text size="sm" lineClamp={3}>
          {popup.message}
        </Text>
        <Text size="xs" c="dimmed">
          {POPUP_AUDIENCE_LABELS[popup.target_audience]} · from {formatDateTimeWithYear(popup.starts_at)}
          {popup.ends_at ? ` to ${formatDateTimeWithYear(popup.ends_at)}` : ', no end'}
          {popup.cta_label ? ` · button “${popup.cta_label}” → ${popup.cta_url ?? ''}` : ''}
        </Text>
        <Group justify="flex-end">
          <Button size="xs" color="red" variant="subtle" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Announcements shown to buyers and visitors: create, schedule, delete. */
export function PopupsPanel() {
  const list = useAdminPopups();
  const [deleting, setDeleting] = useState<TAdminPopup | null>(null);

  return (
    <Stack gap="lg">
      <PopupForm />
      <Stack gap="sm">
        <Title order={2} fz="lg">
          All popups
        </Title>
        {list.isError && <LoadErrorAlert title="Could not load the popups" onRetry={() => void list.refetch()} />}
        {list.isPending && <Skeleton height={160} radius="md" role="status" aria-label="Loading popups" />}
        {list.isSuccess && list.data.length === 0 && (
          <Text c="dimmed" size="sm">
            No popups yet.
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
