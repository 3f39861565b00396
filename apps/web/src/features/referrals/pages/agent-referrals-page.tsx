import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { Button, Container, Grid, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconChartBar, IconShare, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/format';
import { REFERRAL_NOT_REFERRAL_AGENT_MESSAGE, type TReferralSummary } from '@pulse/contract/referrals';
import type { PageProps } from '../../../app/route-types';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { AgentGate } from '../../../components/agents/agent-gate';
import { isNotReferralAgentError, useReferralSummary } from '../../../lib/referrals/referrals-api';
import { ReferralFunnel } from '../components/referral-funnel';
import { ReferralEarningsList, ReferredPeopleList } from '../components/referral-lists';
import { ShareCard } from '../components/share-card';
import { hasEarnings, referralRulesLine, shareLink } from '../utils/referral-display';

// The charts library comes with its own chunk, after the figures.
// The agents' earnings chart, in its own chunk with the charts library.
const AgentEarningsChart = lazy(() => import('../../../components/agents/earnings-chart').then((module) => ({ default: module.AgentEarningsChart })));

/** An approved agent without referrals (kind delivery): what referrals are and where to read more. */
export function NotReferralAgentNotice() {
  const { t } = useLingui();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-label={t`Referrals`} data-testid="not-referral-agent">
      <Group align="flex-start" gap="md" wrap="nowrap">
        <ThemeIcon size={56} radius={28} variant="light" aria-hidden style={{ flexShrink: 0 }}>
          <IconUserPlus size={30} stroke={1.6} />
        </ThemeIcon>
        <Stack gap="sm" style={{ minWidth: 0 }}>
          <Title order={2} fz={{ base: 20, sm: 24 }}>
            <Trans>Referrals are for referral agents</Trans>
          </Title>
          <Text size="sm">{REFERRAL_NOT_REFERRAL_AGENT_MESSAGE}</Text>
          <Text size="sm" c="dimmed">
            <Trans>
              Referral agents have their own code and link, bring new buyers and farms to Pulse Market and earn a share of our commission on their
              orders.
            </Trans>
          </Text>
          <Group gap="xs">
            <Button component={Link} to="/pulse-agents">
              <Trans>About the programme</Trans>
            </Button>
            <Button component={Link} to="/agent-dashboard" variant="subtle">
              <Trans>Agent dashboard</Trans>
            </Button>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

function EarningsChartCard({ summary }: { summary: TReferralSummary }) {
  const { t } = useLingui();
  const today = formatMoney(summary.todayMinor, summary.currency);
  const month = formatMoney(summary.monthMinor, summary.currency);
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="referral-chart-heading">
      <Group justify="space-between" mb="xs" align="flex-start">
        <div>
          <Title order={2} fz="lg" id="referral-chart-heading">
            <Trans>Last 30 days</Trans>
          </Title>
          <Text size="xs" c="dimmed">
            <Trans>
              Today {today} · this month {month}
            </Trans>
          </Text>
        </div>
        <Button component={Link} to="/wallet" variant="subtle" size="xs" rightSection={<IconArrowRight size={14} aria-hidden />}>
          <Trans>Wallet</Trans>
        </Button>
      </Group>
      {hasEarnings(summary.series) ? (
        <Suspense fallback={<Skeleton height={180} radius="md" />}>
          <AgentEarningsChart days={summary.series} currency={summary.currency} label={t`Referral earnings per day, last 30 days`} />
        </Suspense>
      ) : (
        <Stack align="center" justify="center" gap={6} h={180} ta="center">
          <ThemeIcon variant="light" radius="xl" size={40} aria-hidden>
            <IconChartBar size={20} />
          </ThemeIcon>
          <Text size="sm" c="dimmed" maw={300}>
            <Trans>Nothing earned in the last 30 days. Each completed order of the people you referred adds a bar here.</Trans>
          </Text>
        </Stack>
      )}
    </Paper>
  );
}

function LoadingReferrals() {
  const { t } = useLingui();
  return (
    <Stack gap="lg" role="status" aria-label={t`Loading your referrals`}>
      <Skeleton height={260} radius="lg" />
      <Grid gap="sm">
        {[0, 1, 2, 3].map((index) => (
          <Grid.Col key={index} span={{ base: 6, md: 3 }}>
            <Skeleton height={96} radius="lg" />
          </Grid.Col>
        ))}
      </Grid>
    </Stack>
  );
}

function Referrals() {
  const { i18n, t } = useLingui();
  const summary = useReferralSummary(true);

  if (summary.isPending) return <LoadingReferrals />;
  if (summary.isError) {
    if (isNotReferralAgentError(summary.error)) return <NotReferralAgentNotice />;
    return <LoadErrorAlert title={t`Could not load your referrals`} onRetry={() => void summary.refetch()} />;
  }

  const data = summary.data;
  const link = shareLink(window.location.origin, data.sharePath);
  const scrollToShare = (
    <Button
      variant="light"
      size="xs"
      mt={4}
      leftSection={<IconShare size={14} aria-hidden />}
      onClick={() => document.getElementById('referral-code-heading')?.scrollIntoView({ behavior: 'smooth', block: 'center' })}
    >
      <Trans>Share your link</Trans>
    </Button>
  );

  return (
    <Stack gap="lg">
      <ShareCard code={data.code} link={link} rules={referralRulesLine(i18n, data)} />
      <ReferralFunnel summary={data} />
      <EarningsChartCard summary={data} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ReferredPeopleList currency={data.currency} shareAction={scrollToShare} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ReferralEarningsList currency={data.currency} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** /agent-referrals: the referral agent's code, link and QR code, the funnel, earnings and the people they brought. */
export function AgentReferralsPage({ route }: PageProps) {
  const { t } = useLingui();
  return (
    <Container size="lg" px={{ base: 'md', sm: 'lg' }} py={{ base: 'lg', sm: 32 }}>
      <Title order={1} fz={{ base: 26, sm: 32 }} mb="md">
        {route.title}
      </Title>
      <AgentGate what={t`Referrals`}>
        <Referrals />
      </AgentGate>
    </Container>
  );
}
