import { SimpleGrid, ThemeIcon } from '@mantine/core';
import { IconLock, IconWallet } from '@tabler/icons-react';
import { formatMoney } from '../../../lib/format';
import type { TWalletResponse } from '@pulse/contract/wallet';
import { BalanceCard } from './balance-card';

/** Available to spend, and held in escrow for orders not yet received. */
export function BalanceCards({ wallet }: { wallet: TWalletResponse | undefined }) {
  return (
    <SimpleGrid cols={2} spacing="sm">
      <BalanceCard
        label="Available"
        hint="Ready to pay for orders"
        value={wallet ? formatMoney(wallet.availableMinor, wallet.currency) : null}
        testId="wallet-available"
        icon={
          <ThemeIcon variant="light" radius="xl" size={28} aria-hidden>
            <IconWallet size={16} />
          </ThemeIcon>
        }
      />
      <BalanceCard
        label="In escrow"
        hint="Held until you receive your orders"
        value={wallet ? formatMoney(wallet.escrowMinor, wallet.currency) : null}
        testId="wallet-escrow"
        icon={
          <ThemeIcon variant="light" color="gray" radius="xl" size={28} aria-hidden>
            <IconLock size={16} />
          </ThemeIcon>
        }
      />
    </SimpleGrid>
  );
}
