import { Grid, ThemeIcon } from '@mantine/core';
import { IconBuildingBank, IconHourglass, IconWallet } from '@tabler/icons-react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { formatMoney } from '../../../lib/format';
import type { TSellerWalletResponse } from '@pulse/contract/wallet';
import { BalanceCard } from './balance-card';

/** The three balances of a person who earns (a farm, an agent): ready to pay out, held in escrow, paid out. */
export function EarnerBalanceCards({
  available,
  escrow,
  escrowHint,
  paidOut,
  testIds,
}: {
  available: string | null;
  escrow: string | null;
  escrowHint: string;
  paidOut: string | null;
  testIds: { available: string; escrow: string; paidOut: string };
}) {
  const { t } = useLingui();
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <BalanceCard
          compact
          label={t`Available`}
          hint={t`Yours to pay out now`}
          value={available}
          testId={testIds.available}
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
          hint={escrowHint}
          value={escrow}
          testId={testIds.escrow}
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
          value={paidOut}
          testId={testIds.paidOut}
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

/** The farm's money: ready to pay out, still held for open orders, and already paid out. */
export function SellerBalanceCards({ wallet }: { wallet: TSellerWalletResponse | undefined }) {
  const money = (minor: number | undefined) => (wallet && minor !== undefined ? formatMoney(minor, wallet.currency) : null);
  const pendingCount = wallet?.pendingOrderCount ?? 0;
  const { t } = useLingui();
  return (
    <EarnerBalanceCards
      available={money(wallet?.availableMinor)}
      escrow={money(wallet?.pendingMinor)}
      escrowHint={wallet ? t`${plural(pendingCount, { one: '# open order, yours once received', other: '# open orders, yours once received' })}` : t`Open orders`}
      paidOut={money(wallet?.paidOutMinor)}
      testIds={{ available: 'seller-available', escrow: 'seller-pending', paidOut: 'seller-paid-out' }}
    />
  );
}
