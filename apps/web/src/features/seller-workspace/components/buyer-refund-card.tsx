import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime, formatMoney } from '../../../lib/format';
import type { TOrderSummary, TRefundStatus } from '@pulse/contract/orders';
import { formatOrderReference } from '../utils/order-reference';
import { BUYER_REFUND_STATE_LABELS } from '../utils/refund-filters';
import { Plural, Trans, useLingui } from '@lingui/react/macro';

/** One of the buyer's refund requests and where it stands (read-only; details on the order page). */
export function BuyerRefundCard({ order }: { order: TOrderSummary }) {
  const { i18n } = useLingui();
  const known = BUYER_REFUND_STATE_LABELS[order.status as TRefundStatus];
  const state = known ? { label: i18n._(known.label), color: known.color } : { label: order.status, color: 'gray' };
  const reference = formatOrderReference(order.id);
  const { shopName, firstItemTitle } = order;
  const more = order.itemCount - 1;
  const updatedAt = formatDateTime(order.updatedAt);
  const amountMinor = order.status === 'refunded' ? order.refundedMinor : order.totalMinor - order.refundedMinor;
  return (
    <Card component="li" withBorder radius="lg" padding="md" data-testid="buyer-refund">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/order/${order.id}`} fw={700} c="inherit">
              <Trans>Order {reference}</Trans>
            </Anchor>
            <Text size="sm" c="dimmed" truncate>
              {more > 0 ? (
                <Plural value={more} one={`${shopName} · ${firstItemTitle} and # more`} other={`${shopName} · ${firstItemTitle} and # more`} />
              ) : (
                <Trans>
                  {shopName} · {firstItemTitle}
                </Trans>
              )}
            </Text>
          </Stack>
          <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(amountMinor, order.currency)}
          </Text>
        </Group>
        <Group gap="xs">
          <Badge color={state.color} variant="light" radius="sm">
            {state.label}
          </Badge>
          <Text size="xs" c="dimmed">
            <Trans>Updated {updatedAt}</Trans>
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
