import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from '@pulse/contract/messages-i18n';
import { createHash, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  PAYMENT_EXPIRY_MINUTES,
  ZCheckoutInput,
  type TCheckoutQuoteResponse,
  type TCheckoutResponse,
  type TDeliveryRefusal,
  type TFulfilment,
} from '@pulse/contract/orders';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { OrderAddressSnapshot } from '../../db/schema/orders';
import type { PaymentIntentRow } from '../../db/schema/payments';
import type { UserRow } from '../../db/schema/users';
import { ConflictError, InvalidError, NotFoundError } from '../../errors/domain-errors';
import { translatorFor } from '../../i18n/translator';
import { locateAddress } from '../addresses/address-location';
import { getAddressForUser, setAddressLocation } from '../addresses/addresses-repository';
import { clearBasketLines, readBasketForCheckout, type BasketLineRow } from '../baskets/baskets-repository';
import {
  findCheckout,
  findOrderSummariesByIds,
  findProductStock,
  findProductThumbUrls,
  insertCheckoutOnce,
  insertOrder,
  insertOrderEvent,
  insertOrderItems,
  listCheckoutOrderIds,
  reserveStock,
  type ReservedProduct,
} from '../orders/orders-repository';
import { findFarmContacts } from '../orders/orders-repository';
import { findPickupPoints, notifyTransition, runTransition, toOrderSummaryJson, toPickupPoint, type TransitionOutcome } from '../orders/orders-service';
import { createIntent } from '../payments/intents-service';
import { assertAllApplied, resolveDiscounts, toCheckoutDiscounts } from '../discounts/discounts-service';
import { insertRedemptions } from '../discounts/discounts-repository';
import { clearPublicResponses } from '../products/products-response-cache';
import { bookSlot, findSlot, listOpenSlots } from '../slots/slots-repository';
import { toSlotJson } from '../slots/slots-service';
import { getWalletBalances } from '../wallet/ledger-service';
import { checkPayWith, loadCheckoutOrders, startCheckoutPayment, toCheckoutPayment } from './checkout-payment-service';
import { findCheckoutIntent } from './checkout-payments-repository';
import { quoteDelivery } from './delivery-fees';
import { orderTransitionsTotal } from '../../lib/metrics';

export const IDEMPOTENCY_KEY_REQUIRED_MESSAGE = contractMessage(msg`Idempotency-Key header is required`);
export const IDEMPOTENCY_KEY_INVALID_MESSAGE = contractMessage(msg`The Idempotency-Key header must be 1 to 200 visible characters.`);
export const IDEMPOTENCY_KEY_REUSED_MESSAGE = contractMessage(msg`This Idempotency-Key was used for a different checkout`);
export const EMPTY_BASKET_MESSAGE = contractMessage(msg`Your basket is empty.`);
export const ADDRESS_REQUIRED_MESSAGE = contractMessage(msg`Choose a delivery address.`);
export const ADDRESS_NOT_FOUND_MESSAGE = contractMessage(msg`Address not found.`);
export const BASKET_CHANGED_MESSAGE = contractMessage(msg`Your basket changed since you opened the checkout. Review it and try again.`);
export const ADDRESS_NOT_LOCATED_MESSAGE =
  contractMessage(msg`We could not find this address on the map, so its delivery fee is unknown. Place a pin for it, choose another address or pick up at the farm.`);

type CheckoutInput = z.output<typeof ZCheckoutInput>;

/** A checkout request must carry a key: a retry (double click, lost response) then creates nothing new. */
export function parseCheckoutIdempotencyKey(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') throw new InvalidError(IDEMPOTENCY_KEY_REQUIRED_MESSAGE, { 'Idempotency-Key': IDEMPOTENCY_KEY_REQUIRED_MESSAGE });
  if (!/^[\x21-\x7e]{1,200}$/.test(value)) throw new InvalidError(IDEMPOTENCY_KEY_INVALID_MESSAGE, { 'Idempotency-Key': IDEMPOTENCY_KEY_INVALID_MESSAGE });
  return value;
}

