import { Grid, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { SellerOnlyNotice } from '../../../components/seller-only-notice';
import { isSellerAccessDenied } from '../../../lib/seller-access';
import { useSellerWallet } from '../api/get-seller-wallet';
import { EarningsChart } from './earnings-chart';
import { PayoutForm } from './payout-form';
import { PayoutList } from './payout-list';
import { SellerBalanceCards } from './seller-balance-cards';
import { StatementsAndExports } from './statements-and-exports';
import { WalletHistory } from './wallet-history';
import { formatNumber } from '../../../lib/format';

/** The farm's wallet in seller mode: balances, payouts, the chart and every movement. */
export function SellerWalletView() {
  const { t } = useLingui();
  const wallet = useSellerWallet(true);
  if (wallet.isError && isSellerAccessDenied(wallet.error)) return <SellerOnlyNotice what={t`Earnings and payouts`} />;
  const data = wallet.data;
  const commission = data ? `${formatNumber(data.commissionBps / 100, 2)}%` : null;

  return (
    <>
      <Text size="sm" c="dimmed" mb="lg">
        {commission ? (
          <Trans>
            Earnings become available when buyers receive their orders, less {commission} commission. In escrow is what open orders will bring in. Pay out to
            your payout details at any time.
          </Trans>
        ) : (
          <Trans>Earnings become available when buyers receive their orders. In escrow is what open orders will bring in. Pay out to your payout details at any time.</Trans>
        )}
      </Text>
      {wallet.isError && !data && <LoadErrorAlert title={t`Could not load your wallet`} onRetry={() => void wallet.refetch()} />}
      <SellerBalanceCards wallet={data} />
      <Grid gap="lg" mt="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="payout-heading">
              <Title order={2} fz="lg" id="payout-heading" mb="sm">
                <Trans>Request a payout</Trans>
              </Title>
              {data ? <PayoutForm wallet={data} /> : <Skeleton height={120} radius="md" />}
            </Paper>
            <PayoutList />
            <StatementsAndExports />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            {data ? <EarningsChart series={data.series} currency={data.currency} /> : <Skeleton height={260} radius="lg" />}
            <WalletHistory currency={data?.currency ?? 'USD'} emptyText={msg`Released earnings, refunds and payouts will be listed here.`} />
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
