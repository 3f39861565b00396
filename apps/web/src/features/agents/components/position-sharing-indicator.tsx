import { Alert, Group, Text } from '@mantine/core';
import { IconBroadcast, IconBroadcastOff } from '@tabler/icons-react';
import type { SharingState } from './use-position-sharing';

const TEXT: Record<SharingState, { title: string; detail: string; color: string; on: boolean }> = {
  off: { title: 'Position sharing off', detail: 'It starts when you pick the order up.', color: 'gray', on: false },
  starting: { title: 'Position sharing on', detail: 'Waiting for your first position…', color: 'blue', on: true },
  on: { title: 'Position sharing on', detail: 'The buyer and the farm see where you are until you deliver.', color: 'green', on: true },
  denied: { title: 'Position sharing blocked', detail: 'Allow location for this site so the buyer can follow the delivery.', color: 'orange', on: false },
  unsupported: { title: 'Position sharing unavailable', detail: 'This browser cannot share its location.', color: 'orange', on: false },
  failing: { title: 'Position sharing interrupted', detail: 'Your position could not be sent; it is retried with the next one.', color: 'orange', on: true },
};

/** Tells the agent, while in transit, that the buyer and farm can see where they are. */
export function PositionSharingIndicator({ state }: { state: SharingState }) {
  const text = TEXT[state];
  return (
    <Alert
      color={text.color}
      variant="light"
      py="xs"
      role="status"
      data-testid="position-sharing"
      data-state={state}
      icon={text.on ? <IconBroadcast size={18} aria-hidden /> : <IconBroadcastOff size={18} aria-hidden />}
    >
      <Group gap={6} wrap="wrap">
        <Text size="sm" fw={700}>
          {text.title}
        </Text>
        <Text size="sm">{text.detail}</Text>
      </Group>
    </Alert>
  );
}
