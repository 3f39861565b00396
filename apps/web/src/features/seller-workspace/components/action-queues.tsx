import { Badge, Group, Stack, Tabs, Text, ThemeIcon } from '@mantine/core';
import { IconMoodSmile } from '@tabler/icons-react';
import { SELLER_ACTION_STATUSES, type TSellerActionStatus, type TSellerDashboardResponse } from '@pulse/contract/seller-dashboard';
import { QueueOrderCard } from './queue-order-card';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

/** The tab (a context of its own: a queue of orders, not one order's status), the list's accessible name and the empty text of each queue (read with `i18n._`). */
const QUEUE_LABELS: Readonly<Record<TSellerActionStatus, { tab: MessageDescriptor; list: MessageDescriptor; empty: MessageDescriptor }>> = {
  paid: { tab: msg({ message: 'New', context: 'order queue' }), list: msg`New orders`, empty: msg`No new orders. Paid orders wait here for you to accept them.` },
  accepted: { tab: msg({ message: 'Accepted', context: 'order queue' }), list: msg`Accepted orders`, empty: msg`Nothing to prepare. Accepted orders wait here until you mark them ready.` },
  ready: { tab: msg({ message: 'Ready', context: 'order queue' }), list: msg`Ready orders`, empty: msg`Nothing to hand over. Orders you marked ready wait here for pickup or the driver.` },
  refund_requested: { tab: msg({ message: 'Refund requests', context: 'order queue' }), list: msg`Refund requests orders`, empty: msg`No refund requests. Buyers’ requests wait here for your answer.` },
};

/** The orders the farm has to act on, one tab per step, each with its count and the action buttons. */
export function ActionQueues({ queues, value, onChange }: { queues: TSellerDashboardResponse['actionQueues']; value: TSellerActionStatus; onChange: (status: TSellerActionStatus) => void }) {
  const { i18n } = useLingui();
  return (
    <Tabs
      value={value}
      onChange={(next) => {
        const status = SELLER_ACTION_STATUSES.find((candidate) => candidate === next);
        if (status) onChange(status);
      }}
      keepMounted={false}
    >
      <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
        {SELLER_ACTION_STATUSES.map((status) => (
          <Tabs.Tab
            key={status}
            value={status}
            style={{ flexShrink: 0 }}
            rightSection={
              <Badge size="sm" circle={queues[status].count < 10} variant={queues[status].count > 0 ? 'filled' : 'light'} color={queues[status].count > 0 ? undefined : 'gray'}>
                {queues[status].count}
              </Badge>
            }
          >
            {i18n._(QUEUE_LABELS[status].tab)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {SELLER_ACTION_STATUSES.map((status) => {
        const queue = queues[status];
        const shown = queue.items.length;
        const total = queue.count;
        return (
          <Tabs.Panel key={status} value={status} pt="md">
            {queue.items.length === 0 ? (
              <Group gap="sm" wrap="nowrap" py="md" px="xs">
                <ThemeIcon variant="light" color="gray" radius="xl" size={40} aria-hidden>
                  <IconMoodSmile size={22} />
                </ThemeIcon>
                <Text size="sm" c="dimmed">
                  {i18n._(QUEUE_LABELS[status].empty)}
                </Text>
              </Group>
            ) : (
              <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={i18n._(QUEUE_LABELS[status].list)}>
                {queue.items.map((order) => (
                  <QueueOrderCard key={order.id} order={order} />
                ))}
                {queue.count > queue.items.length && (
                  <Text size="xs" c="dimmed" ta="center">
                    <Trans>
                      The newest {shown} of {total}. Act on these and the next ones appear.
                    </Trans>
                  </Text>
                )}
              </Stack>
            )}
          </Tabs.Panel>
        );
      })}
    </Tabs>
  );
}
