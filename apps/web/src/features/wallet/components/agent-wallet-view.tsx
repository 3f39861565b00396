import { Anchor, Grid, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { Link } from 'react-router';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney } from '../../../lib/format';
import type { TGetAgentWalletResponse } from '@pulse/contract/agents';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useAgentWallet } from '../../../lib/agent-wallet-api';
import { EarnerBalanceCards } from './seller-balance-cards';
import { EarningsChart } from './earnings-chart';
import { PayoutForm } from './payout-form';
import { PayoutList } from './payout-list';
import { WalletHistory } from './wallet-history';

/** The agent's earnings: delivery fees in escrow until the order completes, then available to pay out. */
export function AgentWalletView() {
  const { t } = useLingui();
  const wallet = useAgentWallet(true);
  const data = wallet.data;
  const money = (minor: number | undefined) => (data && minor !== undefined ? formatMoney(minor, data.currency) : null);

  return (
    <>
      <Text size="sm" c="dimmed" mb="lg">
        <Trans>
          Each delivery's fee is held in escrow when you deliver and becomes available when the buyer's order completes; referral earnings become available when the orders of the people you referred complete. Pay out to your payout details at any time.
        </Trans>
      </Text>
      {wallet.isError && !data ? (
        <LoadErrorAlert title={t`Could not load your earnings`} onRetry={() => void wallet.refetch()} />
      ) : (
        <AgentWalletBody data={data} money={money} />
      )}
    </>
  );
}

function AgentWalletBody({ data, money }: { data: TGetAgentWalletResponse | undefined; money: (minor: number | undefined) => string | null }) {
  const { t } = useLingui();
  return (
    <>
      <EarnerBalanceCards
        available={money(data?.availableMinor)}
        escrow={money(data?.escrowMinor)}
        escrowHint={t`Delivered, waiting for completion`}
        paidOut={money(data?.paidOutMinor)}
        testIds={{ available: 'agent-available', escrow: 'agent-escrow', paidOut: 'agent-paid-out' }}
      />
      {data && (data.referralEarnedMinor > 0 || data.referralPendingMinor > 0) && (
        <ReferralEarningsLine earned={money(data.referralEarnedMinor)} pending={money(data.referralPendingMinor)} />
      )}
      <Grid gap="lg" mt="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="agent-payout-heading">
              <Title order={2} fz="lg" id="agent-payout-heading" mb="sm">
                <Trans>Request a payout</Trans>
              </Title>
              {data ? <PayoutForm wallet={data} source="agent" /> : <Skeleton height={120} radius="md" />}
            </Paper>
            <PayoutList />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            {data ? <EarningsChart series={data.series} currency={data.currency} /> : <Skeleton height={260} radius="lg" />}
            <WalletHistory currency={data?.currency ?? 'USD'} emptyText={msg`Delivery fees, referral earnings and payouts will be listed here.`} />
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}

/** Referral earnings (issue 13): the earned part is already in the available balance; pending waits for orders to complete. */
function ReferralEarningsLine({ earned, pending }: { earned: string | null; pending: string | null }) {
  return (
    <Paper withBorder radius="lg" p="sm" mt="sm" data-testid="agent-wallet-referrals">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon variant="light" color="orange" radius="xl" size={28} aria-hidden>
            <IconShare size={16} />
          </ThemeIcon>
          <Text size="sm">
            <Trans>
              Referral earnings: <b>{earned}</b> earned (part of Available) · {pending} pending
            </Trans>
          </Text>
        </Group>
        <Anchor component={Link} to="/agent-referrals" size="sm" fw={600}>
          <Trans>Open referrals</Trans>
        </Anchor>
      </Group>
    </Paper>
  );
}
