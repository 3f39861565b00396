import type { TStandingDemandResponse } from '@pulse/contract/standing-orders';

export type StandingDemandProduct = TStandingDemandResponse['products'][number];

/** More is expected than the farm has on sale now: harvest or add stock before the cut-offs. */
export function isShort(product: Pick<StandingDemandProduct, 'quantity' | 'available'>): boolean {
  return product.quantity > product.available;
}

/** Products short of stock first, then by the quantity expected, largest first. */
export function sortDemand(products: readonly StandingDemandProduct[]): StandingDemandProduct[] {
  return [...products].sort((a, b) => Number(isShort(b)) - Number(isShort(a)) || b.quantity - a.quantity || a.title.localeCompare(b.title));
}
