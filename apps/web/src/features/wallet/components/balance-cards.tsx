import { SimpleGrid, ThemeIcon } from '@mantine/core';
import { IconLock, IconWallet } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { formatMoney } from '../../../lib/format';
import type { TWalletResponse } from '@pulse/contract/wallet';
import { BalanceCard } from './balance-card';

/** Available to spend, and held in escrow for orders not yet received. */
export function BalanceCards({ wallet }: { wallet: TWalletResponse | undefined }) {
  const { t } = useLingui();
  return (
    <SimpleGrid cols={2} spacing="sm">
      <BalanceCard
        label={t`Available`}
        hint={t`Ready to pay for orders`}
        value={wallet ? formatMoney(wallet.availableMinor, wallet.currency) : null}
        testId="wallet-available"
        icon={
          <ThemeIcon variant="light" radius="xl" size={28} aria-hidden>
            <IconWallet size={16} />
          </ThemeIcon>
        }
      />
      <BalanceCard
        label={t`In escrow`}
        hint={t`Held until you receive your orders`}
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
