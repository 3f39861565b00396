/**
 * Every seller-workspace query starts with ['seller', userId], so an order action refreshes the
 * dashboard, the refund lists and the slots with one invalidation.
 */
export function sellerQueryKey(userId: string | null) {
  return ['seller', userId] as const;
}

export const SELLER_QUERY_ROOT = ['seller'] as const;
