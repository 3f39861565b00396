import { formatNumber } from '../../../lib/format';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Alert, Badge, Container, Group, Paper, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconListDetails, IconMotorbike } from '@tabler/icons-react';
import type { PageProps } from '../../../app/route-types';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useMyTasks } from '../api/get-my-tasks';
import { useOpenTasks } from '../api/get-open-tasks';
import { AgentGate } from '../../../components/agents/agent-gate';
import { HeldTaskCard } from '../components/held-task-card';
import { OpenTaskCard } from '../components/open-task-card';
import { useLiveTaskUpdates } from '../components/use-live-task-updates';

function EmptyBox({ children }: { children: React.ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Text c="dimmed" ta="center">
        {children}
      </Text>
    </Paper>
  );
}

function TaskLists() {
  const { t } = useLingui();
  useLiveTaskUpdates();
  const open = useOpenTasks(true);
  const mine = useMyTasks('active', true);
  const [claimError, setClaimError] = useState<string | null>(null);
  const [tab, setTab] = useState<string | null>(null);
  const held = mine.data?.items ?? [];
  const heldCount = held.length;
  const radius = open.data ? formatNumber(open.data.radiusKm, 1) : '';
  const atLimit = mine.data ? held.length >= mine.data.maxActiveTasks : false;
  const current = tab ?? (held.length > 0 ? 'mine' : 'open');

  return (
    <Tabs value={current} onChange={setTab} keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="open" leftSection={<IconListDetails size={16} aria-hidden />}>
          <Trans>Open near you</Trans>{' '}
          {open.data && (
            <Badge size="sm" variant="light" ml={4}>
              {open.data.items.length}
            </Badge>
          )}
        </Tabs.Tab>
        <Tabs.Tab value="mine" leftSection={<IconMotorbike size={16} aria-hidden />}>
          <Trans>My tasks</Trans>{' '}
          {mine.data && (
            <Badge size="sm" variant="light" ml={4}>
              {held.length}
            </Badge>
          )}
        </Tabs.Tab>
      </Tabs.List>

      <Tabs.Panel value="open">
        <Stack gap="md">
          {claimError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" withCloseButton onClose={() => setClaimError(null)}>
              {claimError}
            </Alert>
          )}
          {atLimit && (
            <Alert color="yellow" variant="light" role="status">
              <Trans>You hold {heldCount} tasks, the most at once. Deliver or release one to claim another.</Trans>
            </Alert>
          )}
          {open.data && (
            <Text size="sm" c="dimmed">
              {open.data.origin
                ? t`Farms within ${radius} km of your home point, nearest first. The drop-off street shows once you claim.`
                : t`Add your home point to your agent details to see tasks near you.`}
            </Text>
          )}
          {open.isPending && <Skeleton height={220} radius="lg" role="status" aria-label={t`Loading open tasks`} />}
          {open.isError && <LoadErrorAlert title={t`Could not load the open tasks`} onRetry={() => void open.refetch()} />}
          {open.isSuccess && open.data.items.length === 0 && <EmptyBox>
              <Trans>No open tasks near you right now. New ones appear here as farms accept orders.</Trans>
            </EmptyBox>}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" role="list" aria-label={t`Open tasks`}>
            {open.data?.items.map((task) => (
              <div role="listitem" key={task.id}>
                <OpenTaskCard
                  task={task}
                  canClaim={!atLimit}
                  onClaimFailed={(message) => {
                    setClaimError(message);
                    if (!message) setTab('mine');
                  }}
                />
              </div>
            ))}
          </SimpleGrid>
        </Stack>
      </Tabs.Panel>

      <Tabs.Panel value="mine">
        <Stack gap="md">
          {mine.isPending && <Skeleton height={220} radius="lg" role="status" aria-label={t`Loading your tasks`} />}
          {mine.isError && <LoadErrorAlert title={t`Could not load your tasks`} onRetry={() => void mine.refetch()} />}
          {mine.isSuccess && held.length === 0 && <EmptyBox>
              <Trans>You hold no task. Claim one from the open list.</Trans>
            </EmptyBox>}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" role="list" aria-label={t`My tasks`}>
            {held.map((task) => (
              <div role="listitem" key={task.id}>
                <HeldTaskCard task={task} />
              </div>
            ))}
          </SimpleGrid>
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}

/** /logistics-tasks: open delivery tasks near the agent (live), and the tasks the agent holds with their next step. */
export function LogisticsTasksPage({ route }: PageProps) {
  const { t } = useLingui();
  return (
    <Container size="lg" px={{ base: 'md', sm: 'lg' }} py={{ base: 'lg', sm: 32 }}>
      <Group justify="space-between" mb="md">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {route.title}
        </Title>
      </Group>
      <AgentGate what={t`Logistics tasks`}>
        <TaskLists />
      </AgentGate>
    </Container>
  );
}
