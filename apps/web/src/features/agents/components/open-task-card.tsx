import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBuildingWarehouse, IconCalendarTime, IconMapPin, IconPackage, IconRoute } from '@tabler/icons-react';
import type { TDeliveryTaskListItem } from '@pulse/contract/delivery';
import { getServerFormErrors } from '../../../lib/form-errors';
import { formatFee, formatKm, formatTaskSize, formatTaskWindow } from '../utils/task-display';
import { useTaskStep } from './use-task-step';

function Line({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <Group gap={8} wrap="nowrap" align="flex-start">
      <span aria-hidden style={{ display: 'inline-flex', marginTop: 2, color: 'var(--mantine-color-dimmed)' }}>
        {icon}
      </span>
      <Text size="sm" style={{ minWidth: 0 }}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * An open task near the agent: farm, the drop-off's town only, distances, fee, window and size.
 * Claim is one request; a lost race shows the server's sentence and the list refreshes.
 */
export function OpenTaskCard({ task, canClaim, onClaimFailed }: { task: TDeliveryTaskListItem; canClaim: boolean; onClaimFailed: (message: string | null) => void }) {
  const claim = useTaskStep(task.id, 'claim');

  return (
    <Paper withBorder radius="lg" p="md" component="article" aria-label={`Delivery from ${task.pickup.farmName} to ${task.dropOff.city}`} data-testid="open-task">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={700} truncate>
              {task.pickup.farmName} → {task.dropOff.city}
            </Text>
            <Text size="sm" c="dimmed">
              {task.distanceToPickupKm !== null ? `${formatKm(task.distanceToPickupKm)} from you` : 'Near you'}
              {task.attempt > 1 ? ` · attempt ${task.attempt}` : ''}
            </Text>
          </Stack>
          <Badge size="lg" variant="light" color="green" style={{ flexShrink: 0 }} data-testid="task-fee">
            {formatFee(task)}
          </Badge>
        </Group>
        <Stack gap={6}>
          <Line icon={<IconBuildingWarehouse size={16} />}>
            Pickup: {task.pickup.farmName}, {task.pickup.region}
          </Line>
          <Line icon={<IconMapPin size={16} />}>
            Drop-off: {[task.dropOff.city, task.dropOff.region].filter(Boolean).join(', ')}
          </Line>
          <Line icon={<IconRoute size={16} />}>Farm to drop-off: {formatKm(task.routeKm)}</Line>
          <Line icon={<IconCalendarTime size={16} />}>{formatTaskWindow(task.windowStartsAt, task.windowEndsAt)}</Line>
          <Line icon={<IconPackage size={16} />}>{formatTaskSize(task.size)}</Line>
        </Stack>
        <Button
          onClick={() =>
            void claim.run(undefined, {
              onDone: () => onClaimFailed(null),
              // The list refreshes after a lost race, so the sentence is shown above it, not on this card.
              onError: (failure) => onClaimFailed(getServerFormErrors(failure, []).form),
            })
          }
          loading={claim.isPending}
          disabled={!canClaim}
        >
          Claim task
        </Button>
      </Stack>
    </Paper>
  );
}
