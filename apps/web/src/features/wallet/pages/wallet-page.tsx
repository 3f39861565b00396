import { Container, Title } from '@mantine/core';
import type { PageProps } from '../../../app/route-types';
import { useAuth } from '../../../lib/auth/use-auth';
import { BuyerWalletView } from '../components/buyer-wallet-view';
import { SellerWalletView } from '../components/seller-wallet-view';

/** /wallet: the farm's earnings and payouts in seller mode, the buyer's balance and top-ups in buyer mode. */
export function WalletPage({ route }: PageProps) {
  const { mode } = useAuth();
  return (
    <Container size="lg" px={{ base: 'md', sm: 'lg' }} py={{ base: 'lg', sm: 32 }}>
      <Title order={1} fz={{ base: 26, sm: 32 }} mb={4}>
        {route.title}
      </Title>
      {mode === 'seller' ? <SellerWalletView /> : <BuyerWalletView />}
    </Container>
  );
}
