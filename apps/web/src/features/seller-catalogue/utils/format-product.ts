import type { TProductStatus } from '@pulse/contract/products';

export const STATUS_LABELS: Readonly<Record<TProductStatus, string>> = {
  draft: 'Draft',
  active: 'Active',
  paused: 'Paused',
  sold_out: 'Sold out',
  archived: 'Archived',
};

export const STATUS_COLORS: Readonly<Record<TProductStatus, string>> = {
  draft: 'gray',
  active: 'green',
  paused: 'yellow',
  sold_out: 'dark',
  archived: 'red',
};
