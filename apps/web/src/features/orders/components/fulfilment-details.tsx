import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingWarehouse, IconCalendarTime, IconMapPin } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import type { TOrderDetails } from '@pulse/contract/orders';
import { formatTimeRange } from '../../../lib/format';
import { PickupPointDetails } from '../../../components/orders/pickup-point-details';

function Line({ icon, label, children }: { icon: React.ReactNode; label: string; children: React.ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" size={32} radius="md" aria-hidden>
        {icon}
      </ThemeIcon>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        {children}
      </Stack>
    </Group>
  );
}

export function formatAddressLines(address: NonNullable<TOrderDetails['deliveryAddress']>): string[] {
  const street = [address.line1, address.line2].filter(Boolean).join(', ');
  const town = [[address.postalCode, address.city].filter(Boolean).join(' '), address.region].filter(Boolean).join(', ');
  return [address.recipientName, street, town, address.phone].filter(Boolean);
}

/** Pickup at the farm, or delivery to the saved address, with the chosen window. */
export function FulfilmentDetails({ order }: { order: TOrderDetails }) {
  const { t } = useLingui();
  const pickup = order.pickupLocation;
  return (
    <Stack gap="md">
      {order.fulfilment === 'delivery' && order.deliveryAddress ? (
        <Line icon={<IconMapPin size={18} />} label={t`Delivery to`}>
          {formatAddressLines(order.deliveryAddress).map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))}
        </Line>
      ) : (
        <Line icon={<IconBuildingWarehouse size={18} />} label={t`Pickup at the farm`}>
          {order.pickupPoint ? (
            <PickupPointDetails point={order.pickupPoint} />
          ) : (
            <>
              <Text size="sm">{pickup?.farmName || order.shopName}</Text>
              {pickup?.region && (
                <Text size="sm" c="dimmed">
                  {pickup.region}
                </Text>
              )}
            </>
          )}
        </Line>
      )}
      {order.slotStartsAt && order.slotEndsAt && (
        <Line icon={<IconCalendarTime size={18} />} label={order.fulfilment === 'delivery' ? t`Delivery window` : t`Pickup window`}>
          <Text size="sm">{formatTimeRange(order.slotStartsAt, order.slotEndsAt)}</Text>
        </Line>
      )}
    </Stack>
  );
}
