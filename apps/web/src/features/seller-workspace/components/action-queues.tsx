import { Badge, Group, Stack, Tabs, Text, ThemeIcon } from '@mantine/core';
import { IconMoodSmile } from '@tabler/icons-react';
import { SELLER_ACTION_STATUSES, type TSellerActionStatus, type TSellerDashboardResponse } from '@pulse/contract/seller-dashboard';
import { QueueOrderCard } from './queue-order-card';

const QUEUE_LABELS: Readonly<Record<TSellerActionStatus, { tab: string; empty: string }>> = {
  paid: { tab: 'New', empty: 'No new orders. Paid orders wait here for you to accept them.' },
  accepted: { tab: 'Accepted', empty: 'Nothing to prepare. Accepted orders wait here until you mark them ready.' },
  ready: { tab: 'Ready', empty: 'Nothing to hand over. Orders you marked ready wait here for pickup or the driver.' },
  refund_requested: { tab: 'Refund requests', empty: 'No refund requests. Buyers’ requests wait here for your answer.' },
};

/** The orders the farm has to act on, one tab per step, each with its count and the action buttons. */
export function ActionQueues({ queues, value, onChange }: { queues: TSellerDashboardResponse['actionQueues']; value: TSellerActionStatus; onChange: (status: TSellerActionStatus) => void }) {
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
            {QUEUE_LABELS[status].tab}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {SELLER_ACTION_STATUSES.map((status) => {
        const queue = queues[status];
        return (
          <Tabs.Panel key={status} value={status} pt="md">
            {queue.items.length === 0 ? (
              <Group gap="sm" wrap="nowrap" py="md" px="xs">
                <ThemeIcon variant="light" color="gray" radius="xl" size={40} aria-hidden>
                  <IconMoodSmile size={22} />
                </ThemeIcon>
                <Text size="sm" c="dimmed">
                  {QUEUE_LABELS[status].empty}
                </Text>
              </Group>
            ) : (
              <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={`${QUEUE_LABELS[status].tab} orders`}>
                {queue.items.map((order) => (
                  <QueueOrderCard key={order.id} order={order} />
                ))}
                {queue.count > queue.items.length && (
                  <Text size="xs" c="dimmed" ta="center">
                    The newest {queue.items.length} of {queue.count}. Act on these and the next ones appear.
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
