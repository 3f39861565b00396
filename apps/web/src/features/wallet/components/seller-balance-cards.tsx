import { Grid, ThemeIcon } from '@mantine/core';
import { IconBuildingBank, IconHourglass, IconWallet } from '@tabler/icons-react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { formatMoney } from '../../../lib/format';
import type { TSellerWalletResponse } from '@pulse/contract/wallet';
import { BalanceCard } from './balance-card';

/** The farm's money: ready to pay out, still held for open orders, and already paid out. */
export function SellerBalanceCards({ wallet }: { wallet: TSellerWalletResponse | undefined }) {
  const money = (minor: number | undefined) => (wallet && minor !== undefined ? formatMoney(minor, wallet.currency) : null);
  const pendingCount = wallet?.pendingOrderCount ?? 0;
  const { t } = useLingui();
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <BalanceCard
          compact
          label={t`Available`}
          hint={t`Yours to pay out now`}
          value={money(wallet?.availableMinor)}
          testId="seller-available"
          icon={
            <ThemeIcon variant="light" radius="xl" size={28} aria-hidden>
              <IconWallet size={16} />
            </ThemeIcon>
          }
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 4 }}>
        <BalanceCard
          compact
          label={t`In escrow`}
          hint={wallet ? t`${plural(pendingCount, { one: '# open order, yours once received', other: '# open orders, yours once received' })}` : t`Open orders`}
          value={money(wallet?.pendingMinor)}
          testId="seller-pending"
          icon={
            <ThemeIcon variant="light" color="gray" radius="xl" size={28} aria-hidden>
              <IconHourglass size={16} />
            </ThemeIcon>
          }
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 4 }}>
        <BalanceCard
          compact
          label={t`Paid out`}
          hint={t`Sent to you so far`}
          value={money(wallet?.paidOutMinor)}
          testId="seller-paid-out"
          icon={
            <ThemeIcon variant="light" color="teal" radius="xl" size={28} aria-hidden>
              <IconBuildingBank size={16} />
            </ThemeIcon>
          }
        />
      </Grid.Col>
    </Grid>
  );
}
