import { useState } from 'react';
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconReceiptRefund, IconScaleOutline } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime, formatMoney } from '../../../lib/format';
import type { TRefundCase, TRefundStatus } from '@pulse/contract/orders';
import { formatOrderReference } from '../utils/order-reference';
import { REFUND_STATE_LABELS } from '../utils/refund-filters';
import { RefundAnswerDialog, type RefundAnswer } from './refund-answer-dialog';
import { Plural, Trans, useLingui } from '@lingui/react/macro';

function Quote({ who, text }: { who: string; text: string }) {
  return (
    <Text size="sm">
      <Trans>
        <Text span fw={600}>
          {who}:
        </Text>{' '}
        “{text}”
      </Trans>
    </Text>
  );
}

/** One refund on the farm's orders; an open one can be approved or contested right here. */
export function RefundCaseCard({ refundCase }: { refundCase: TRefundCase }) {
  const { t, i18n } = useLingui();
  const [answer, setAnswer] = useState<RefundAnswer | null>(null);
  const status = refundCase.status as TRefundStatus;
  const known = REFUND_STATE_LABELS[status];
  const state = known ? { label: i18n._(known.label), color: known.color } : { label: refundCase.status, color: 'gray' };
  const { refund } = refundCase;
  const reference = formatOrderReference(refundCase.id);
  const { buyerUsername, firstItemTitle } = refundCase;
  const more = refundCase.itemCount - 1;
  const askedAt = refund.requestedAt ? formatDateTime(refund.requestedAt) : '';
  const decidedAt = refund.resolvedAt ? formatDateTime(refund.resolvedAt) : '';

  return (
    <Card component="li" withBorder radius="lg" padding="md" data-testid="refund-case" data-order-id={refundCase.id}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/order/${refundCase.id}`} fw={700} c="inherit">
              <Trans>Order {reference}</Trans>
            </Anchor>
            <Text size="sm" c="dimmed" truncate>
              {more > 0 ? (
                <Plural value={more} one={`${buyerUsername} · ${firstItemTitle} and # more`} other={`${buyerUsername} · ${firstItemTitle} and # more`} />
              ) : (
                <Trans>
                  {buyerUsername} · {firstItemTitle}
                </Trans>
              )}
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
              {refund.resolvedAt ? <Trans>Asked {askedAt} · decided {decidedAt}</Trans> : <Trans>Asked {askedAt}</Trans>}
            </Text>
          )}
        </Group>
        {refund.reason && <Quote who={refundCase.buyerUsername} text={refund.reason} />}
        {refund.contestReason && <Quote who={t`You contested`} text={refund.contestReason} />}
        {refund.decisionReason && <Quote who={t`Reason for refusal`} text={refund.decisionReason} />}
        {status === 'refund_disputed' && (
          <Text size="xs" c="dimmed">
            <Trans>Pulse Market support decides contested refunds; the money stays in escrow until then.</Trans>
          </Text>
        )}
        {status === 'refund_requested' && (
          <Group gap="xs" mt={4}>
            <Button size="sm" color="orange" leftSection={<IconReceiptRefund size={16} aria-hidden />} onClick={() => setAnswer('approve_refund')}>
              <Trans>Approve refund</Trans>
            </Button>
            <Button size="sm" variant="light" color="grape" leftSection={<IconScaleOutline size={16} aria-hidden />} onClick={() => setAnswer('contest_refund')}>
              <Trans>Contest</Trans>
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
