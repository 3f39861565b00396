import { Group, Paper, Skeleton, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconWallet } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { formatMoney } from '../../../lib/format';
import { useWallet } from '../../../lib/wallet-api';

/**
 * The buyer's wallet on their dashboard: what is available to pay with and what is held for orders
 * on their way; the whole card opens /wallet (top-ups, history).
 */
export function WalletSummaryCard() {
  const wallet = useWallet();
  const data = wallet.data;
  return (
    <Paper withBorder radius="lg" mb="lg">
      <UnstyledButton component={Link} to="/wallet" p="md" w="100%" data-testid="dashboard-wallet-card">
        <Group wrap="nowrap" gap="md">
          <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
            <IconWallet size={24} stroke={1.7} />
          </ThemeIcon>
          <div style={{ flex: 1, minWidth: 0 }}>
            <Text size="sm" fw={600} c="dimmed">
              <Trans>Wallet balance</Trans>
            </Text>
            {data ? (
              <Text fz={24} fw={800} lh={1.2} data-testid="dashboard-wallet-available">
                {formatMoney(data.availableMinor, data.currency)}
              </Text>
            ) : wallet.isError ? (
              <Text size="sm">
                <Trans>Open your wallet to see your balance</Trans>
              </Text>
            ) : (
              <Skeleton height={28} width={120} mt={2} />
            )}
            {data && data.escrowMinor > 0 && <HeldLine held={formatMoney(data.escrowMinor, data.currency)} />}
          </div>
          <Group gap={4} wrap="nowrap" c="var(--mantine-primary-color-light-color)">
            <Text size="sm" fw={600} visibleFrom="xs">
              <Trans>Top up and history</Trans>
            </Text>
            <IconChevronRight size={20} aria-hidden />
          </Group>
        </Group>
      </UnstyledButton>
    </Paper>
  );
}

function HeldLine({ held }: { held: string }) {
  return (
    <Text size="xs" c="dimmed">
      <Trans>{held} held for orders on their way</Trans>
    </Text>
  );
}
