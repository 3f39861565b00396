import { Badge } from '@mantine/core';

const COLORS: Readonly<Record<string, string>> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
  refund_requested: 'yellow',
  refund_disputed: 'orange',
  refunded: 'green',
  refund_rejected: 'gray',
};

const LABELS: Readonly<Record<string, string>> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  refund_requested: 'Waiting for the farm',
  refund_disputed: 'Contested',
  refunded: 'Refunded',
  refund_rejected: 'Refused',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light" radius="sm">
      {LABELS[status] ?? status}
    </Badge>
  );
}
