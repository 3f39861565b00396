import { Alert, Anchor, Badge, Group, Paper, Radio, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingStore, IconClock, IconRepeat, IconTruckDelivery, IconWalk } from '@tabler/icons-react';
import { Link } from 'react-router';
import { msg, plural, t as translateNow } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TBasketSellerGroup } from '@pulse/contract/baskets';
import { formatDateTime, formatMoney, formatTimeRange } from '../../../lib/format';
import type { TDeliveryRefusal, TFulfilment } from '@pulse/contract/orders';
import { PickupPointDetails } from '../../../components/orders/pickup-point-details';
import { useSellerSlots, type QuoteSeller } from '../api/checkout';
import type { FarmChoice } from '../utils/checkout-plan';

interface FarmCheckoutCardProps {
  group: TBasketSellerGroup;
  currency: string;
  choice: FarmChoice;
  quote: QuoteSeller | undefined;
  onFulfilment: (fulfilment: TFulfilment) => void;
  onSlot: (slotId: string) => void;
}

const METHOD_LABELS: Readonly<Record<TFulfilment, MessageDescriptor>> = { pickup: msg`Pickup at the farm`, delivery: msg`Delivery` };

/** Why this farm cannot deliver, in the buyer's words. */
export function deliveryRefusalText(shopName: string, refusal: TDeliveryRefusal | null): string {
  switch (refusal) {
    case 'address_not_located':
      return translateNow`This address is not on the map yet, so the delivery fee is unknown. Place a pin for it below, or choose another address or pickup.`;
    case 'no_delivery_times':
      return translateNow`${shopName} has no delivery times open right now. Choose pickup at the farm.`;
    default:
      return translateNow`${shopName} does not deliver to this address (too far). Choose pickup at the farm or another address.`;
  }
}

function SlotPicker({ sellerUserId, shopName, method, slotId, onSlot }: { sellerUserId: string; shopName: string; method: TFulfilment; slotId: string | null; onSlot: (slotId: string) => void }) {
  const { t } = useLingui();
  const slots = useSellerSlots(sellerUserId, method);
  const label = method === 'pickup' ? t`Pickup time` : t`Delivery time`;
  if (slots.isPending) return <Skeleton height={56} radius="md" aria-label={method === 'pickup' ? t`Loading pickup times` : t`Loading delivery times`} />;
  if (slots.isError) {
    return (
      <Alert color="red" variant="light">
        <Trans>Could not load the times of {shopName}. Check your connection and try again.</Trans>
      </Alert>
    );
  }
  if (slots.data.length === 0) {
    return (
      <Alert color="orange" variant="light" icon={<IconClock size={18} aria-hidden />}>
        {method === 'pickup' ? (
          <Trans>{shopName} has no pickup times open right now. Try delivery, or message the farm.</Trans>
        ) : (
          <Trans>{shopName} has no delivery times open right now. Try pickup at the farm, or message the farm.</Trans>
        )}
      </Alert>
    );
  }
  return (
    <Radio.Group value={slotId} onChange={onSlot} label={label} name={`slot-${sellerUserId}`}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt={6}>
        {slots.data.map((slot) => {
          const deadline = formatDateTime(slot.cutoffAt);
          const remaining = slot.remaining;
          return (
          <Radio.Card key={slot.id} value={slot.id} radius="md" p="sm" aria-label={formatTimeRange(slot.startsAt, slot.endsAt)}>
            <Group wrap="nowrap" gap="sm" align="flex-start">
              <Radio.Indicator size="sm" mt={2} />
              <div>
                <Text size="sm" fw={600}>
                  {formatTimeRange(slot.startsAt, slot.endsAt)}
                </Text>
                <Text size="xs" c="dimmed">
                  {remaining !== null && remaining <= 5 ? t`Order by ${deadline} · ${remaining} left` : t`Order by ${deadline}`}
                </Text>
              </div>
            </Group>
          </Radio.Card>
          );
        })}
      </SimpleGrid>
    </Radio.Group>
  );
}

