import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Avatar, Badge, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCoins, IconUsers } from '@tabler/icons-react';
import { formatDate, formatMoney } from '../../../lib/format';
import { referralEarningStatusLabels, referralSideLabels, type TReferralEarning, type TReferredPerson } from '@pulse/contract/referrals';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { resolveMediaUrl } from '../../../lib/media-url';
import { useReferralEarnings, useReferredPeople } from '../../../lib/referrals/referrals-api';
import classes from './referrals.module.css';
import { ATTRIBUTION_STATE_BADGES, EARNING_STATUS_COLORS, personTimeline } from '../utils/referral-display';
import { contractText } from '../../../lib/contract-text';

interface ListFrameProps {
  id: string;
  title: string;
  query: { isPending: boolean; isError: boolean; hasNextPage: boolean; isFetchingNextPage: boolean; refetch: () => unknown; fetchNextPage: () => unknown };
  errorTitle: string;
  /** What the loading skeleton is called ("Loading earnings"). */
  loadingLabel: string;
  empty: ReactNode;
  count: number;
  children: ReactNode;
}

/** A titled card with its loading, error, empty and "Load more" states, like the wallet history. */
function ListFrame({ id, title, query, errorTitle, loadingLabel, empty, count, children }: ListFrameProps) {
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={id}>
      <Title order={2} fz="lg" id={id} mb="sm">
        {title}
      </Title>
      {query.isPending && (
        <Stack gap="sm" role="status" aria-label={loadingLabel}>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height={48} radius="md" />
          ))}
        </Stack>
      )}
      {query.isError && count === 0 && <LoadErrorAlert title={errorTitle} onRetry={() => void query.refetch()} />}
      {!query.isPending && !query.isError && count === 0 && empty}
      {count > 0 && children}
      {query.hasNextPage && (
        <Group justify="center" pt="md">
          <Button variant="default" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            <Trans>Load more</Trans>
          </Button>
        </Group>
      )}
    </Paper>
  );
}

function EmptyList({ icon, title, text, action }: { icon: ReactNode; title: string; text: string; action?: ReactNode }) {
  return (
    <Stack align="center" gap={6} py="lg" ta="center">
      <ThemeIcon variant="light" radius="xl" size={48} aria-hidden>
        {icon}
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      <Text size="sm" c="dimmed" maw={340}>
        {text}
      </Text>
      {action}
    </Stack>
  );
}

function PersonRow({ person, currency }: { person: TReferredPerson; currency: string }) {
  const { i18n, t } = useLingui();
  const state = ATTRIBUTION_STATE_BADGES[person.state];
  const pending = formatMoney(person.pendingMinor, currency);
  const orderCount = person.orderCount;
  return (
    <Group component="li" wrap="nowrap" align="flex-start" gap="sm" py="sm" data-testid="referred-person" aria-label={`@${person.username}`}>
      <Avatar src={person.profilePictureUrl ? resolveMediaUrl(person.profilePictureUrl) : null} alt="" radius="xl" size={40} name={person.username} color="initials" />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="wrap">
          <Text fw={600} size="sm" truncate>
            @{person.username}
          </Text>
          <Badge size="xs" variant="light" color={person.side === 'farm' ? 'green' : 'blue'}>
            {contractText(referralSideLabels[person.side])}
          </Badge>
          <Badge size="xs" variant="outline" color={state.color} data-testid="referred-person-state">
            {i18n._(state.label)}
          </Badge>
        </Group>
        {person.farmName && (
          <Text size="xs" fw={500} truncate>
            {person.farmName}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {personTimeline(i18n, person).join(' · ')}
        </Text>
      </Stack>
      <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
        <Text fw={700} size="sm">
          {formatMoney(person.earnedMinor, currency)}
        </Text>
        <Text size="xs" c="dimmed">
          {person.pendingMinor > 0 ? t`${pending} pending` : t`${plural(orderCount, { one: '# order', other: '# orders' })}`}
        </Text>
      </Stack>
    </Group>
  );
}

/** Who signed up with the code, newest first. */
export function ReferredPeopleList({ currency, shareAction }: { currency: string; shareAction: ReactNode }) {
  const { t } = useLingui();
  const people = useReferredPeople(true);
  const items = people.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <ListFrame
      id="referred-people-heading"
      title={t`People you referred`}
      query={people}
      errorTitle={t`Could not load the people you referred`}
      loadingLabel={t`Loading people you referred`}
      count={items.length}
      empty={
        <EmptyList
          icon={<IconUsers size={24} />}
          title={t`Nobody has joined with your link yet`}
          text={t`Share your link or show your QR code to farmers and buyers near you. Everyone who signs up with it is listed here.`}
          action={shareAction}
        />
      }
    >
      <Stack component="ul" gap={0} aria-label={t`People you referred`} className={classes.list}>
        {items.map((person) => (
          <PersonRow key={person.attributionId} person={person} currency={currency} />
        ))}
      </Stack>
    </ListFrame>
  );
}

function EarningRow({ earning, currency }: { earning: TReferralEarning; currency: string }) {
  const { t } = useLingui();
  const reversed = earning.status === 'reversed';
  const referred = earning.referredUsername;
  const date = formatDate(earning.settledAt ?? earning.createdAt);
  const commission = formatMoney(earning.commissionMinor, currency);
  const orderNumber = earning.orderNumber;
  return (
    <Group component="li" wrap="nowrap" gap="sm" py="sm" data-testid="referral-earning" aria-label={t`Order ${orderNumber}`}>
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="wrap">
          <Text fw={600} size="sm" ff="monospace">
            #{earning.orderNumber}
          </Text>
          <Badge size="xs" variant="light" color={earning.side === 'farm' ? 'green' : 'blue'}>
            {contractText(referralSideLabels[earning.side])}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          <Trans>
            @{referred} · {date} · our commission {commission}
          </Trans>
        </Text>
      </Stack>
      <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
        <Text fw={700} size="sm" c={reversed ? 'dimmed' : earning.status === 'available' ? 'green.8' : undefined} td={reversed ? 'line-through' : undefined}>
          {formatMoney(earning.amountMinor, currency)}
        </Text>
        <Badge size="xs" variant="light" color={EARNING_STATUS_COLORS[earning.status]} data-testid="referral-earning-status">
          {contractText(referralEarningStatusLabels[earning.status])}
        </Badge>
      </Stack>
    </Group>
  );
}

/** One row per order and side, newest first. */
export function ReferralEarningsList({ currency }: { currency: string }) {
  const { t } = useLingui();
  const earnings = useReferralEarnings(true);
  const items = earnings.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <ListFrame
      id="referral-earnings-heading"
      title={t`Earnings`}
      query={earnings}
      errorTitle={t`Could not load your referral earnings`}
      loadingLabel={t`Loading earnings`}
      count={items.length}
      empty={
        <EmptyList
          icon={<IconCoins size={24} />}
          title={t`No earnings yet`}
          text={t`When someone you referred orders, or a farm you brought sells, your share shows here: pending until the order completes, then earned.`}
        />
      }
    >
      <Stack component="ul" gap={0} aria-label={t`Referral earnings`} className={classes.list}>
        {items.map((earning) => (
          <EarningRow key={earning.id} earning={earning} currency={currency} />
        ))}
      </Stack>
    </ListFrame>
  );
}
