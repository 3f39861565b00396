import { Anchor, Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconCash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTimeWithYear, formatMoney } from '../../../lib/format';
import type { TRefundCase } from '@pulse/contract/orders';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { getServerFormErrors } from '../../../lib/form-errors';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import { useAdminRefunds } from '../api/get-admin-refunds';
import { useRefundDecision } from '../api/post-refund-decision';
import { REFUND_FILTER_LABELS, REFUND_STATUS_FILTERS, contestedFirst, parseRefundStatusFilter } from '../utils/admin-filters';
import { ZRefuseRefundInput } from '../utils/refund-reason';
import { LoadMoreButton } from './load-more-button';
import { ReasonDialog } from './reason-dialog';
import { showAdminSuccess } from './show-admin-toast';
import { StatusBadge } from './status-badge';
import { useAdminParam } from './use-admin-param';

function Quote({ label, text }: { label: string; text: string | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {text ?? '—'}
      </Text>
    </div>
  );
}

function RefundCard({ refund }: { refund: TRefundCase }) {
  const decision = useRefundDecision(refund.id);
  const { isPending, runOnce } = useSingleSubmit();
  const [refusing, setRefusing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const amount = formatMoney(refund.refund.amountMinor, refund.currency);
  const open = refund.status === 'refund_disputed' || refund.status === 'refund_requested';

  const approve = () =>
    void runOnce(async () => {
      setError(null);
      try {
        await decision.mutateAsync({ action: 'approve_refund' });
        showAdminSuccess('Buyer refunded', `${amount} went back to ${refund.buyerUsername}.`);
      } catch (failure) {
        setError(getServerFormErrors(failure, []).form);
      }
    });

  return (
    <Paper withBorder radius="md" p="md" aria-label={`Refund of order ${refund.id}`} component="article">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Anchor component={Link} to={`/order/${refund.id}`} fw={700}>
            {refund.firstItemTitle}
            {refund.itemCount > 1 ? ` and ${refund.itemCount - 1} more` : ''}
          </Anchor>
          <StatusBadge status={refund.status} />
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Quote label="Buyer" text={refund.buyerUsername} />
          <Quote label="Seller" text={refund.shopName} />
          <Quote label="Amount" text={amount} />
          <Quote label="Asked" text={refund.refund.requestedAt ? formatDateTimeWithYear(refund.refund.requestedAt) : null} />
        </SimpleGrid>
        <Quote label="Buyer's reason" text={refund.refund.reason} />
        {(refund.refund.contestReason || refund.status === 'refund_disputed') && <Quote label="Seller's contest reason" text={refund.refund.contestReason} />}
        {refund.refund.decisionReason && <Quote label="Why it was refused" text={refund.refund.decisionReason} />}
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        {open && (
          <Group gap="sm" grow>
            <Button color="green" leftSection={<IconCash size={18} aria-hidden />} onClick={approve} loading={isPending}>
              Refund the buyer
            </Button>
            <Button color="red" variant="light" leftSection={<IconX size={18} aria-hidden />} onClick={() => setRefusing(true)} disabled={isPending}>
              Refuse the refund
            </Button>
          </Group>
        )}
      </Stack>
      {refusing && (
        <ReasonDialog
          title="Refuse this refund?"
          text={`${refund.buyerUsername} keeps the order and ${refund.shopName} is paid. Both see your reason.`}
          label="Reason for refusing"
          confirmLabel="Refuse the refund"
          schema={ZRefuseRefundInput}
          onConfirm={async (reason) => {
            await decision.mutateAsync({ action: 'reject_refund', reason });
            showAdminSuccess('Refund refused', refund.firstItemTitle);
          }}
          onClose={() => setRefusing(false)}
        />
      )}
    </Paper>
  );
}

/** Refund cases of every farm, contested ones (which only an admin decides) first. */
export function RefundsPanel() {
  const [filterParam, setFilter] = useAdminParam('refunds');
  const filter = parseRefundStatusFilter(filterParam);
  const list = useAdminRefunds(filter);
  const items = contestedFirst(list.data?.pages.flatMap((page) => page.items) ?? []);

  return (
    <Stack gap="md">
      <Select
        label="Show"
        value={filter}
        onChange={(value) => setFilter(value === 'refund_disputed' ? null : value, { replace: true })}
        data={REFUND_STATUS_FILTERS.map((value) => ({ value, label: REFUND_FILTER_LABELS[value] }))}
        allowDeselect={false}
        w={220}
      />
      {list.isError && <LoadErrorAlert title="Could not load the refunds" onRetry={() => void list.refetch()} />}
      {list.isPending && <Skeleton height={220} radius="md" role="status" aria-label="Loading refunds" />}
      {list.isSuccess && items.length === 0 && (
        <Paper withBorder radius="md" p="lg">
          <Text c="dimmed" ta="center">
            {filter === 'refund_disputed' ? 'No contested refunds: nothing waits for you.' : 'No refunds here.'}
          </Text>
        </Paper>
      )}
      {items.map((refund) => (
        <RefundCard key={refund.id} refund={refund} />
      ))}
      <LoadMoreButton hasNextPage={list.hasNextPage} isFetching={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} />
    </Stack>
  );
}
