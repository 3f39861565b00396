import { useState } from 'react';
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconPackage, IconPackageExport, IconReceiptRefund, IconScale, IconScaleOutline } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime, formatMoney, formatTimeRange } from '../../../lib/format';
import { orderStatusLabels, type TOrderSummary } from '@pulse/contract/orders';
import { useSellerOrderAction } from '../api/post-seller-order-action';
import { ACTION_DONE, describeActionFailure } from '../utils/action-feedback';
import { ORDER_STATUS_COLORS } from '../utils/order-status-colors';
import { formatOrderReference } from '../utils/order-reference';
import { FinalWeightDialog } from './final-weight-dialog';
import { HandOverDialog } from './hand-over-dialog';
import { RefundAnswerDialog, type RefundAnswer } from './refund-answer-dialog';

type Dialog = { kind: 'weight' } | { kind: 'hand_over' } | { kind: 'refund'; answer: RefundAnswer };

function describeContents(order: TOrderSummary): string {
  const others = order.itemCount - 1;
  return others > 0 ? `${order.firstItemTitle} and ${others} more` : order.firstItemTitle;
}

/** One order waiting for the farm, with the step it can take right there. */
export function QueueOrderCard({ order }: { order: TOrderSummary }) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const action = useSellerOrderAction();
  const paidMinor = order.totalMinor - order.refundedMinor;

  const runStep = (step: 'accept' | 'mark_ready') => {
    void action
      .run({ orderId: order.id, input: { action: step } })
      .then((updated) => {
        if (updated) notifications.show({ color: 'green', title: step === 'accept' ? 'Accepted' : 'Ready', message: ACTION_DONE[step] ?? '' });
      })
      .catch((error: unknown) => {
        const message = describeActionFailure(error);
        if (message) notifications.show({ color: 'red', title: 'Could not update the order', message });
      });
  };

  const busy = action.isPending;
  return (
    <Card component="li" withBorder radius="lg" padding="md" data-testid="queue-order" data-order-id={order.id}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/order/${order.id}`} fw={700} c="inherit">
              Order {formatOrderReference(order.id)}
            </Anchor>
            <Text size="sm" c="dimmed" truncate>
              {order.buyerUsername} · {describeContents(order)}
            </Text>
          </Stack>
          <Text fw={700} style={{ whiteSpace: 'nowrap' }} data-keep-clear>
            {formatMoney(paidMinor, order.currency)}
          </Text>
        </Group>
        <Group gap="xs">
          <Badge color={ORDER_STATUS_COLORS[order.status]} variant="light" radius="sm">
            {orderStatusLabels[order.status]}
          </Badge>
          <Badge color="gray" variant="outline" radius="sm">
            {order.fulfilment === 'pickup' ? 'Pickup' : 'Delivery'}
          </Badge>
          <Text size="xs" c="dimmed">
            {order.slotStartsAt && order.slotEndsAt ? formatTimeRange(order.slotStartsAt, order.slotEndsAt) : `Placed ${formatDateTime(order.createdAt)}`}
          </Text>
        </Group>
        <Group gap="xs" mt={4}>
          {order.status === 'paid' && (
            <Button size="sm" leftSection={<IconCheck size={16} aria-hidden />} loading={busy} onClick={() => runStep('accept')}>
              Accept
            </Button>
          )}
          {order.status === 'accepted' && (
            <Button size="sm" leftSection={<IconPackage size={16} aria-hidden />} loading={busy} onClick={() => runStep('mark_ready')}>
              Mark ready
            </Button>
          )}
          {order.status === 'ready' && (
            <Button size="sm" leftSection={<IconPackageExport size={16} aria-hidden />} disabled={busy} onClick={() => setDialog({ kind: 'hand_over' })}>
              Hand over
            </Button>
          )}
          {(order.status === 'accepted' || order.status === 'ready') && (
            <Button size="sm" variant="light" leftSection={<IconScale size={16} aria-hidden />} disabled={busy} onClick={() => setDialog({ kind: 'weight' })}>
              Record final weight
            </Button>
          )}
          {order.status === 'refund_requested' && (
            <>
              <Button size="sm" color="orange" leftSection={<IconReceiptRefund size={16} aria-hidden />} onClick={() => setDialog({ kind: 'refund', answer: 'approve_refund' })}>
                Approve refund
              </Button>
              <Button size="sm" variant="light" color="grape" leftSection={<IconScaleOutline size={16} aria-hidden />} onClick={() => setDialog({ kind: 'refund', answer: 'contest_refund' })}>
                Contest
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
