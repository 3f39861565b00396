import { Anchor, Badge, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarTime, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney, formatTimeRange } from '../../../lib/format';
import { PickupPointDetails } from '../../../components/orders/pickup-point-details';
import type { TCheckoutResponse } from '@pulse/contract/orders';
import { ORDER_STATUS_NAMES } from '../../../lib/order-status-names';

/** After a checkout that made several orders (one per farm): each with its link. */
export function OrderConfirmation({ checkout }: { checkout: TCheckoutResponse }) {
  const orders = checkout.orders;
  const currency = orders[0]?.currency ?? 'USD';
  const { i18n, t } = useLingui();
  const total = formatMoney(
    orders.reduce((sum, order) => sum + order.totalMinor, 0),
    currency,
  );
  const orderCount = orders.length;
  return (
    <Stack align="center" gap="lg" py="lg">
      <ThemeIcon size={72} radius={36} variant="light" aria-hidden>
        <IconCircleCheck size={40} stroke={1.6} />
      </ThemeIcon>
      <Stack gap={4} align="center" ta="center">
        <Title order={2} fz={{ base: 22, sm: 26 }}>
          {t`Thank you! ${plural(orderCount, { one: '# order placed', other: '# orders placed' })}`}
        </Title>
        <Text c="dimmed">
          {checkout.payment ? (
            <Trans>{total} paid with mobile money or card. Each farm prepares its own order.</Trans>
          ) : (
            <Trans>{total} paid from your wallet. Each farm prepares its own order.</Trans>
          )}
        </Text>
      </Stack>
      <Stack component="ul" gap="sm" w="100%" maw={560} p={0} m={0} style={{ listStyle: 'none' }}>
        {orders.map((order) => {
          const itemCount = order.itemCount;
          const slot = order.slotStartsAt && order.slotEndsAt ? formatTimeRange(order.slotStartsAt, order.slotEndsAt) : '';
          return (
          <Paper component="li" key={order.id} withBorder radius="lg" p="md">
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <div style={{ minWidth: 0 }}>
                <Anchor component={Link} to={`/order/${order.id}`} fw={700} truncate display="block">
                  {order.shopName}
                </Anchor>
                <Text size="sm" c="dimmed" truncate>
                  {order.fulfilment === 'pickup'
                    ? t`${plural(itemCount, { one: '# item', other: '# items' })} · Pickup at the farm`
                    : t`${plural(itemCount, { one: '# item', other: '# items' })} · Delivery`}
                </Text>
              </div>
              <Stack gap={4} align="flex-end">
                <Text fw={700}>{formatMoney(order.totalMinor, order.currency)}</Text>
                <Badge variant="light" size="sm">
                  {i18n._(ORDER_STATUS_NAMES[order.status])}
                </Badge>
              </Stack>
            </Group>
            {order.pickupPoint && (
              <Stack gap={6} mt="sm">
                <PickupPointDetails point={order.pickupPoint} />
                {slot && (
                  <Group gap={6} wrap="nowrap">
                    <IconCalendarTime size={16} aria-hidden />
                    <Text size="sm">
                      <Trans>Pickup {slot}</Trans>
                    </Text>
                  </Group>
                )}
              </Stack>
            )}
          </Paper>
          );
        })}
      </Stack>
      <Group>
        <Button component={Link} to="/buyer-dashboard">
          <Trans>All my orders</Trans>
        </Button>
        <Button component={Link} to="/product-listing" variant="default">
          <Trans>Keep shopping</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
