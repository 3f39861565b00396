import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Code, Collapse, Group, Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconChevronDown, IconReceipt2 } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { RECONCILIATION_STATE_LABELS, type TAdminPaymentItem } from '@pulse/contract/payments';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { contractText } from '../../../lib/contract-text';
import { formatDateTimeWithYear } from '../../../lib/format';
import { useAdminPayments } from '../api/get-admin-payments';
import {
  PAYMENT_EMPTY_MESSAGES,
  PAYMENT_STATE_COLORS,
  PAYMENT_STATE_FILTERS,
  parsePaymentStateFilter,
  paymentAmounts,
  paymentFilterCount,
  paymentPurposeLabel,
  paymentStatusLabel,
  prettyPayload,
  type PaymentStateFilter,
} from '../utils/payment-display';
import { AdminExports } from './admin-exports';
import { LoadMoreButton } from './load-more-button';
import { useAdminParam } from './use-admin-param';

function Figure({ label, children, tone }: { label: string; children: ReactNode; tone?: 'red' }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" fw={600} c={tone} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function FilterLabel({ filter, count }: { filter: PaymentStateFilter; count: number | null }) {
  const { t } = useLingui();
  const alarming = filter === 'mismatch' && count !== null && count > 0;
  return (
    <Group gap={6} justify="center" wrap="nowrap">
      <span>{filter === 'all' ? t`All` : contractText(RECONCILIATION_STATE_LABELS[filter])}</span>
      {count !== null && (
        <Badge size="sm" radius="sm" variant={alarming ? 'filled' : 'light'} color={alarming ? 'red' : 'gray'}>
          {count}
        </Badge>
      )}
    </Group>
  );
}

function PaymentEvents({ item }: { item: TAdminPaymentItem }) {
  const { t } = useLingui();
  if (item.events.length === 0)
    return (
      <Text size="sm" c="dimmed">
        <Trans>No provider events for this payment.</Trans>
      </Text>
    );
  return (
    <Stack gap="sm">
      {item.events.map((event) => {
        const receivedAt = formatDateTimeWithYear(event.receivedAt);
        const name = event.event;
        return (
          <Stack key={event.id} gap={4}>
            <Group gap="xs" wrap="wrap">
              <Text size="sm" fw={700} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {event.event}
              </Text>
              {event.outcome && (
                <Badge size="sm" radius="sm" variant="outline" color="gray" tt="none" ff="monospace">
                  {event.outcome}
                </Badge>
              )}
              <Text size="xs" c="dimmed">
                {t`received ${receivedAt}`}
              </Text>
            </Group>
            {event.note && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {event.note}
              </Text>
            )}
            {/* Wrapped, not scrolled sideways: a long line would otherwise widen the whole console on a desktop. */}
            <Code block style={{ maxHeight: 360, overflowY: 'auto', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 12 }} aria-label={t`Raw event ${name}`}>
              {prettyPayload(event.payload)}
            </Code>
          </Stack>
        );
      })}
    </Stack>
  );
}

