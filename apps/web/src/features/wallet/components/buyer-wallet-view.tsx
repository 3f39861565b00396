import { Grid, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useWallet } from '../../../lib/wallet-api';
import { BalanceCards } from './balance-cards';
import { TopUpSection } from './top-up-section';
import { WalletHistory } from './wallet-history';

/** The buyer's wallet: balances, a top-up through the payment provider, and the history. */
export function BuyerWalletView() {
  const { t } = useLingui();
  const wallet = useWallet();
  const currency = wallet.data?.currency ?? 'USD';
  return (
    <>
      <Text size="sm" c="dimmed" mb="lg">
        <Trans>Pay for orders from your balance. Money for an order is held in escrow until you receive it.</Trans>
      </Text>
      {wallet.isError && <LoadErrorAlert title={t`Could not load your wallet`} onRetry={() => void wallet.refetch()} />}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <BalanceCards wallet={wallet.data} />
            <TopUpSection wallet={wallet.data} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <WalletHistory currency={currency} />
        </Grid.Col>
      </Grid>
    </>
  );
}
