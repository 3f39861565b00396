import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
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

const LABELS: Readonly<Record<string, MessageDescriptor>> = {
  pending: msg`Pending`,
  approved: msg`Approved`,
  rejected: msg`Rejected`,
  refund_requested: msg`Waiting for the farm`,
  refund_disputed: msg`Contested`,
  refunded: msg`Refunded`,
  refund_rejected: msg`Refused`,
};

export function StatusBadge({ status }: { status: string }) {
  const { i18n } = useLingui();
  const label = LABELS[status];
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light" radius="sm">
      {label ? i18n._(label) : status}
    </Badge>
  );
}