function PaymentRow({ item }: { item: TAdminPaymentItem }) {
  const { i18n, t } = useLingui();
  const [open, setOpen] = useState(false);
  const eventsId = useId();
  const amounts = paymentAmounts(item);
  const status = paymentStatusLabel(item.status);
  const purpose = i18n._(paymentPurposeLabel(item));
  const person = item.userName ?? t`No person`;
  const createdAt = formatDateTimeWithYear(item.createdAt);
  const decidedAt = item.decidedAt ? formatDateTimeWithYear(item.decidedAt) : null;
  const eventCount = item.events.length;
  const reference = item.reference ?? t`No reference`;
  const ledgerId = item.ledgerTransactionId;

  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={t`Payment ${reference}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
          <div style={{ minWidth: 0, flex: '1 1 220px' }}>
            <Text fw={700} ff={item.reference ? 'monospace' : undefined} style={{ overflowWrap: 'anywhere' }}>
              {reference}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t`${purpose} · ${person} · ${createdAt}`}
            </Text>
          </div>
          <Group gap="xs" wrap="nowrap">
            <Badge color={PAYMENT_STATE_COLORS[item.state]} variant={item.state === 'mismatch' ? 'filled' : 'light'} radius="sm">
              {contractText(RECONCILIATION_STATE_LABELS[item.state])}
            </Badge>
            <Badge color="gray" variant="outline" radius="sm">
              {typeof status === 'string' ? status : i18n._(status)}
            </Badge>
          </Group>
        </Group>

        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="xs">
          <Figure label={t`Amount`}>{amounts.amount ?? '—'}</Figure>
          <Figure label={t`Verified`} tone={amounts.differs ? 'red' : undefined}>
            {amounts.verified ?? '—'}
          </Figure>
          <Figure label={t`Provider fee`}>{amounts.fee ?? '—'}</Figure>
          <Figure label={t`Decided`}>{decidedAt ?? '—'}</Figure>
        </SimpleGrid>

        {item.mismatch && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t`Nothing was credited`}>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {item.mismatch}
            </Text>
          </Alert>
        )}

        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="xs" c="dimmed" ff={ledgerId ? 'monospace' : undefined} style={{ overflowWrap: 'anywhere' }}>
            {ledgerId ? t`Ledger transaction ${ledgerId}` : t`No ledger transaction`}
          </Text>
          <Button
            variant="subtle"
            size="xs"
            onClick={() => setOpen((value) => !value)}
            aria-expanded={open}
            aria-controls={eventsId}
            rightSection={<IconChevronDown size={14} aria-hidden style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }} />}
          >
            {open ? t`Hide events` : t`${plural(eventCount, { one: 'Show # event', other: 'Show # events' })}`}
          </Button>
        </Group>
        <Collapse expanded={open} keepMounted={false} id={eventsId}>
          <PaymentEvents item={item} />
        </Collapse>
      </Stack>
    </Paper>
  );
}

/**
 * Reconciliation (issue 24): every charge and transfer through the payment provider against the
 * ledger, with the provider's raw events. Matched ones have their ledger transaction; waiting ones
 * are not decided yet; a mismatch credited nothing and needs an admin to compare the figures.
 */
export function PaymentsPanel() {
  const { i18n, t } = useLingui();
  const [stateParam, setState] = useAdminParam('paymentState');
  const filter = parsePaymentStateFilter(stateParam);
  const list = useAdminPayments(filter);
  const isPhone = useMediaQuery('(max-width: 48em)');
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const counts = list.data?.pages[0]?.counts;

  return (
    <Stack gap="md">
      <AdminExports />
      <Text size="sm" c="dimmed">
        <Trans>Each payment and payout through the payment provider, against the ledger. A mismatch credited nothing: compare the provider’s figures in its events with the amount asked.</Trans>
      </Text>
      <SegmentedControl
        aria-label={t`Reconciliation state`}
        value={filter}
        onChange={(value) => setState(value === 'all' ? null : value, { replace: true })}
        orientation={isPhone ? 'vertical' : 'horizontal'}
        fullWidth
        data={PAYMENT_STATE_FILTERS.map((value) => ({ value, label: <FilterLabel filter={value} count={paymentFilterCount(value, counts)} /> }))}
      />
      {list.isError && <LoadErrorAlert title={t`Could not load the payments`} onRetry={() => void list.refetch()} />}
      {list.isPending && <Skeleton height={220} radius="md" role="status" aria-label={t`Loading payments`} />}
      {list.isSuccess && items.length === 0 && (
        <Paper withBorder radius="md" p="lg">
          <Stack align="center" gap="xs">
            <IconReceipt2 size={32} aria-hidden color="var(--mantine-color-dimmed)" />
            <Text c="dimmed" ta="center">
              {i18n._(PAYMENT_EMPTY_MESSAGES[filter])}
            </Text>
          </Stack>
        </Paper>
      )}
      <Stack gap="sm" role="list" aria-label={t`Payments`}>
        {items.map((item) => (
          <div role="listitem" key={`${item.kind}-${item.id}`}>
            <PaymentRow item={item} />
          </div>
        ))}
      </Stack>
      <LoadMoreButton hasNextPage={list.hasNextPage} isFetching={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} />
    </Stack>
  );
}
