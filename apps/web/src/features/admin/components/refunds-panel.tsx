import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const decision = useRefundDecision(refund.id);
  const { isPending, runOnce } = useSingleSubmit();
  const [refusing, setRefusing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const amount = formatMoney(refund.refund.amountMinor, refund.currency);
  const open = refund.status === 'refund_disputed' || refund.status === 'refund_requested';
  const refundId = refund.id;
  const firstItemTitle = refund.firstItemTitle;
  const moreCount = refund.itemCount - 1;
  const buyerName = refund.buyerUsername;
  const shopName = refund.shopName;

  const approve = () =>
    void runOnce(async () => {
      setError(null);
      try {
        await decision.mutateAsync({ action: 'approve_refund' });
        const buyer = refund.buyerUsername;
        showAdminSuccess(t`Buyer refunded`, t`${amount} went back to ${buyer}.`);
      } catch (failure) {
        setError(getServerFormErrors(failure, []).form);
      }
    });

  return (
    <Paper withBorder radius="md" p="md" aria-label={t`Refund of order ${refundId}`} component="article">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Anchor component={Link} to={`/order/${refund.id}`} fw={700}>
            {refund.itemCount > 1 ? t`${firstItemTitle} and ${moreCount} more` : firstItemTitle}
          </Anchor>
          <StatusBadge status={refund.status} />
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Quote label={t`Buyer`} text={refund.buyerUsername} />
          <Quote label={t`Seller`} text={refund.shopName} />
          <Quote label={t`Amount`} text={amount} />
          <Quote label={t`Asked`} text={refund.refund.requestedAt ? formatDateTimeWithYear(refund.refund.requestedAt) : null} />
        </SimpleGrid>
        <Quote label={t`Buyer's reason`} text={refund.refund.reason} />
        {(refund.refund.contestReason || refund.status === 'refund_disputed') && <Quote label={t`Seller's contest reason`} text={refund.refund.contestReason} />}
        {refund.refund.decisionReason && <Quote label={t`Why it was refused`} text={refund.refund.decisionReason} />}
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        {open && (
          <Group gap="sm" grow>
            <Button color="green" leftSection={<IconCash size={18} aria-hidden />} onClick={approve} loading={isPending}>
              <Trans>Refund the buyer</Trans>
            </Button>
            <Button color="red" variant="light" leftSection={<IconX size={18} aria-hidden />} onClick={() => setRefusing(true)} disabled={isPending}>
              <Trans>Refuse the refund</Trans>
            </Button>
          </Group>
        )}
      </Stack>
      {refusing && (
        <ReasonDialog
          title={t`Refuse this refund?`}
          text={t`${buyerName} keeps the order and ${shopName} is paid. Both see your reason.`}
          label={t`Reason for refusing`}
          confirmLabel={t`Refuse the refund`}
          schema={ZRefuseRefundInput}
          onConfirm={async (reason) => {
            await decision.mutateAsync({ action: 'reject_refund', reason });
            showAdminSuccess(t`Refund refused`, refund.firstItemTitle);
          }}
          onClose={() => setRefusing(false)}
        />
      )}
    </Paper>
  );
}

/** Refund cases of every farm, contested ones (which only an admin decides) first. */
export function RefundsPanel() {
  const { i18n, t } = useLingui();
  const [filterParam, setFilter] = useAdminParam('refunds');
  const filter = parseRefundStatusFilter(filterParam);
  const list = useAdminRefunds(filter);
  const items = contestedFirst(list.data?.pages.flatMap((page) => page.items) ?? []);

  return (
    <Stack gap="md">
      <Select
        label={t`Show`}
        value={filter}
        onChange={(value) => setFilter(value === 'refund_disputed' ? null : value, { replace: true })}
        data={REFUND_STATUS_FILTERS.map((value) => ({ value, label: i18n._(REFUND_FILTER_LABELS[value]) }))}
        allowDeselect={false}
        w={220}
      />
      {list.isError && <LoadErrorAlert title={t`Could not load the refunds`} onRetry={() => void list.refetch()} />}
      {list.isPending && <Skeleton height={220} radius="md" role="status" aria-label={t`Loading refunds`} />}
      {list.isSuccess && items.length === 0 && (
        <Paper withBorder radius="md" p="lg">
          <Text c="dimmed" ta="center">
            {filter === 'refund_disputed' ? t`No contested refunds: nothing waits for you.` : t`No refunds here.`}
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
