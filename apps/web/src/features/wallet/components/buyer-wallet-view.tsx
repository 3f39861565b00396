import { Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { TopUpForm } from '../../../components/top-up-form';
import { useWallet } from '../../../lib/wallet-api';
import { BalanceCards } from './balance-cards';
import { WalletHistory } from './wallet-history';

/** The buyer's wallet: balances, a top-up through the payment provider, and the history. */
export function BuyerWalletView() {
  const wallet = useWallet();
  const currency = wallet.data?.currency ?? 'USD';
  return (
    <>
      <Text size="sm" c="dimmed" mb="lg">
        Pay for orders from your balance. Money for an order is held in escrow until you receive it.
      </Text>
      {wallet.isError && <LoadErrorAlert title="Could not load your wallet" onRetry={() => void wallet.refetch()} />}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <BalanceCards wallet={wallet.data} />
            <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="top-up-heading">
              <Title order={2} fz="lg" id="top-up-heading" mb="sm">
                Top up
              </Title>
              {wallet.data ? <TopUpForm currency={currency} /> : <Text c="dimmed">Loading…</Text>}
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <WalletHistory currency={currency} />
        </Grid.Col>
      </Grid>
    </>
  );
}
