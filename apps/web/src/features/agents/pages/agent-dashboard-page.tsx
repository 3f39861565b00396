import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { Button, Container, Grid, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatMoney, formatNumber } from '../../../lib/format';
import { deliveryTaskStatusLabels } from '@pulse/contract/delivery';
import type { PageProps } from '../../../app/route-types';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useAgentWallet } from '../../../lib/agent-wallet-api';
import { useAuth } from '../../../lib/auth/use-auth';
import { useMyAgentApplication } from '../../../lib/agents/agent-application-api';
import { useMyTasks } from '../api/get-my-tasks';
import { AgentGate } from '../../../components/agents/agent-gate';
import { useLiveTaskUpdates } from '../components/use-live-task-updates';
import { DashboardReferralBlock } from '../../../components/referrals/dashboard-referral-block';
import { completionRate, formatFee, nextStepText } from '../utils/task-display';
import { contractText } from '../../../lib/contract-text';

// The charts library comes with its own chunk, after the figures.
const AgentEarningsChart = lazy(() => import('../../../components/agents/earnings-chart').then((module) => ({ default: module.AgentEarningsChart })));

function Figure({ label, value, hint, testId }: { label: string; value: string | null; hint: string; testId: string }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      {value === null ? (
        <Skeleton height={28} width="60%" my={4} />
      ) : (
        <Text fz={24} fw={800} data-testid={testId}>
          {value}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Paper>
  );
}

/** "Claimed · Next: Go to the farm…" */
function TaskStatusLine({ status, next }: { status: string; next: string }) {
  return <Trans>{status} · Next: {next}</Trans>;
}

function ActiveTasks() {
  const { i18n, t } = useLingui();
  const tasks = useMyTasks('active', true);
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="active-tasks-heading">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg" id="active-tasks-heading">
          <Trans>Active tasks</Trans>
        </Title>
        <Button component={Link} to="/logistics-tasks" variant="subtle" size="xs" rightSection={<IconArrowRight size={14} aria-hidden />}>
          <Trans>All tasks</Trans>
        </Button>
      </Group>
      {tasks.isPending && <Skeleton height={80} radius="md" />}
      {tasks.isError && <LoadErrorAlert title={t`Could not load your tasks`} onRetry={() => void tasks.refetch()} />}
      {tasks.isSuccess && tasks.data.items.length === 0 && (
        <Text c="dimmed" size="sm">
          <Trans>No active task. Open tasks near you are on the logistics page.</Trans>
        </Text>
      )}
      <Stack gap="xs">
        {tasks.data?.items.map((task) => (
          <Paper key={task.id} withBorder radius="md" p="sm" component={Link} to="/logistics-tasks" style={{ textDecoration: 'none', color: 'inherit' }} data-testid="dashboard-task">
            <Group justify="space-between" wrap="nowrap">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600} size="sm" truncate>
                  {task.pickup.farmName} → {task.dropOff.city}
                </Text>
                <Text size="xs" c="dimmed">
                  <TaskStatusLine status={contractText(deliveryTaskStatusLabels[task.status])} next={nextStepText(i18n, task)} />
                </Text>
              </Stack>
              <Text fw={700} size="sm">
                {formatFee(task)}
              </Text>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Paper>
  );
}

function Dashboard() {
  const { t } = useLingui();
  useLiveTaskUpdates();
  const { user } = useAuth();
  const wallet = useAgentWallet(true);
  const application = useMyAgentApplication(user?.id ?? null);
  const data = wallet.data;
  const kind = application.data?.kind ?? 'delivery';
  const rate = data ? completionRate(data.deliveredCount, data.endedCount) : null;
  const delivered = data?.deliveredCount ?? 0;
  const rateText = rate === null ? '' : formatNumber(rate, 0);
  const ended = data?.endedCount ?? 0;
  // Without an answer the figures say so instead of loading for ever.
  const money = (minor: number | undefined) => (data && minor !== undefined ? formatMoney(minor, data.currency) : wallet.isError ? '—' : null);

  return (
    <Stack gap="lg">
      {wallet.isError && !data && <LoadErrorAlert title={t`Could not load your earnings`} onRetry={() => void wallet.refetch()} />}
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        <Figure label={t`Today`} value={money(data?.todayMinor)} hint={t`Fees and referrals earned today`} testId="agent-today" />
        <Figure label={t`This month`} value={money(data?.monthMinor)} hint={t`Fees and referrals this month`} testId="agent-month" />
        <Figure label={t`In escrow`} value={money(data?.escrowMinor)} hint={t`Delivered, not yet completed`} testId="agent-dashboard-escrow" />
        <Figure
          label={t`Completion`}
          value={data ? (rate === null ? '—' : t`${rateText}%`) : wallet.isError ? '—' : null}
          hint={data ? t`${delivered} delivered of ${ended} ended` : t`Delivered of ended tasks`}
          testId="agent-completion"
        />
      </SimpleGrid>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="lg">
            {kind !== 'referral' && <ActiveTasks />}
            <DashboardReferralBlock kind={application.data?.kind} loading={application.isPending} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="agent-chart-heading">
            <Group justify="space-between" mb="xs">
              <Title order={2} fz="lg" id="agent-chart-heading">
                <Trans>Last 30 days</Trans>
              </Title>
              <Button component={Link} to="/wallet" variant="subtle" size="xs" rightSection={<IconArrowRight size={14} aria-hidden />}>
                <Trans>Wallet</Trans>
              </Button>
            </Group>
            {wallet.isError && !data ? (
              <Text size="sm" c="dimmed">
                <Trans>The chart shows once your earnings load.</Trans>
              </Text>
            ) : data ? (
              <Suspense fallback={<Skeleton height={180} radius="md" />}>
                <AgentEarningsChart
                  days={data.series.map((day) => ({ date: day.date, earnedMinor: day.releasedMinor }))}
                  currency={data.currency}
                  label={t`Fees and referral earnings per day, last 30 days`}
                />
              </Suspense>
            ) : (
              <Skeleton height={180} radius="md" />
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** /agent-dashboard: active tasks with their next step, earnings today and this month, a chart, the completion rate. */
export function AgentDashboardPage({ route }: PageProps) {
  const { t } = useLingui();
  return (
    <Container size="lg" px={{ base: 'md', sm: 'lg' }} py={{ base: 'lg', sm: 32 }}>
      <Title order={1} fz={{ base: 26, sm: 32 }} mb="md">
        {route.title}
      </Title>
      <AgentGate what={t`The agent dashboard`}>
        <Dashboard />
      </AgentGate>
    </Container>
  );
}
