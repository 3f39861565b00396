import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowDownLeft, IconArrowUpRight, IconLock, IconReceipt } from '@tabler/icons-react';
import { Link } from 'react-router';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TWalletEntry } from '@pulse/contract/wallet';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useWalletHistory } from '../api/get-wallet-history';
import { describeWalletEntry, WALLET_KIND_LABELS, type EntryTone } from '../utils/wallet-entry';
import classes from './wallet.module.css';
import { formatDateTimeWithYear } from '../../../lib/format';

const TONES: Readonly<Record<EntryTone, { color: string; Icon: typeof IconArrowDownLeft }>> = {
  in: { color: 'green', Icon: IconArrowDownLeft },
  out: { color: 'red', Icon: IconArrowUpRight },
  held: { color: 'gray', Icon: IconLock },
};

function WalletEntryRow({ entry, currency }: { entry: TWalletEntry; currency: string }) {
  const { i18n } = useLingui();
  const { amount, tone, detail } = describeWalletEntry(entry, currency, i18n);
  const { color, Icon } = TONES[tone];
  return (
    <li className={classes.entry} data-testid="wallet-entry">
      <ThemeIcon variant="light" color={color} radius="xl" size={36} aria-hidden>
        <Icon size={18} />
      </ThemeIcon>
      <div className={classes.entryText}>
        <Text size="sm" fw={600}>
          {i18n._(WALLET_KIND_LABELS[entry.kind])}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          <time dateTime={entry.createdAt}>{formatDateTimeWithYear(entry.createdAt)}</time>
          {entry.memo && ` · ${entry.memo}`}
        </Text>
        {entry.kind === 'referral_earning' ? (
          // The order is the referred person's, not the agent's: the referrals page tells its story.
          <Anchor component={Link} to="/agent-referrals" size="xs">
            <Trans>View referrals</Trans>
          </Anchor>
        ) : (
          entry.orderId && (
            <Anchor component={Link} to={`/order/${entry.orderId}`} size="xs">
              <Trans>View order</Trans>
            </Anchor>
          )
        )}
      </div>
      <div className={classes.entryAmount}>
        <Text fw={700} c={tone === 'in' ? 'green.8' : tone === 'out' ? 'red.8' : 'dimmed'}>
          {amount}
        </Text>
        {detail && (
          <Text size="xs" c="dimmed">
            {detail}
          </Text>
        )}
      </div>
    </li>
  );
}

const DEFAULT_EMPTY_TEXT = msg`Top-ups, payments and refunds will be listed here.`;

/** Every movement of the wallet, newest first. `emptyText` is rendered with i18n._(). */
export function WalletHistory({ currency, emptyText = DEFAULT_EMPTY_TEXT }: { currency: string; emptyText?: MessageDescriptor }) {
  const { t, i18n } = useLingui();
  const history = useWalletHistory();
  const entries = history.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Paper withBorder radius="lg" component="section" aria-labelledby="wallet-history-heading">
      <Group px="md" pt="md" pb="xs">
        <Text component="h2" fw={700} size="lg" id="wallet-history-heading">
          <Trans>History</Trans>
        </Text>
      </Group>
      {history.isPending && (
        <Stack gap="sm" p="md" role="status" aria-label={t`Loading history`}>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height={40} radius="md" />
          ))}
        </Stack>
      )}
      {history.isError && (
        <div style={{ padding: 'var(--mantine-spacing-md)' }}>
          <LoadErrorAlert title={t`Could not load your wallet history`} onRetry={() => void history.refetch()} />
        </div>
      )}
      {history.isSuccess && entries.length === 0 && (
        <Stack align="center" gap={6} p="xl" ta="center">
          <ThemeIcon variant="light" radius="xl" size={48} aria-hidden>
            <IconReceipt size={24} />
          </ThemeIcon>
          <Text fw={600}>
            <Trans>No movements yet</Trans>
          </Text>
          <Text size="sm" c="dimmed" maw={320}>
            {i18n._(emptyText)}
          </Text>
        </Stack>
      )}
      {entries.length > 0 && (
        <ul className={classes.history} aria-label={t`Wallet history`}>
          {entries.map((entry) => (
            <WalletEntryRow key={entry.id} entry={entry} currency={currency} />
          ))}
        </ul>
      )}
      {history.hasNextPage && (
        <Group justify="center" p="md">
          <Button variant="default" onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
            <Trans>Load more</Trans>
          </Button>
        </Group>
      )}
    </Paper>
  );
}
