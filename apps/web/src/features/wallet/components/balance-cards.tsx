import type { ReactNode } from 'react';
import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconLock, IconWallet } from '@tabler/icons-react';
import { formatMoney } from '@pulse/contract/money';
import type { TWalletResponse } from '@pulse/contract/wallet';
import classes from './wallet.module.css';

function BalanceCard({ label, hint, value, icon, testId }: { label: string; hint: string; value: string | null; icon: ReactNode; testId: string }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Group gap="xs" mb={6} wrap="nowrap">
        {icon}
        <Text size="sm" fw={600} c="dimmed">
          {label}
        </Text>
      </Group>
      {value === null ? (
        <Skeleton height={30} width="60%" />
      ) : (
        <Text fz={{ base: 26, sm: 30 }} fw={800} className={classes.amount} data-testid={testId}>
          {value}
        </Text>
      )}
      <Text size="xs" c="dimmed" mt={4}>
        {hint}
      </Text>
    </Paper>
  );
}

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
