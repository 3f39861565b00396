import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { Alert, Group, Text } from '@mantine/core';
import { IconBroadcast, IconBroadcastOff } from '@tabler/icons-react';
import type { SharingState } from './use-position-sharing';

const TEXT: Record<SharingState, { title: MessageDescriptor; detail: MessageDescriptor; color: string; on: boolean }> = {
  off: { title: msg`Position sharing off`, detail: msg`It starts when you pick the order up.`, color: 'gray', on: false },
  starting: { title: msg`Position sharing on`, detail: msg`Waiting for your first position…`, color: 'blue', on: true },
  on: { title: msg`Position sharing on`, detail: msg`The buyer and the farm see where you are until you deliver.`, color: 'green', on: true },
  denied: { title: msg`Position sharing blocked`, detail: msg`Allow location for this site so the buyer can follow the delivery.`, color: 'orange', on: false },
  unsupported: { title: msg`Position sharing unavailable`, detail: msg`This browser cannot share its location.`, color: 'orange', on: false },
  failing: { title: msg`Position sharing interrupted`, detail: msg`Your position could not be sent; it is retried with the next one.`, color: 'orange', on: true },
};

/** Tells the agent, while in transit, that the buyer and farm can see where they are. */
export function PositionSharingIndicator({ state }: { state: SharingState }) {
  const { i18n } = useLingui();
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
          {i18n._(text.title)}
        </Text>
        <Text size="sm">{i18n._(text.detail)}</Text>
      </Group>
    </Alert>
  );
}
