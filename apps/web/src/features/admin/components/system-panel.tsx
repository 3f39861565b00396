import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { TSystemFailure, TSystemStatus } from '@pulse/contract/system';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { formatDateTimeWithYear } from '../../../lib/format';
import { useAdminSystem, useJobRetry } from '../api/admin-system';
import { describeQueue } from '../utils/system-display';
import { showAdminFailure, showAdminSuccess } from './show-admin-toast';

function Count({ value, color }: { value: number; color: string }) {
  return value === 0 ? (
    <Text span c="dimmed">
      0
    </Text>
  ) : (
    <Badge color={color} variant="light" radius="sm">
      {value}
    </Badge>
  );
}

function QueueTable({ queues }: { queues: TSystemStatus['queues'] }) {
  const { i18n, t } = useLingui();
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table verticalSpacing="sm" horizontalSpacing="xs" aria-label={t`Job queues`} styles={{ th: { whiteSpace: 'nowrap' } }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Queue</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Waiting</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Running</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Failed</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {queues.map((queue) => {
            const { label, purpose } = describeQueue(i18n, queue.name);
            return (
              <Table.Tr key={queue.name}>
                <Table.Td>
                  <Text fw={600}>{label}</Text>
                  <Text size="xs" c="dimmed">
                    {purpose}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Count value={queue.waiting} color="gray" />
                </Table.Td>
                <Table.Td ta="right">
                  <Count value={queue.running} color="blue" />
                </Table.Td>
                <Table.Td ta="right">
                  <Count value={queue.failed} color="red" />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function FailureRow({ failure }: { failure: TSystemFailure }) {
  const { i18n, t } = useLingui();
  const retry = useJobRetry();
  const { label } = describeQueue(i18n, failure.queue);
  const failedAt = formatDateTimeWithYear(failure.failedAt);
  const attempts = failure.attempts;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={t`Failed job of ${label}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
          <div style={{ minWidth: 0, flex: '1 1 220px' }}>
            <Text fw={700}>{label}</Text>
            <Text size="sm" c="dimmed">
              {t`Failed ${failedAt} after ${attempts} tries`}
            </Text>
          </div>
          <Badge color="red" variant="light" radius="sm">
            <Trans>Failed</Trans>
          </Badge>
        </Group>
        {failure.error && (
          <Text size="sm" c="red.8" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {failure.error}
          </Text>
        )}
        <Group>
          <Button
            variant="light"
            leftSection={<IconRefresh size={18} aria-hidden />}
            loading={retry.isPending}
            onClick={() =>
              retry.mutate(failure.id, {
                onSuccess: () => showAdminSuccess(t`Job queued again`),
                onError: (error) => showAdminFailure(t`Could not retry`, error.message),
              })
            }
          >
            <Trans>Retry</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The "System" tab (issue 29): the background job queues, the last failed jobs and "Retry". */
export function SystemPanel() {
  const { t } = useLingui();
  const system = useAdminSystem();
  if (system.isPending) return <Skeleton height={240} radius="md" />;
  if (system.isError) return <LoadErrorAlert title={t`The job queues could not be loaded.`} onRetry={() => void system.refetch()} />;
  const { queues, failures } = system.data;
  return (
    <Stack gap="lg">
      <Text c="dimmed" size="sm">
        <Trans>Background work runs as jobs in queues. A job that fails is tried again with growing pauses; after its last try it is listed below, where it can be retried.</Trans>
      </Text>
      <QueueTable queues={queues} />
      <Stack gap="sm">
        <Title order={2} size="h4">
          <Trans>Last failures</Trans>
        </Title>
        {failures.length === 0 ? (
          <Text c="dimmed">
            <Trans>No failed job.</Trans>
          </Text>
        ) : (
          failures.map((failure) => <FailureRow key={failure.id} failure={failure} />)
        )}
      </Stack>
    </Stack>
  );
}
