import { useState } from 'react';
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconReceiptRefund, IconScaleOutline } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime, formatMoney } from '../../../lib/format';
import type { TRefundCase, TRefundStatus } from '@pulse/contract/orders';
import { formatOrderReference } from '../utils/order-reference';
import { REFUND_STATE_LABELS } from '../utils/refund-filters';
import { RefundAnswerDialog, type RefundAnswer } from './refund-answer-dialog';

function Quote({ who, text }: { who: string; text: string }) {
  return (
    <Text size="sm">
      <Text span fw={600}>
        {who}:
      </Text>{' '}
      “{text}”
    </Text>
  );
}

/** One refund on the farm's orders; an open one can be approved or contested right here. */
export function RefundCaseCard({ refundCase }: { refundCase: TRefundCase }) {
  const [answer, setAnswer] = useState<RefundAnswer | null>(null);
  const status = refundCase.status as TRefundStatus;
  const state = REFUND_STATE_LABELS[status] ?? { label: refundCase.status, color: 'gray' };
  const { refund } = refundCase;

  return (
    <Card component="li" withBorder radius="lg" padding="md" data-testid="refund-case" data-order-id={refundCase.id}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/order/${refundCase.id}`} fw={700} c="inherit">
              Order {formatOrderReference(refundCase.id)}
            </Anchor>
            <Text size="sm" c="dimmed" truncate>
              {refundCase.buyerUsername} · {refundCase.firstItemTitle}
              {refundCase.itemCount > 1 ? ` and ${refundCase.itemCount - 1} more` : ''}
            </Text>
          </Stack>
          <Text fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="refund-amount" data-keep-clear>
            {formatMoney(refund.amountMinor, refundCase.currency)}
          </Text>
        </Group>
        <Group gap="xs">
          <Badge color={state.color} variant="light" radius="sm" data-testid="refund-state">
            {state.label}
          </Badge>
          {refund.requestedAt && (
            <Text size="xs" c="dimmed">
              Asked {formatDateTime(refund.requestedAt)}
              {refund.resolvedAt && ` · decided ${formatDateTime(refund.resolvedAt)}`}
            </Text>
          )}
        </Group>
        {refund.reason && <Quote who={refundCase.buyerUsername} text={refund.reason} />}
        {refund.contestReason && <Quote who="You contested" text={refund.contestReason} />}
        {refund.decisionReason && <Quote who="Reason for refusal" text={refund.decisionReason} />}
        {status === 'refund_disputed' && (
          <Text size="xs" c="dimmed">
            Pulse Market support decides contested refunds; the money stays in escrow until then.
          </Text>
        )}
        {status === 'refund_requested' && (
          <Group gap="xs" mt={4}>
            <Button size="sm" color="orange" leftSection={<IconReceiptRefund size={16} aria-hidden />} onClick={() => setAnswer('approve_refund')}>
              Approve refund
            </Button>
            <Button size="sm" variant="light" color="grape" leftSection={<IconScaleOutline size={16} aria-hidden />} onClick={() => setAnswer('contest_refund')}>
              Contest
            </Button>
          </Group>
        )}
      </Stack>
      {answer && (
        <RefundAnswerDialog
          orderId={refundCase.id}
          answer={answer}
          buyerUsername={refundCase.buyerUsername}
          amountMinor={refund.amountMinor}
          currency={refundCase.currency}
          buyerReason={refund.reason}
          onClose={() => setAnswer(null)}
        />
      )}
    </Card>
  );
}
