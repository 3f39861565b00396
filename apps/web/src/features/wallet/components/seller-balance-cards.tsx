import type { ReactNode } from 'react';
import { Grid, Group, Paper, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingBank, IconHourglass, IconWallet } from '@tabler/icons-react';
import { formatMoney } from '@pulse/contract/money';
import type { TSellerWalletResponse } from '@pulse/contract/wallet';
import classes from './wallet.module.css';

function Card({ label, hint, value, icon, testId }: { label: string; hint: string; value: string | null; icon: ReactNode; testId: string }) {
  return (
    <Paper withBorder radius="lg" p="md" h="100%">
      <Group gap="xs" mb={6} wrap="nowrap">
        {icon}
        <Text size="sm" fw={600} c="dimmed">
          {label}
        </Text>
      </Group>
      {value === null ? (
        <Skeleton height={30} width="60%" />
      ) : (
        <Text fz={{ base: 24, sm: 28 }} fw={800} className={classes.amount} data-testid={testId}>
          {value}
        </Text>
      )}
      <Text size="xs" c="dimmed" mt={4}>
        {hint}
      </Text>
    </Paper>
  );
}

/** The farm's money: ready to pay out, still held for open orders, and already paid out. */
export function SellerBalanceCards({ wallet }: { wallet: TSellerWalletResponse | undefined }) {
  const money = (minor: number | undefined) => (wallet && minor !== undefined ? formatMoney(minor, wallet.currency) : null);
  const pendingCount = wallet?.pendingOrderCount ?? 0;
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <Card
          label="Available"
          hint="Yours to pay out now"
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
        <Card
          label="In escrow"
          hint={wallet ? `${pendingCount} open ${pendingCount === 1 ? 'order' : 'orders'}, yours once received` : 'Open orders'}
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
        <Card
          label="Paid out"
          hint="Sent to you so far"
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