/**
 * The same request always hashes the same (sellers sorted), so a faithful retry is recognised. A
 * payWith is part of it (another method or number with the same key is another checkout: 409); a
 * request without one hashes as it always did.
 */
export function hashCheckoutRequest(input: CheckoutInput): string {
  const canonical = {
    addressId: input.addressId?.toLowerCase() ?? null,
    payNow: input.payNow,
    sellers: [...input.sellers]
      .map((seller) => ({ sellerUserId: seller.sellerUserId.toLowerCase(), fulfilment: seller.fulfilment, slotId: seller.slotId.toLowerCase() }))
      .sort((a, b) => (a.sellerUserId < b.sellerUserId ? -1 : a.sellerUserId > b.sellerUserId ? 1 : 0)),
    ...(input.payWith
      ? {
          payWith: {
            method: input.payWith.method,
            mobileMoney: input.payWith.mobileMoney ? { phone: input.payWith.mobileMoney.phone.replace(/\s+/g, ''), network: input.payWith.mobileMoney.network } : null,
            cardNumber: input.payWith.cardNumber?.replace(/\s+/g, '') ?? null,
          },
        }
      : {}),
    // Codes change what is paid: another set of codes with the same key is another checkout.
    ...(input.discountCodes && input.discountCodes.length > 0 ? { discountCodes: [...new Set(input.discountCodes.map((code) => code.trim().toUpperCase()))].sort() } : {}),
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

export function newConfirmationCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

interface SellerGroup {
  sellerUserId: string;
  shopName: string;
  lines: BasketLineRow[];
  farm: { lat: number | null; lng: number | null; farmName: string; region: string };
}

function groupBySeller(lines: BasketLineRow[]): SellerGroup[] {
  const groups = new Map<string, SellerGroup>();
  for (const line of lines) {
    let group = groups.get(line.sellerUserId);
    if (!group) {
      // The farm's location: the first product's origin coordinates.
      group = { sellerUserId: line.sellerUserId, shopName: line.shopName, lines: [], farm: { lat: line.originLat, lng: line.originLng, farmName: line.originFarmName, region: line.originRegion } };
      groups.set(line.sellerUserId, group);
    }
    group.lines.push(line);
  }
  return [...groups.values()];
}

function addressSnapshot(address: {
  recipientName: string;
  phone: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  lat: number | null;
  lng: number | null;
}): OrderAddressSnapshot {
  return {
    recipientName: address.recipientName,
    phone: address.phone,
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    region: address.region,
    postalCode: address.postalCode,
    lat: address.lat,
    lng: address.lng,
  };
}

async function loadAddress(db: Db, userId: string, addressId: string | null) {
  if (!addressId) return null;
  const address = await getAddressForUser(db, userId, addressId.toLowerCase());
  if (!address) throw new NotFoundError(ADDRESS_NOT_FOUND_MESSAGE, { addressId: ADDRESS_NOT_FOUND_MESSAGE });
  return address;
}

/**
 * An address saved without coordinates (before addresses were placed on save, or in a town the
 * gazetteer did not know then) is placed now when the gazetteer knows its town or region.
 */
async function placeAddressIfKnown(db: Db, userId: string, addressId: string | null): Promise<void> {
  if (!addressId) return;
  const address = await getAddressForUser(db, userId, addressId.toLowerCase());
  if (!address || (address.lat !== null && address.lng !== null)) return;
  const location = await locateAddress(db, address, { refreshOnMiss: false });
  if (location) await setAddressLocation(db, address.id, location);
}

function farmLocation(group: SellerGroup): { lat: number; lng: number } | null {
  return group.farm.lat !== null && group.farm.lng !== null ? { lat: group.farm.lat, lng: group.farm.lng } : null;
}

/** POST /api/checkout/quote: what each farm's order would cost, with its slots and the wallet balance. */
export async function quoteCheckout(
  app: FastifyInstance,
  user: Pick<UserRow, 'id'>,
  input: { addressId: string | null; sellers: Array<{ sellerUserId: string; fulfilment: TFulfilment }>; discountCodes?: string[] | undefined },
  now: Date = new Date(),
  i18n: I18n = translatorFor('en'),
): Promise<TCheckoutQuoteResponse> {
  const db = app.db;
  await placeAddressIfKnown(db, user.id, input.addressId);
  const [lines, address, balances] = await Promise.all([
    readBasketForCheckout(db, user.id),
    loadAddress(db, user.id, input.addressId),
    getWalletBalances(db, user.id),
  ]);
  const groups = groupBySeller(lines);
  const [slots, contacts] = await Promise.all([
    listOpenSlots(db, groups.map((group) => group.sellerUserId), now),
    findFarmContacts(db, groups.map((group) => group.sellerUserId)),
  ]);
  const discounts = await resolveDiscounts(
    db,
    user.id,
    input.discountCodes,
    groups.map((group) => ({ sellerUserId: group.sellerUserId, subtotalMinor: group.lines.reduce((total, line) => total + line.priceMinor * line.quantity, 0) })),
    app.config.currency,
    now,
    false,
  );
  const sellers = groups.map((group) => {
    const choice = input.sellers.find((seller) => seller.sellerUserId.toLowerCase() === group.sellerUserId);
    const subtotalMinor = group.lines.reduce((total, line) => total + line.priceMinor * line.quantity, 0);
    const delivery = address ? quoteDelivery(app.config.deliveryFeeBands, group.farm, address) : null;
    const sellerSlots = slots.filter((slot) => slot.sellerUserId === group.sellerUserId);
    const hasDeliverySlots = sellerSlots.some((slot) => slot.method === 'delivery');
    const pickupAvailable = sellerSlots.some((slot) => slot.method === 'pickup');
    // Without an address yet, delivery is open when the farm has delivery times (the fee follows the address).
    const deliveryRefusal: TDeliveryRefusal | null = !hasDeliverySlots ? 'no_delivery_times' : (delivery?.refusal ?? null);
    const deliveryAvailable = deliveryRefusal === null;
    const fulfilment: TFulfilment = choice?.fulfilment ?? (address && deliveryAvailable ? 'delivery' : 'pickup');
    const deliveryFeeMinor = fulfilment === 'delivery' ? (delivery?.feeMinor ?? 0) : 0;
    const applied = discounts.bySeller.get(group.sellerUserId);
    const farmDiscountMinor = applied?.farm?.amountMinor ?? 0;
    const platformDiscountMinor = applied?.platform?.amountMinor ?? 0;
    return {
      sellerUserId: group.sellerUserId,
      shopName: group.shopName,
      subtotalMinor,
      deliveryFeeMinor,
      distanceKm: delivery?.distanceKm ?? null,
      farmDiscountMinor,
      platformDiscountMinor,
      totalMinor: subtotalMinor - farmDiscountMinor - platformDiscountMinor + deliveryFeeMinor,
      slots: sellerSlots.map(toSlotJson),
      pickupAvailable,
      deliveryAvailable,
      deliveryRefusal,
      farmLocation: farmLocation(group),
      // The buyer has this farm's products in their basket: where to collect them, with the farm's phone.
      pickupPoint: pickupAvailable ? toPickupPoint(group.shopName, group.farm, contacts.get(group.sellerUserId)) : null,
    };
  });
  return {
    currency: app.config.currency,
    sellers,
    discounts: toCheckoutDiscounts(discounts, i18n),
    totalMinor: sellers.reduce((total, seller) => total + seller.totalMinor, 0),
    walletAvailableMinor: balances.availableMinor,
    addressNeedsPin: address !== null && (address.lat === null || address.lng === null),
  };
}

async function replayCheckout(db: Db, buyerUserId: string, idempotencyKey: string, requestHash: string): Promise<{ response: TCheckoutResponse; intent: PaymentIntentRow | null }> {
  const existing = await findCheckout(db, buyerUserId, idempotencyKey);
  if (!existing) throw new Error('checkout vanished after its key conflicted');
  if (existing.requestHash !== requestHash) throw new ConflictError(IDEMPOTENCY_KEY_REUSED_MESSAGE);
  const orderIds = await listCheckoutOrderIds(db, existing.id);
  const records = await findOrderSummariesByIds(db, orderIds);
  // The same payment as the first answer's: a replay never starts or charges another.
  const intent = await findCheckoutIntent(db, existing.id);
  return { response: { checkoutId: existing.id, orders: records.map(toOrderSummaryJson), replayed: true, payment: null }, intent };
}

async function explainSlotRefusal(db: Db, slotId: string, group: SellerGroup, method: TFulfilment, now: Date): Promise<never> {
  const slot = await findSlot(db, slotId);
  const field = { [`sellers.${group.sellerUserId}.slotId`]: 'Choose another slot' };
  if (!slot || slot.sellerUserId !== group.sellerUserId) throw new InvalidError(msg`Choose a slot offered by ${{ shopName: group.shopName }}.`, field);
  if (slot.method !== method) {
    const shopName = group.shopName;
    throw new InvalidError(
      slot.method === 'pickup' ? msg`That slot of ${{ shopName }} is for pickup, not delivery.` : msg`That slot of ${{ shopName }} is for delivery, not pickup.`,
      field,
    );
  }
  if (slot.cutoffAt.getTime() <= now.getTime()) throw new ConflictError(msg`Orders for that slot of ${{ shopName: group.shopName }} are closed. Choose another slot.`, field);
  throw new ConflictError(msg`That slot of ${{ shopName: group.shopName }} is full. Choose another slot.`, field);
}

async function explainStockRefusal(db: Db, line: BasketLineRow): Promise<never> {
  const stock = await findProductStock(db, line.productId);
  if (!stock || stock.status !== 'active') throw new ConflictError(msg`${{ title: line.title }} is no longer available. Remove it from your basket.`);
  if (stock.available === 0) throw new ConflictError(msg`${{ title: stock.title }} is sold out. Remove it from your basket.`);
  throw new ConflictError(msg`Only ${{ available: stock.available }} left of ${{ title: stock.title }}`);
}

export interface CheckoutResult {
  response: TCheckoutResponse;
  outcomes: TransitionOutcome[];
  buyerUserId: string;
  /** The provider payment of a checkout with payWith: created here, started after the commit (only when `created`). */
  intent: PaymentIntentRow | null;
}

/**
 * Where a checkout's lines come from: the buyer's basket (read in the transaction and cleared with
 * the orders), or lines given by the caller (a weekly basket's cycle, decision 064: no basket is
 * read or cleared).
 */
export type CheckoutLineSource = { kind: 'basket' } | { kind: 'lines'; lines: BasketLineRow[] };

/**
 * The core of a checkout, inside the caller's transaction: the checkout row by its idempotency key
 * (a replay answers the same orders), the lines' checks, discounts, stock reserved in product-id
 * order, slots booked in slot-id order, one order per farm with its items and event, and with
 * payNow every order paid from the wallet. It throws on any refusal (the caller's transaction then
 * rolls back). After the commit the caller runs `notifyCheckoutCommitted(app, result)`.
 */
export async function placeCheckoutInTransaction(
  app: FastifyInstance,
  tx: Db,
  user: Pick<UserRow, 'id'>,
  idempotencyKey: string,
  input: CheckoutInput,
  source: CheckoutLineSource,
  now: Date,
  method: ReturnType<typeof checkPayWith> | null = null,
): Promise<CheckoutResult> {
  const requestHash = hashCheckoutRequest(input);
  const provider = app.paymentProvider;
  const checkout = await insertCheckoutOnce(tx, { buyerUserId: user.id, idempotencyKey, requestHash });
  if (!checkout) return { ...(await replayCheckout(tx, user.id, idempotencyKey, requestHash)), outcomes: [], buyerUserId: user.id };

  const lines = source.kind === 'basket' ? await readBasketForCheckout(tx, user.id) : source.lines;
  if (lines.length === 0) throw new ConflictError(EMPTY_BASKET_MESSAGE);
  const groups = groupBySeller(lines);

  const choices = new Map(input.sellers.map((seller) => [seller.sellerUserId.toLowerCase(), seller]));
  for (const sellerUserId of choices.keys()) {
    if (!groups.some((group) => group.sellerUserId === sellerUserId)) throw new ConflictError(BASKET_CHANGED_MESSAGE);
  }
  for (const group of groups) {
    if (!choices.has(group.sellerUserId)) throw new InvalidError(msg`Choose pickup or delivery for ${{ shopName: group.shopName }}.`, { sellers: msg`Choose pickup or delivery for ${{ shopName: group.shopName }}` });
    for (const line of group.lines) {
      if (line.sellerUserId === user.id) throw new InvalidError(msg`You cannot buy your own product (${{ title: line.title }}).`);
      if (line.quantity < line.minOrderQuantity) {
        throw new InvalidError(msg`The minimum order of ${{ title: line.title }} is ${{ minOrderQuantity: line.minOrderQuantity }} ${{ unit: line.unit }}.`);
      }
    }
  }

  const needsAddress = groups.some((group) => choices.get(group.sellerUserId)?.fulfilment === 'delivery');
  if (needsAddress && !input.addressId) throw new InvalidError(ADDRESS_REQUIRED_MESSAGE, { addressId: ADDRESS_REQUIRED_MESSAGE });
  const address = needsAddress ? await loadAddress(tx, user.id, input.addressId) : null;
  // Never priced at a guess: an address the server cannot place waits for the buyer's pin.
  if (address && (address.lat === null || address.lng === null)) throw new InvalidError(ADDRESS_NOT_LOCATED_MESSAGE, { addressId: ADDRESS_NOT_LOCATED_MESSAGE });

  // Discount codes (decision 062): their rows are locked here, before any product or slot, in id
  // order, so concurrent checkouts with the same code count its uses one after the other.
  const discounts = await resolveDiscounts(
    tx,
    user.id,
    input.discountCodes,
    groups.map((group) => ({ sellerUserId: group.sellerUserId, subtotalMinor: group.lines.reduce((total, line) => total + line.priceMinor * line.quantity, 0) })),
    app.config.currency,
    now,
    true,
  );
  assertAllApplied(discounts);

  // Reserve every line in one stable order (product id): concurrent checkouts of the same
  // products then queue on the rows instead of deadlocking.
  const reserved = new Map<string, ReservedProduct>();
  for (const line of [...lines].sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0))) {
    const product = await reserveStock(tx, line.productId, line.quantity);
    if (!product) await explainStockRefusal(tx, line);
    else reserved.set(line.productId, product);
  }
  const thumbs = await findProductThumbUrls(tx, lines.map((line) => line.productId));

  // Book the slots in one stable order too (slot id), before any order row exists.
  const booked = new Map<string, Awaited<ReturnType<typeof bookSlot>>>();
  const bySlot = groups
    .map((group) => ({ group, choice: choices.get(group.sellerUserId) }))
    .sort((a, b) => ((a.choice?.slotId.toLowerCase() ?? '') < (b.choice?.slotId.toLowerCase() ?? '') ? -1 : 1));
  for (const { group, choice } of bySlot) {
    if (!choice) continue;
    if (choice.fulfilment === 'delivery' && !address) throw new Error('delivery without an address');
    const delivery = address ? quoteDelivery(app.config.deliveryFeeBands, group.farm, address) : null;
    if (choice.fulfilment === 'delivery' && delivery?.feeMinor === null) {
      throw new InvalidError(msg`${{ shopName: group.shopName }} does not deliver that far (${{ distanceKm: delivery.distanceKm ?? '?' }} km). Choose pickup.`, {
        [`sellers.${group.sellerUserId}.fulfilment`]: msg`Delivery is not available to this address`,
      });
    }
    const slotId = choice.slotId.toLowerCase();
    const slot = await bookSlot(tx, { slotId, sellerUserId: group.sellerUserId, method: choice.fulfilment, now });
    if (!slot) await explainSlotRefusal(tx, slotId, group, choice.fulfilment, now);
    booked.set(group.sellerUserId, slot);
  }

  const orderIds: string[] = [];
  const created: Array<Awaited<ReturnType<typeof insertOrder>>> = [];
  for (const group of groups) {
    const choice = choices.get(group.sellerUserId);
    if (!choice) continue;
    const delivery = choice.fulfilment === 'delivery' && address ? quoteDelivery(app.config.deliveryFeeBands, group.farm, address) : null;
    const slot = booked.get(group.sellerUserId);

    const items = group.lines.map((line) => {
      const product = reserved.get(line.productId);
      if (!product) throw new Error('reserved product missing');
      return { line, product, lineTotalMinor: product.priceMinor * line.quantity };
    });
    const subtotalMinor = items.reduce((total, item) => total + item.lineTotalMinor, 0);
    const deliveryFeeMinor = delivery?.feeMinor ?? 0;
    // The quote priced the basket as it was read; the reserved prices are the same rows, so the discounts are recomputed on them.
    const applied = discounts.bySeller.get(group.sellerUserId);
    const farmDiscountMinor = Math.min(applied?.farm?.amountMinor ?? 0, subtotalMinor);
    const platformDiscountMinor = Math.min(applied?.platform?.amountMinor ?? 0, subtotalMinor - farmDiscountMinor);
    const order = await insertOrder(tx, {
      checkoutId: checkout.id,
      buyerUserId: user.id,
      sellerUserId: group.sellerUserId,
      status: 'pending_payment',
      fulfilment: choice.fulfilment,
      deliveryAddress: choice.fulfilment === 'delivery' && address ? addressSnapshot(address) : null,
      distanceKm: delivery?.distanceKm ?? null,
      slotId: slot?.id ?? null,
      slotStartsAt: slot?.startsAt ?? null,
      slotEndsAt: slot?.endsAt ?? null,
      currency: app.config.currency,
      subtotalMinor,
      deliveryFeeMinor,
      farmDiscountMinor,
      platformDiscountMinor,
      farmDiscountCodeId: applied?.farm?.code.id ?? null,
      farmDiscountCode: applied?.farm?.code.code ?? null,
      platformDiscountCodeId: applied?.platform?.code.id ?? null,
      platformDiscountCode: applied?.platform?.code.code ?? null,
      totalMinor: subtotalMinor - farmDiscountMinor - platformDiscountMinor + deliveryFeeMinor,
      confirmationCode: newConfirmationCode(),
      expiresAt: new Date(now.getTime() + PAYMENT_EXPIRY_MINUTES * 60_000),
      createdAt: now,
      updatedAt: now,
    });
    await insertOrderItems(
      tx,
      items.map(({ line, product, lineTotalMinor }) => ({
        orderId: order.id,
        productId: product.id,
        title: product.title,
        unit: product.unit,
        imageUrl: thumbs.get(product.id) ?? line.thumbUrl,
        unitPriceMinor: product.priceMinor,
        quantity: line.quantity,
        lineTotalMinor,
      })),
    );
    await insertRedemptions(
      tx,
      [applied?.farm ? { code: applied.farm.code, amountMinor: farmDiscountMinor } : null, applied?.platform ? { code: applied.platform.code, amountMinor: platformDiscountMinor } : null]
        .filter((use) => use !== null)
        .map((use) => ({ codeId: use.code.id, orderId: order.id, checkoutId: checkout.id, buyerUserId: user.id, amountMinor: use.amountMinor, createdAt: now })),
    );
    await insertOrderEvent(tx, { orderId: order.id, fromStatus: null, toStatus: 'pending_payment', actor: 'buyer', actorUserId: user.id, note: null, createdAt: now });
    orderIds.push(order.id);
    created.push(order);
  }

  // A second checkout of the same basket (a double click with two keys) read the same lines; the
  // first to delete them wins and the other rolls back instead of buying the basket twice.
  if (source.kind === 'basket') {
    const cleared = await clearBasketLines(tx, user.id, lines.map((line) => line.productId));
    if (cleared !== lines.length) throw new ConflictError(BASKET_CHANGED_MESSAGE);
  }

  const outcomes: TransitionOutcome[] = [];
  let intent: PaymentIntentRow | null = null;
  if (method) {
    // One intent for the exact total, in this transaction (a replay finds it); no provider call until the commit.
    intent = await createIntent(tx, provider.name, {
      userId: user.id,
      purpose: 'checkout',
      amountMinor: created.reduce((total, order) => total + order.totalMinor, 0),
      currency: app.config.currency,
      method,
      checkoutId: checkout.id,
      expiresAt: new Date(now.getTime() + PAYMENT_EXPIRY_MINUTES * 60_000),
    });
  } else if (input.payNow) {
    for (const order of created) {
      outcomes.push(await runTransition(tx, app.config, order, 'pay', { roles: ['buyer'], userId: user.id }, {}, now));
    }
  }
  const records = await findOrderSummariesByIds(tx, orderIds);
  return { response: { checkoutId: checkout.id, orders: records.map(toOrderSummaryJson), replayed: false, payment: null }, outcomes, buyerUserId: user.id, intent };
}

