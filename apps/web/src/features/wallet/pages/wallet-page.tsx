import { Container, Tabs, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { useSearchParams } from 'react-router';
import type { PageProps } from '../../../app/route-types';
import { useAuth } from '../../../lib/auth/use-auth';
import { AgentWalletView } from '../components/agent-wallet-view';
import { BuyerWalletView } from '../components/buyer-wallet-view';
import { SellerWalletView } from '../components/seller-wallet-view';
import { readTopUpReturn } from '../utils/top-up-return';

/**
 * /wallet: the farm's earnings and payouts in seller mode; in buyer mode the buyer's balance and
 * top-ups, and for a Pulse Agent its delivery earnings first (a tab each).
 */
export function WalletPage({ route }: PageProps) {
  const { mode, user } = useAuth();
  const isAgent = user?.roles.includes('agent') ?? false;
  // Back from the payment provider's page: the buying balance is where the top-up is confirmed.
  const [params] = useSearchParams();
  const returningFromTopUp = readTopUpReturn(params) !== null;
  let body: React.ReactNode;
  if (mode === 'seller') body = <SellerWalletView />;
  else if (isAgent)
    body = (
      <Tabs defaultValue={returningFromTopUp ? 'buyer' : 'agent'} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="agent">
            <Trans>Agent earnings</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="buyer">
            <Trans>Buying balance</Trans>
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="agent">
          <AgentWalletView />
        </Tabs.Panel>
        <Tabs.Panel value="buyer">
          <BuyerWalletView />
        </Tabs.Panel>
      </Tabs>
    );
  else body = <BuyerWalletView />;
  return (
    <Container size="lg" px={{ base: 'md', sm: 'lg' }} py={{ base: 'lg', sm: 32 }}>
      <Title order={1} fz={{ base: 26, sm: 32 }} mb={4}>
        {route.title}
      </Title>
      {body}
    </Container>
  );
}
