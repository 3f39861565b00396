import { useState } from 'react';
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconPackage, IconPackageExport, IconReceiptRefund, IconScale, IconScaleOutline } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime, formatMoney, formatTimeRange } from '../../../lib/format';
import type { TOrderSummary } from '@pulse/contract/orders';
import { useSellerOrderAction } from '../api/post-seller-order-action';
import { ACTION_DONE, describeActionFailure } from '../utils/action-feedback';
import { ORDER_STATUS_COLORS } from '../utils/order-status-colors';
import { formatOrderReference } from '../utils/order-reference';
import { FinalWeightDialog } from './final-weight-dialog';
import { HandOverDialog } from './hand-over-dialog';
import { RefundAnswerDialog, type RefundAnswer } from './refund-answer-dialog';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { ORDER_STATUS_NAMES } from '../../../lib/order-status-names';

type Dialog = { kind: 'weight' } | { kind: 'hand_over' } | { kind: 'refund'; answer: RefundAnswer };

/** "ama_k · Garden eggs and 2 more": who ordered and what, in one sentence translators can reorder. */
function OrderContents({ order }: { order: TOrderSummary }) {
  const { buyerUsername, firstItemTitle } = order;
  const others = order.itemCount - 1;
  if (others > 0) return <Plural value={others} one={`${buyerUsername} · ${firstItemTitle} and # more`} other={`${buyerUsername} · ${firstItemTitle} and # more`} />;
  return (
    <Trans>
      {buyerUsername} · {firstItemTitle}
    </Trans>
  );
}

/** One order waiting for the farm, with the step it can take right there. */
export function QueueOrderCard({ order }: { order: TOrderSummary }) {
  const { t, i18n } = useLingui();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const reference = formatOrderReference(order.id);
  const placedAt = formatDateTime(order.createdAt);
  const action = useSellerOrderAction();
  const paidMinor = order.totalMinor - order.refundedMinor;

  const runStep = (step: 'accept' | 'mark_ready') => {
    void action
      .run({ orderId: order.id, input: { action: step } })
      .then((updated) => {
        if (!updated) return;
        const done = ACTION_DONE[step];
        notifications.show({ color: 'green', title: step === 'accept' ? t`Accepted` : t`Ready`, message: done ? i18n._(done) : '' });
      })
      .catch((error: unknown) => {
        const message = describeActionFailure(error);
        if (message) notifications.show({ color: 'red', title: t`Could not update the order`, message });
      });
  };

  const busy = action.isPending;
  return (
    <Card component="li" withBorder radius="lg" padding="md" data-testid="queue-order" data-order-id={order.id}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/order/${order.id}`} fw={700} c="inherit">
              <Trans>Order {reference}</Trans>
            </Anchor>
            <Text size="sm" c="dimmed" truncate>
              <OrderContents order={order} />
            </Text>
          </Stack>
          <Text fw={700} style={{ whiteSpace: 'nowrap' }} data-keep-clear>
            {formatMoney(paidMinor, order.currency)}
          </Text>
        </Group>
        <Group gap="xs">
          <Badge color={ORDER_STATUS_COLORS[order.status]} variant="light" radius="sm">
            {i18n._(ORDER_STATUS_NAMES[order.status])}
          </Badge>
          <Badge color="gray" variant="outline" radius="sm">
            {order.fulfilment === 'pickup' ? <Trans>Pickup</Trans> : <Trans>Delivery</Trans>}
          </Badge>
          <Text size="xs" c="dimmed">
            {order.slotStartsAt && order.slotEndsAt ? formatTimeRange(order.slotStartsAt, order.slotEndsAt) : t`Placed ${placedAt}`}
          </Text>
        </Group>
        <Group gap="xs" mt={4}>
          {order.status === 'paid' && (
            <Button size="sm" leftSection={<IconCheck size={16} aria-hidden />} loading={busy} onClick={() => runStep('accept')}>
              <Trans>Accept</Trans>
            </Button>
          )}
          {order.status === 'accepted' && (
            <Button size="sm" leftSection={<IconPackage size={16} aria-hidden />} loading={busy} onClick={() => runStep('mark_ready')}>
              <Trans>Mark ready</Trans>
            </Button>
          )}
          {order.status === 'ready' && (
            <Button size="sm" leftSection={<IconPackageExport size={16} aria-hidden />} disabled={busy} onClick={() => setDialog({ kind: 'hand_over' })}>
              <Trans>Hand over</Trans>
            </Button>
          )}
          {(order.status === 'accepted' || order.status === 'ready') && (
            <Button size="sm" variant="light" leftSection={<IconScale size={16} aria-hidden />} disabled={busy} onClick={() => setDialog({ kind: 'weight' })}>
              <Trans>Record final weight</Trans>
            </Button>
          )}
          {order.status === 'refund_requested' && (
            <>
              <Button size="sm" color="orange" leftSection={<IconReceiptRefund size={16} aria-hidden />} onClick={() => setDialog({ kind: 'refund', answer: 'approve_refund' })}>
                <Trans>Approve refund</Trans>
              </Button>
              <Button size="sm" variant="light" color="grape" leftSection={<IconScaleOutline size={16} aria-hidden />} onClick={() => setDialog({ kind: 'refund', answer: 'contest_refund' })}>
                <Trans>Contest</Trans>
              </Button>
            </>
          )}
        </Group>
      </Stack>
      {dialog?.kind === 'weight' && <FinalWeightDialog orderId={order.id} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'hand_over' && <HandOverDialog order={order} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'refund' && (
        <RefundAnswerDialog
          orderId={order.id}
          answer={dialog.answer}
          buyerUsername={order.buyerUsername}
          amountMinor={paidMinor}
          currency={order.currency}
          buyerReason={null}
          onClose={() => setDialog(null)}
        />
      )}
    </Card>
  );
}
