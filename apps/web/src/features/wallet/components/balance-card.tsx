import type { ReactNode } from 'react';
import { Group, Paper, Skeleton, Text } from '@mantine/core';
import classes from './wallet.module.css';

interface BalanceCardProps {
  label: string;
  hint: string;
  /** The formatted amount; null while the wallet loads. */
  value: string | null;
  icon: ReactNode;
  testId: string;
  /** Smaller amount, for three cards in a row (seller mode). */
  compact?: boolean;
}

/** One balance of a wallet: label with icon, the amount, a short hint. */
export function BalanceCard({ label, hint, value, icon, testId, compact = false }: BalanceCardProps) {
  return (
    <Paper withBorder radius="lg" p="md" h="100%" className={classes.balanceCard}>
      <Group gap="xs" mb={6} wrap="nowrap">
        {icon}
        <Text size="sm" fw={600} c="dimmed">
          {label}
        </Text>
      </Group>
      {value === null ? (
        <Skeleton height={30} width="60%" />
      ) : (
        <Text fw={800} className={`${classes.amount} ${compact ? classes.amountCompact : classes.amountLarge}`} data-testid={testId}>
          {value}
        </Text>
      )}
      <Text size="xs" c="dimmed" mt={4}>
        {hint}
      </Text>
    </Paper>
  );
}