/** One farm's part of the checkout: how the order reaches the buyer, and when. */
export function FarmCheckoutCard({ group, currency, choice, quote, onFulfilment, onSlot }: FarmCheckoutCardProps) {
  const { i18n, t } = useLingui();
  const shop = group.shopName;
  const subtotal = formatMoney(group.subtotalMinor, currency);
  const itemCount = group.items.length;
  const deliveryFee = quote ? formatMoney(quote.deliveryFeeMinor, currency) : '';
  const distance = quote?.distanceKm != null ? quote.distanceKm.toFixed(1) : '';
  const deliveryUnavailable = quote?.deliveryAvailable === false;
  const pickupUnavailable = quote?.pickupAvailable === false;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={t`${shop} checkout`} data-testid="farm-checkout">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" radius="xl" size={32} aria-hidden>
            <IconBuildingStore size={18} />
          </ThemeIcon>
          <div style={{ flex: 1, minWidth: 0 }}>
            <Text component="h2" fw={700} truncate>
              {group.shopName}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {t`${plural(itemCount, { one: '# item', other: '# items' })} · ${subtotal}`}
            </Text>
          </div>
        </Group>

        <Radio.Group
          value={choice.fulfilment}
          onChange={(value) => onFulfilment(value as TFulfilment)}
          label={t`How do you get it?`}
          name={`fulfilment-${group.sellerUserId}`}
        >
          <SimpleGrid cols={2} spacing="xs" mt={6}>
            {(['pickup', 'delivery'] as const).map((method) => {
              const disabled = method === 'delivery' ? deliveryUnavailable && choice.fulfilment !== 'delivery' : pickupUnavailable;
              const Icon = method === 'pickup' ? IconWalk : IconTruckDelivery;
              return (
                <Radio.Card key={method} value={method} radius="md" p="sm" disabled={disabled} aria-label={i18n._(METHOD_LABELS[method])}>
                  <Group wrap="nowrap" gap="xs">
                    <Radio.Indicator size="sm" disabled={disabled} />
                    <Icon size={18} aria-hidden />
                    <Text size="sm" fw={600}>
                      {i18n._(METHOD_LABELS[method])}
                    </Text>
                  </Group>
                </Radio.Card>
              );
            })}
          </SimpleGrid>
        </Radio.Group>

        {choice.fulfilment === 'delivery' && quote && (
          <Group gap="xs">
            {quote.deliveryAvailable ? (
              <Badge variant="light" color="green" size="lg" radius="sm" tt="none">
                {quote.distanceKm === null ? t`Delivery fee ${deliveryFee}` : t`Delivery fee ${deliveryFee} · ${distance} km`}
              </Badge>
            ) : (
              <Alert color="orange" variant="light" w="100%" data-testid="delivery-refusal">
                {deliveryRefusalText(group.shopName, quote.deliveryRefusal)}
              </Alert>
            )}
          </Group>
        )}
        {choice.fulfilment === 'pickup' && (
          <Stack gap={6}>
            <Text size="sm" c="dimmed">
              <Trans>Collect your order at the farm; no delivery fee.</Trans>
            </Text>
            {quote?.pickupPoint && <PickupPointDetails point={quote.pickupPoint} />}
          </Stack>
        )}

        {choice.fulfilment && (
          <SlotPicker sellerUserId={group.sellerUserId} shopName={group.shopName} method={choice.fulfilment} slotId={choice.slotId} onSlot={onSlot} />
        )}

        {/* Weekly baskets (issue 28): this farm's lines, ordered again every week or two. */}
        <Anchor component={Link} to={`/standing-orders/new?fromBasket=${encodeURIComponent(group.sellerUserId)}`} size="sm" fw={600}>
          <Group gap={4} component="span">
            <IconRepeat size={16} aria-hidden />
            <Trans>Make this a weekly basket</Trans>
          </Group>
        </Anchor>
      </Stack>
    </Paper>
  );
}
