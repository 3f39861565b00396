import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import { contractMessage, translateContractMessage } from '@pulse/contract/messages-i18n';
import type { TBasketCountResponse } from '@pulse/contract/counts';
import type { TAddBasketItemInput, TBasketItem, TBasketResponse, TBasketSellerGroup } from '@pulse/contract/baskets';
import type { Db } from '../../db/client';
import { ConflictError, InvalidError, NotFoundError } from '../../errors/domain-errors';
import { translatorFor } from '../../i18n/translator';
import {
  addToBasketLine,
  clearBasket,
  countBasketLines,
  deleteBasketLine,
  findBasketItem,
  findBasketItemByProduct,
  findProductForBasket,
  readBasketForCheckout,
  setBasketLineQuantity,
  type BasketLineRow,
  type ProductForBasket,
} from './baskets-repository';

export const PRODUCT_NOT_FOUND_MESSAGE = contractMessage(msg`This product does not exist or is no longer sold.`);
export const PRODUCT_UNAVAILABLE_MESSAGE = contractMessage(msg`This product is not available right now.`);
export const OWN_PRODUCT_MESSAGE = contractMessage(msg`You cannot buy your own product.`);
export const BASKET_ITEM_NOT_FOUND_MESSAGE = contractMessage(msg`This item is not in your basket.`);
export const NO_LONGER_AVAILABLE = contractMessage(msg`No longer available`);
export const SOLD_OUT = contractMessage(msg`Sold out`);

/** The badge counts lines (distinct products), not units: 3 kg of tomatoes is one line. */
export async function getBasketCount(db: Db, userId: string): Promise<TBasketCountResponse> {
  return { count: await countBasketLines(db, userId) };
}

const UNIT_WORDS: Record<BasketLineRow['unit'], [string, string]> = {
  kg: ['kg', 'kg'],
  g: ['g', 'g'],
  piece: ['piece', 'pieces'],
  bunch: ['bunch', 'bunches'],
  dozen: ['dozen', 'dozen'],
  crate: ['crate', 'crates'],
  litre: ['litre', 'litres'],
};

/** "2 kg", "1 piece", "3 bunches". */
export function formatQuantity(quantity: number, unit: BasketLineRow['unit']): string {
  const [one, many] = UNIT_WORDS[unit];
  return `${quantity} ${quantity === 1 ? one : many}`;
}

export function minimumOrderMessage(minOrderQuantity: number, unit: BasketLineRow['unit'], i18n: I18n = translatorFor('en')): string {
  return i18n._(msg`Minimum order is ${{ quantity: formatQuantity(minOrderQuantity, unit) }}`);
}

export function onlyLeftMessage(available: number, i18n: I18n = translatorFor('en')): string {
  return available <= 0 ? translateContractMessage(i18n, SOLD_OUT) : i18n._(msg`Only ${{ available }} left`);
}

function availableOf(product: { stockQuantity: number; reservedQuantity: number }): number {
  return Math.max(0, product.stockQuantity - product.reservedQuantity);
}

/** Why a line cannot be bought as it is, or null. */
export function lineProblem(
  line: Pick<BasketLineRow, 'status' | 'quantity' | 'minOrderQuantity' | 'unit' | 'stockQuantity' | 'reservedQuantity'>,
  i18n: I18n = translatorFor('en'),
): string | null {
  if (line.status !== 'active') return translateContractMessage(i18n, line.status === 'sold_out' ? SOLD_OUT : NO_LONGER_AVAILABLE);
  const available = availableOf(line);
  if (line.quantity > available) return onlyLeftMessage(available, i18n);
  if (line.quantity < line.minOrderQuantity) return minimumOrderMessage(line.minOrderQuantity, line.unit, i18n);
  return null;
}

