import { Avatar, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconLeaf, IconRepeat } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDate, formatMoney } from '../../../lib/format';
import type { TOrderSummary } from '@pulse/contract/orders';
import { resolveImageUrl } from '../utils/order-display';
import { OrderStatusBadge } from './order-status-badge';
import classes from './order-card.module.css';

export function describeOrderContents(order: Pick<TOrderSummary, 'firstItemTitle' | 'itemCount'>, i18n: I18n): string {
  const others = order.itemCount - 1;
  const first = order.firstItemTitle;
  return others > 0 ? i18n._(msg`${plural(others, { one: `${first} and # more`, other: `${first} and # more` })}`) : first;
}

/** One order in the dashboard list; the whole card opens the order. */
export function OrderCard({ order, onReorder, reordering }: { order: TOrderSummary; onReorder?: () => void; reordering?: boolean }) {
  const { t, i18n } = useLingui();
  const shopName = order.shopName;
  return (
    <Card component="li" withBorder radius="lg" padding="md" data-testid="order-card" className={classes.card} style={{ position: 'relative' }}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Avatar src={resolveImageUrl(order.thumbUrl)} size={64} radius="md" alt="" color="green">
          <IconLeaf size={28} aria-hidden />
        </Avatar>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Text
              component={Link}
              to={`/order/${order.id}`}
              fw={700}
              truncate
              className={classes.link}
            >
              {order.shopName}
            </Text>
            <Text fw={700} style={{ whiteSpace: 'nowrap' }} data-keep-clear>
              {formatMoney(order.totalMinor, order.currency)}
            </Text>
          </Group>
          <Text size="sm" c="dimmed" lineClamp={1}>
            {describeOrderContents(order, i18n)}
          </Text>
          <Group justify="space-between" gap="xs" mt={4}>
            <Group gap="xs">
              <OrderStatusBadge status={order.status} />
              <Text size="xs" c="dimmed">
                {formatDate(order.createdAt)}
              </Text>
            </Group>
            {onReorder && (
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconRepeat size={14} aria-hidden />}
                onClick={onReorder}
                loading={reordering}
                style={{ position: 'relative', zIndex: 1 }}
                aria-label={t`Reorder from ${shopName}`}
              >
                <Trans>Reorder</Trans>
              </Button>
            )}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
