import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TProductStatus } from '@pulse/contract/products';

/** Render with `i18n._(STATUS_LABELS[status])`. */
export const STATUS_LABELS: Readonly<Record<TProductStatus, MessageDescriptor>> = {
  draft: msg`Draft`,
  active: msg`Active`,
  paused: msg`Paused`,
  sold_out: msg`Sold out`,
  archived: msg`Archived`,
};

export const STATUS_COLORS: Readonly<Record<TProductStatus, string>> = {
  draft: 'gray',
  active: 'green',
  paused: 'yellow',
  sold_out: 'dark',
  archived: 'red',
};
