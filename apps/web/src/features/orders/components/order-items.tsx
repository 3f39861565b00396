import { Anchor, Avatar, Divider, Group, Stack, Text } from '@mantine/core';
import { IconLeaf } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { formatMoney } from '../../../lib/format';
import type { TOrderDetails } from '@pulse/contract/orders';
import { resolveImageUrl } from '../utils/order-display';
import { describeItemQuantity, formatUnitPrice } from '../utils/quantities';

function MoneyRow({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" data-testid={testId}>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 400} c={strong ? undefined : 'dimmed'}>
        {label}
      </Text>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 500}>
        {value}
      </Text>
    </Group>
  );
}

/** The lines with thumbs, quantities (weighed ones too) and line totals, then the order's totals. */
export function OrderItems({ order }: { order: TOrderDetails }) {
  const { t, i18n } = useLingui();
  const money = (minor: number) => formatMoney(minor, order.currency);
  const refunded = money(order.refundedMinor);
  const farmCode = order.farmDiscountCode ?? '';
  const platformCode = order.platformDiscountCode ?? '';
  return (
    <Stack gap="sm">
      <Stack gap="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t`Items`}>
        {order.items.map((item) => (
          <Group key={item.id} component="li" wrap="nowrap" align="flex-start" gap="sm" data-testid="order-item">
            <Avatar src={resolveImageUrl(item.imageUrl)} radius="md" size={56} alt="" color="green">
              <IconLeaf size={26} aria-hidden />
            </Avatar>
            <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
              {item.productId ? (
                <Anchor component={Link} to={`/product-details/${item.productId}`} fw={600} c="inherit" lineClamp={2}>
                  {item.title}
                </Anchor>
              ) : (
                <Text fw={600} lineClamp={2}>
                  {item.title}
                </Text>
              )}
              <Text size="sm" c="dimmed" data-testid="order-item-quantity">
                {describeItemQuantity(item, i18n)}
              </Text>
              <Text size="xs" c="dimmed">
                {formatUnitPrice(money(item.unitPriceMinor), item.unit, i18n)}
              </Text>
            </Stack>
            <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
              {money(item.lineTotalMinor)}
            </Text>
          </Group>
        ))}
      </Stack>
      <Divider my={4} />
      <MoneyRow label={t`Subtotal`} value={money(order.subtotalMinor)} />
      {(order.farmDiscountMinor ?? 0) > 0 && (
        <MoneyRow label={t`Farm discount (${farmCode})`} value={`− ${money(order.farmDiscountMinor ?? 0)}`} testId="order-farm-discount" />
      )}
      {(order.platformDiscountMinor ?? 0) > 0 && (
        <MoneyRow label={t`Pulse Market discount (${platformCode})`} value={`− ${money(order.platformDiscountMinor ?? 0)}`} testId="order-platform-discount" />
      )}
      <MoneyRow
        label={order.fulfilment === 'delivery' ? t`Delivery fee` : t`Pickup`}
        value={order.fulfilment === 'delivery' ? money(order.deliveryFeeMinor) : t`Free`}
      />
      <MoneyRow label={t`Total`} value={money(order.totalMinor)} strong testId="order-total" />
      {order.refundedMinor > 0 && (
        <>
          <MoneyRow label={t({ message: 'Refunded', context: 'amount given back' })} value={t`− ${refunded}`} testId="order-refunded" />
          <MoneyRow label={t`Paid after refunds`} value={money(Math.max(0, order.totalMinor - order.refundedMinor))} strong testId="order-net" />
        </>
      )}
    </Stack>
  );
}