/** After the commit of a checkout core: the catalogue's cached stock, and the paid orders' events (notifications, mail). */
export async function notifyCheckoutCommitted(app: FastifyInstance, result: CheckoutResult): Promise<void> {
  // The reserved stock leaves what the catalogue shows as available.
  if (!result.response.replayed) clearPublicResponses(app.db);
  // Each order is born waiting for its payment; paying it is a transition counted like the others.
  if (!result.response.replayed && result.response.orders.length > 0) orderTransitionsTotal.inc({ from: 'new', to: 'pending_payment' }, result.response.orders.length);
  for (const outcome of result.outcomes) await notifyTransition(app, outcome, result.buyerUserId);
}

/**
 * POST /api/checkout: the whole basket in ONE transaction — the checkout row (its unique key makes a
 * retry return the same orders), stock reserved by conditional updates, one order per farm with
 * server-computed amounts, slot places booked, basket lines cleared and, with payNow, every order
 * paid from the wallet. Any refusal rolls everything back.
 *
 * With payWith (issue 24) the orders wait for their payment instead: the transaction also creates
 * one payment intent for their exact total, started with the provider once it committed; the
 * answer carries the payment (pending with the page to open or what to do on the phone, or decided
 * at once by the sandbox). A declined payment is not an HTTP error: the orders are cancelled, the
 * basket is back and the payment says why.
 */
