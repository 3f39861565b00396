import { Text, ThemeIcon, Timeline } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconCheck, IconX, IconReceiptRefund } from '@tabler/icons-react';
import type { TOrderEvent, TOrderStatus } from '@pulse/contract/orders';
import { buildTimeline } from '../utils/order-timeline';
import { formatDateTime } from '../../../lib/format';

const STOP_STATUSES: readonly TOrderStatus[] = ['cancelled', 'refund_rejected'];
const MONEY_BACK_STATUSES: readonly TOrderStatus[] = ['refund_requested', 'refunded'];

function BulletIcon({ status }: { status: TOrderStatus }) {
  if (STOP_STATUSES.includes(status)) return <IconX size={12} stroke={3} />;
  if (MONEY_BACK_STATUSES.includes(status)) return <IconReceiptRefund size={12} stroke={2.4} />;
  return <IconCheck size={12} stroke={3} />;
}

/** Every step the order took, oldest first, with when and by whom. */
export function OrderTimeline({ events, viewerUsername }: { events: readonly TOrderEvent[]; viewerUsername: string | null }) {
  const { t, i18n } = useLingui();
  const entries = buildTimeline(events, viewerUsername, i18n);
  if (entries.length === 0)
    return (
      <Text c="dimmed">
        <Trans>No steps recorded yet.</Trans>
      </Text>
    );
  return (
    <Timeline active={entries.length - 1} bulletSize={22} lineWidth={2} aria-label={t`Order timeline`}>
      {entries.map((entry) => {
        const at = formatDateTime(entry.at);
        const actor = entry.actorText;
        const note = entry.note;
        return (
          <Timeline.Item
            key={entry.id}
            bullet={
              <ThemeIcon size={22} radius="xl" color={STOP_STATUSES.includes(entry.status) ? 'red' : undefined} aria-hidden>
                <BulletIcon status={entry.status} />
              </ThemeIcon>
            }
            title={
              <Text fw={600} size="sm">
                {entry.title}
              </Text>
            }
          >
            <Text size="xs" c="dimmed">
              <Trans>
                <time dateTime={entry.at}>{at}</time> · {actor}
              </Trans>
            </Text>
            {note && (
              <Text size="sm" mt={4} fs="italic">
                <Trans>“{note}”</Trans>
              </Text>
            )}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