/** Lines grouped by seller in the order the buyer first added from each; totals by the server; problems in the reader's language. */
export function buildBasketResponse(lines: BasketLineRow[], currency: string, i18n: I18n = translatorFor('en')): TBasketResponse {
  const groups = new Map<string, TBasketSellerGroup>();
  let hasProblems = false;
  for (const line of lines) {
    const problem = lineProblem(line, i18n);
    if (problem) hasProblems = true;
    const item: TBasketItem = {
      id: line.id,
      productId: line.productId,
      title: line.title,
      unit: line.unit,
      thumbUrl: line.thumbUrl,
      unitPriceMinor: line.priceMinor,
      quantity: line.quantity,
      minOrderQuantity: line.minOrderQuantity,
      availableQuantity: availableOf(line),
      productStatus: line.status,
      lineTotalMinor: line.priceMinor * line.quantity,
      problem,
    };
    const group = groups.get(line.sellerUserId) ?? { sellerUserId: line.sellerUserId, shopName: line.shopName, items: [], subtotalMinor: 0 };
    group.items.push(item);
    group.subtotalMinor += item.lineTotalMinor;
    groups.set(line.sellerUserId, group);
  }
  const groupList = [...groups.values()];
  return {
    groups: groupList,
    itemCount: lines.length,
    subtotalMinor: groupList.reduce((total, group) => total + group.subtotalMinor, 0),
    currency,
    hasProblems,
  };
}

export async function getBasket(db: Db, userId: string, currency: string, i18n?: I18n): Promise<TBasketResponse> {
  return buildBasketResponse(await readBasketForCheckout(db, userId), currency, i18n);
}

/** Checks a wanted line quantity against the product's rules (status, stock, minimum). */
function checkQuantity(product: ProductForBasket, quantity: number): void {
  if (product.status !== 'active') throw new ConflictError(PRODUCT_UNAVAILABLE_MESSAGE);
  const available = availableOf(product);
  if (quantity > available) {
    const message = (i18n: I18n) => onlyLeftMessage(available, i18n);
    throw new ConflictError(message, { quantity: message });
  }
  if (quantity < product.minOrderQuantity) {
    const message = (i18n: I18n) => minimumOrderMessage(product.minOrderQuantity, product.unit, i18n);
    throw new InvalidError(message, { quantity: message });
  }
}

/** Adds to the product's line (or creates it); the line's total must respect stock and minimum. */
export async function addBasketItem(db: Db, userId: string, input: TAddBasketItemInput, currency: string, i18n?: I18n): Promise<TBasketResponse> {
  const productId = input.productId.toLowerCase();
  const product = await findProductForBasket(db, productId);
  if (!product || product.status === 'archived' || product.status === 'draft') throw new NotFoundError(PRODUCT_NOT_FOUND_MESSAGE);
  if (product.sellerUserId === userId) throw new InvalidError(OWN_PRODUCT_MESSAGE);
  const existing = await findBasketItemByProduct(db, userId, productId);
  checkQuantity(product, (existing?.quantity ?? 0) + input.quantity);
  await addToBasketLine(db, userId, productId, input.quantity);
  return getBasket(db, userId, currency, i18n);
}

/** Sets a line's quantity. Another user's line is 404. */
export async function updateBasketItem(db: Db, userId: string, itemId: string, quantity: number, currency: string, i18n?: I18n): Promise<TBasketResponse> {
  const item = await findBasketItem(db, userId, itemId);
  if (!item) throw new NotFoundError(BASKET_ITEM_NOT_FOUND_MESSAGE);
  const product = await findProductForBasket(db, item.productId);
  if (!product || product.status === 'archived' || product.status === 'draft') throw new ConflictError(msg`No longer available. Remove it from your basket.`);
  checkQuantity(product, quantity);
  if (!(await setBasketLineQuantity(db, userId, itemId, quantity))) throw new NotFoundError(BASKET_ITEM_NOT_FOUND_MESSAGE);
  return getBasket(db, userId, currency, i18n);
}

export async function removeBasketItem(db: Db, userId: string, itemId: string, currency: string, i18n?: I18n): Promise<TBasketResponse> {
  if (!(await deleteBasketLine(db, userId, itemId))) throw new NotFoundError(BASKET_ITEM_NOT_FOUND_MESSAGE);
  return getBasket(db, userId, currency, i18n);
}

export async function emptyBasket(db: Db, userId: string): Promise<void> {
  await clearBasket(db, userId);
}
