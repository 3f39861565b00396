import { Trans, useLingui } from '@lingui/react/macro';
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
  const { i18n, t } = useLingui();
  const claim = useTaskStep(task.id, 'claim');
  const farmName = task.pickup.farmName;
  const city = task.dropOff.city;
  const distance = formatKm(i18n, task.distanceToPickupKm);
  const attempt = task.attempt;
  const farmRegion = task.pickup.region;
  const dropOffPlace = [task.dropOff.city, task.dropOff.region].filter(Boolean).join(', ');
  const route = formatKm(i18n, task.routeKm);

  return (
    <Paper withBorder radius="lg" p="md" component="article" aria-label={t`Delivery from ${farmName} to ${city}`} data-testid="open-task">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={700} truncate>
              {task.pickup.farmName} → {task.dropOff.city}
            </Text>
            <Text size="sm" c="dimmed">
              {task.distanceToPickupKm !== null ? t`${distance} from you` : t`Near you`}
              {attempt > 1 ? t` · attempt ${attempt}` : ''}
            </Text>
          </Stack>
          <Badge size="lg" variant="light" color="green" style={{ flexShrink: 0 }} data-testid="task-fee">
            {formatFee(task)}
          </Badge>
        </Group>
        <Stack gap={6}>
          <Line icon={<IconBuildingWarehouse size={16} />}>
            <Trans>
              Pickup: {farmName}, {farmRegion}
            </Trans>
          </Line>
          <Line icon={<IconMapPin size={16} />}>
            <Trans>Drop-off: {dropOffPlace}</Trans>
          </Line>
          <Line icon={<IconRoute size={16} />}>
            <Trans>Farm to drop-off: {route}</Trans>
          </Line>
          <Line icon={<IconCalendarTime size={16} />}>{formatTaskWindow(i18n, task.windowStartsAt, task.windowEndsAt)}</Line>
          <Line icon={<IconPackage size={16} />}>{formatTaskSize(i18n, task.size)}</Line>
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
          <Trans>Claim task</Trans>
        </Button>
      </Stack>
    </Paper>
  );
}
