import { t } from '@lingui/core/macro';
import { formatMoney, formatNumber } from '../../../lib/format';
import type { TProductSummary, TProductUnit } from '@pulse/contract/products';
import type { TAssistantBlock, TAssistantOrder } from '@pulse/contract/assistant';
import { formatQuantity } from '../../../lib/product-units';

type Link = { label: string; to: string };

/** "12 km", "800 m" under a kilometre; null when the distance is not known. */
export function formatDistance(distanceKm: number | null): string | null {
  if (distanceKm === null || !Number.isFinite(distanceKm) || distanceKm < 0) return null;
  if (distanceKm < 1) {
    const metres = formatNumber(Math.max(100, Math.round((distanceKm * 1000) / 100) * 100), 0);
    return t`${metres} m`;
  }
  // Whole kilometres, the number in the reader's language ("1,250 km", "1 250 km").
  const km = formatNumber(Math.round(distanceKm), 0);
  return t`${km} km`;
}

/** "12 km · Ejisu, Ashanti": how far and where a product in an answer is (distance first: never cut off). */
export function productPlace(product: Pick<TProductSummary, 'region' | 'distanceKm'>): string {
  const distance = formatDistance(product.distanceKm);
  return [distance ?? '', product.region.trim()].filter((part) => part !== '').join(' · ');
}

/** "Added 2 kg of Tomatoes": what a basket_added block says (in the language active when called). */
export function describeBasketAdded(block: { title: string; quantity: number; unit: TProductUnit }): string {
  const quantity = formatQuantity(block.quantity, block.unit);
  const title = block.title;
  return t`Added ${quantity} of ${title}`;
}

/** The wallet block's two figures, in the wallet's currency. */
export function describeWallet(block: { availableMinor: number; escrowMinor: number; currency: string }, locale?: string): { available: string; escrow: string } {
  return { available: formatMoney(block.availableMinor, block.currency, { locale }), escrow: formatMoney(block.escrowMinor, block.currency, { locale }) };
}

/** "Order 1A2B3C4D": the accessible name of an order card. */
export function orderCardName(order: Pick<TAssistantOrder, 'number'>): string {
  const number = order.number;
  return t`Order ${number}`;
}

/**
 * The links under an order: the server's when it gives them, otherwise the order page and, when
 * a Pulse Agent carries it, its delivery tracking.
 */
export function orderLinks(order: Pick<TAssistantOrder, 'id' | 'links' | 'delivery'>): Link[] {
  if (order.links.length > 0) return order.links;
  const links: Link[] = [{ label: t`Open order`, to: `/order/${order.id}` }];
  if (order.delivery !== null) links.push({ label: t`Track delivery`, to: `/order-delivery/${order.id}` });
  return links;
}

/** Links inside the app go through the router; anything with a scheme opens as a normal link. */
export function isInternalLink(to: string): boolean {
  return to.startsWith('/') && !to.startsWith('//');
}

/**
 * The "See all" link of a product answer: only a path of the product listing (with its filters)
 * is followed, so an answer cannot send the person somewhere unexpected.
 */
export function seeAllLink(moreLink: string | null): string | null {
  if (moreLink === null) return null;
  if (moreLink === '/product-listing' || moreLink.startsWith('/product-listing?')) return moreLink;
  return null;
}

/** Whether an answer changed the basket, so the basket badge must be asked again. */
export function changesBasket(blocks: readonly TAssistantBlock[]): boolean {
  return blocks.some((block) => block.type === 'basket_added');
}

/**
 * The blocks as shown: a basket_added block carries its own "Open basket", so a link to the basket
 * in a links block of the same answer is left out (and an emptied links block with it).
 */
export function blocksToShow(blocks: readonly TAssistantBlock[]): TAssistantBlock[] {
  if (!changesBasket(blocks)) return [...blocks];
  return blocks
    .map((block) => (block.type === 'links' ? { ...block, items: block.items.filter((link) => link.to.split(/[?#]/)[0] !== '/basket') } : block))
    .filter((block) => block.type !== 'links' || block.items.length > 0);
}
