import { Badge, type BadgeProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { TOrderStatus } from '@pulse/contract/orders';
import { orderStatusColors } from '../../../lib/orders/order-groups';
import { ORDER_STATUS_NAMES as orderStatusLabels } from '../../../lib/order-status-names';

export function OrderStatusBadge({ status, ...props }: { status: TOrderStatus } & Omit<BadgeProps, 'color' | 'children'>) {
  const { i18n } = useLingui();
  return (
    <Badge color={orderStatusColors[status]} variant="light" radius="sm" data-testid="order-status" {...props}>
      {i18n._(orderStatusLabels[status])}
    </Badge>
  );
}
