import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconShare } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatMoney, formatNumber } from '../../lib/format';
import type { TAgentKind } from '@pulse/contract/agents';
import { LoadErrorAlert } from '../load-error-alert';
import { isNotReferralAgentError, useReferralSummary } from '../../lib/referrals/referrals-api';

function Figure({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={20} fw={800} data-testid={testId}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </div>
  );
}

function Frame({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="referral-heading" data-testid="dashboard-referrals">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <IconShare size={18} aria-hidden />
          <Title order={2} fz="lg" id="referral-heading">
            <Trans>Referrals</Trans>
          </Title>
        </Group>
        {action}
      </Group>
      {children}
    </Paper>
  );
}

/** Delivery agents: an invitation, never an error. */
function Invitation() {
  return (
    <Frame>
      <Stack gap="xs" align="flex-start">
        <Text size="sm" c="dimmed">
          <Trans>
            Referral agents bring new buyers and farms with their own code and earn a share of our commission on their orders. Referrals are not part of
            your agent account yet.
          </Trans>
        </Text>
        <Button component={Link} to="/pulse-agents" variant="light" size="xs" rightSection={<IconArrowRight size={14} aria-hidden />}>
          <Trans>About referrals</Trans>
        </Button>
      </Stack>
    </Frame>
  );
}

function Figures() {
  const { t } = useLingui();
  const summary = useReferralSummary(true);
  if (summary.isError && isNotReferralAgentError(summary.error)) return <Invitation />;
  const open = (
    <Button component={Link} to="/agent-referrals" variant="subtle" size="xs" rightSection={<IconArrowRight size={14} aria-hidden />}>
      <Trans>Open referrals</Trans>
    </Button>
  );
  if (summary.isError) {
    return (
      <Frame action={open}>
        <LoadErrorAlert title={t`Could not load your referrals`} onRetry={() => void summary.refetch()} />
      </Frame>
    );
  }
  const data = summary.data;
  const farms = data?.funnel.farms ?? 0;
  return (
    <Frame action={open}>
      {data ? (
        <Stack gap="sm">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              <Trans>Your code</Trans>
            </Text>
            <Text fz={28} fw={800} ff="monospace" style={{ letterSpacing: '0.06em' }} data-testid="dashboard-referral-code">
              {data.code}
            </Text>
          </div>
          <SimpleGrid cols={3} spacing="sm">
            <Figure
              label={t`Sign-ups`}
              value={formatNumber(data.funnel.signUps, 0)}
              hint={farms > 0 ? t`+ ${plural(farms, { one: '# farm', other: '# farms' })}` : undefined}
              testId="dashboard-referral-signups"
            />
            <Figure label={t`Earned`} value={formatMoney(data.earnedMinor, data.currency)} testId="dashboard-referral-earned" />
            <Figure label={t`Pending`} value={formatMoney(data.pendingMinor, data.currency)} testId="dashboard-referral-pending" />
          </SimpleGrid>
        </Stack>
      ) : (
        <Skeleton height={110} radius="md" />
      )}
    </Frame>
  );
}

/**
 * The agent dashboard's referral block: code, sign-ups, earned and pending for referral agents; an
 * invitation for delivery agents. Without the application's kind the server decides (403 = invitation).
 */
export function DashboardReferralBlock({ kind, loading }: { kind: TAgentKind | undefined; loading: boolean }) {
  if (loading) {
    return (
      <Frame>
        <Skeleton height={110} radius="md" />
      </Frame>
    );
  }
  return kind === 'delivery' ? <Invitation /> : <Figures />;
}