export async function placeCheckout(
  app: FastifyInstance,
  user: Pick<UserRow, 'id' | 'roles'>,
  idempotencyKey: string,
  rawInput: CheckoutInput,
  now: Date = new Date(),
  i18n: I18n = translatorFor('en'),
): Promise<{ response: TCheckoutResponse; created: boolean }> {
  const input = ZCheckoutInput.parse(rawInput);
  const provider = app.paymentProvider;
  const method = input.payWith ? checkPayWith(provider.name, input.payWith) : null;
  if (input.sellers.some((seller) => seller.fulfilment === 'delivery')) await placeAddressIfKnown(app.db, user.id, input.addressId);
  const result = await app.db.transaction((tx) => placeCheckoutInTransaction(app, tx, user, idempotencyKey, input, { kind: 'basket' }, now, method));

  const { response } = result;
  await notifyCheckoutCommitted(app, result);
  if (result.intent) {
    // A new checkout's payment starts now (the provider may decide it at once: the orders change); a replay's is answered as it is.
    const intent = response.replayed || !input.payWith ? result.intent : await startCheckoutPayment(app, result.intent, input.payWith);
    return { response: { ...response, orders: await loadCheckoutOrders(app.db, response.checkoutId), payment: toCheckoutPayment(intent, i18n) }, created: !response.replayed };
  }
  // The confirmation tells a pickup order's buyer where to go (the same point as its order page).
  const pickupPoints = await findPickupPoints(app.db, response.orders);
  const orders = response.orders.map((order) => ({ ...order, pickupPoint: pickupPoints.get(order.id) ?? null }));
  return { response: { ...response, orders }, created: !response.replayed };
}
