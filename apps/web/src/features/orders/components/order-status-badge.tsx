import { Badge, type BadgeProps } from '@mantine/core';
import { orderStatusLabels, type TOrderStatus } from '@pulse/contract/orders';
import { orderStatusColors } from '../utils/order-groups';

export function OrderStatusBadge({ status, ...props }: { status: TOrderStatus } & Omit<BadgeProps, 'color' | 'children'>) {
  return (
    <Badge color={orderStatusColors[status]} variant="light" radius="sm" data-testid="order-status" {...props}>
      {orderStatusLabels[status]}
    </Badge>
  );
}
