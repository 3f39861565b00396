import type { FastifyInstance } from 'fastify';
import {
  ASSISTANT_EMPTY_MESSAGE,
  ASSISTANT_MESSAGE_MAX_LENGTH,
  ASSISTANT_PRODUCT_LIMIT,
  ASSISTANT_SIGN_IN_MESSAGE,
  EMPTY_ASSISTANT_FILTERS,
  type TAssistantBlock,
  type TAssistantContext,
  type TAssistantFilters,
  type TAssistantIntent,
  type TAssistantOrder,
  type TAssistantPlace,
  type TSearchProductsInput,
} from '@pulse/contract/assistant';
import type { UserRow } from '../../db/schema/users';
import { loadActiveProductSummaries } from '../products/products-service';
import { listSellerSlots } from '../slots/slots-service';
import { getWallet } from '../wallet/wallet-service';
import {
  ASK_FOR_PLACE_TEXT,
  CHIP_ADD_FIRST,
  CHIP_AGENT,
  CHIP_CHEAPEST,
  CHIP_FEES,
  CHIP_FIND,
  CHIP_ORGANIC,
  CHIP_SELL,
  CHIP_TOP_UP,
  CHIP_WALLET,
  CHIP_WHERE_ORDER,
  GENERAL_CHIPS,
  GREETING_TEXT,
  HOW_TO,
  LINKS,
  OUT_OF_SCOPE_TEXT,
  THANKS_TEXT,
  TOO_LONG_TEXT,
  describeRequest,
  foundText,
  money,
  noneFoundText,
  noneNearText,
  OTHER_ORDERS_LISTED,
  orderSentence,
  otherOrdersSentence,
  type Link,
} from './assistant-answers';
import { PAYMENT_METHODS_BY_PROVIDER, askedPayInMethod, payInWords, paymentMethodsText, type PaymentMethods } from './assistant-payments';
import { findBuyerOrderIdByNumber, findHomePoint } from './assistant-repository';
import { ORDER_NOT_FOUND_TEXT, addToBasket, orderStatus, searchProducts, waitingOrders } from './assistant-tools';
import { defaultUnderstanding, type EngineUnderstanding, type Understanding } from './assistant-understanding';

/**
 * The built-in engine (issue 14 §2-3, decision 024): lane A's `understand` turns the message into
 * an intent and the details of a request (merged with the previous context for follow-ups); each
 * intent then calls the typed tools as the person asking, and the answer is worded from their
 * results only. The caller is fixed by the route: nothing in the message changes whose data is read.
 */

export interface EngineAnswer {
  text: string;
  blocks: TAssistantBlock[];
  suggestions: string[];
  intent: TAssistantIntent | null;
  context: TAssistantContext;
  source: 'engine';
}

export interface EngineOptions {
  /** The browser's position, for "near me". */
  position?: { lat: number; lng: number } | null;
  now?: Date;
  /** Tests may replace the understanding; by default lane A's NLU with the cached gazetteer. */
  understanding?: EngineUnderstanding;
}

const EMPTY_CONTEXT: TAssistantContext = { lastIntent: null, filters: null, productIds: [], orderId: null };

function answer(
  intent: TAssistantIntent | null,
  text: string,
  context: TAssistantContext,
  extra: { blocks?: TAssistantBlock[]; suggestions?: string[] } = {},
): EngineAnswer {
  return { text, blocks: extra.blocks ?? [], suggestions: extra.suggestions ?? [], intent, context, source: 'engine' };
}

function links(...items: Link[]): TAssistantBlock {
  return { type: 'links', items };
}

const SIGN_IN_BLOCK: TAssistantBlock = { type: 'sign_in', text: ASSISTANT_SIGN_IN_MESSAGE };

function withIntent(context: TAssistantContext, intent: TAssistantIntent): TAssistantContext {
  return { ...context, lastIntent: intent };
}

/** Where "near me" is: the browser's position, else the signed-in user's saved address. */
async function resolveNearMe(app: FastifyInstance, caller: UserRow | null, position: EngineOptions['position']): Promise<TAssistantPlace | null> {
  if (position) return { name: 'you', lat: position.lat, lng: position.lng };
  if (caller) return findHomePoint(app.db, caller.id);
  return null;
}

function searchInput(filters: TAssistantFilters, place: TAssistantPlace | null): TSearchProductsInput {
  const input: TSearchProductsInput = { limit: ASSISTANT_PRODUCT_LIMIT };
  if (filters.query?.trim()) input.query = filters.query.trim().slice(0, 200);
  if (filters.category) input.category = filters.category;
  if (filters.organic !== null) input.organic = filters.organic;
  if (filters.minPriceMinor !== null) input.minPriceMinor = filters.minPriceMinor;
  if (filters.maxPriceMinor !== null) input.maxPriceMinor = filters.maxPriceMinor;
  if (filters.harvestedWithinDays !== null) input.harvestedWithinDays = Math.min(365, filters.harvestedWithinDays);
  if (filters.sort) input.sort = filters.sort;
  if (place) {
    input.near = place.name.slice(0, 100);
    input.lat = place.lat;
    input.lng = place.lng;
  }
  return input;
}

/**
 * Chips that widen a search that found nothing: each is a whole new request without one of the
 * limits (price, organic, freshness), keeping the place. The place itself is widened by the
 * answer (the nearest matches farther away), not by a chip.
 */
function wideningChips(filters: TAssistantFilters, placeName: string | null, currency: string): string[] {
  const chips: string[] = [];
  const variants: Array<[boolean, TAssistantFilters]> = [
    [filters.maxPriceMinor !== null || filters.minPriceMinor !== null, { ...filters, minPriceMinor: null, maxPriceMinor: null }],
    [filters.organic === true, { ...filters, organic: null }],
    [filters.harvestedWithinDays !== null, { ...filters, harvestedWithinDays: null }],
  ];
  for (const [applies, wider] of variants) {
    if (!applies) continue;
    const text = describeRequest(wider, placeName === 'you' ? null : placeName, currency);
    chips.push(placeName === 'you' ? `${text} near me` : text);
  }
  return chips.map((chip) => chip.charAt(0).toUpperCase() + chip.slice(1)).slice(0, 3);
}

async function findProducts(
  app: FastifyInstance,
  caller: UserRow | null,
  filters: TAssistantFilters,
  context: TAssistantContext,
  options: EngineOptions,
): Promise<EngineAnswer> {
  const currency = app.config.currency;
  let place: TAssistantPlace | null = filters.near;
  if (filters.nearMe) {
    place = await resolveNearMe(app, caller, options.position);
    if (!place) {
      return answer('find_products', ASK_FOR_PLACE_TEXT, { ...context, lastIntent: 'find_products', filters }, { suggestions: ['Near Kumasi', 'Near Accra'] });
    }
  }
  const { data, block } = await searchProducts(app, searchInput(filters, place), { now: options.now });
  const placeName = place ? (place.name === 'you' ? 'you' : place.name) : null;
  const description = describeRequest(filters, placeName, currency);
  const nextContext: TAssistantContext = {
    lastIntent: 'find_products',
    filters,
    productIds: data.items.map((item) => item.id),
    orderId: context.orderId,
  };
  if (data.items.length === 0 && place && data.radiusKm !== null) {
    // Nothing within the radius: the nearest matches farther away, said as such (one more query).
    const wider = await searchProducts(app, { ...searchInput(filters, place), radiusKm: 500, sort: 'distance' }, { now: options.now });
    if (wider.data.items.length > 0) {
      const nearest = wider.data.items;
      const text = `${noneNearText(description, data.radiusKm)} The nearest ${nearest.length === 1 ? 'one is' : 'ones are'} farther away:`;
      return answer('find_products', text, { ...nextContext, productIds: nearest.map((item) => item.id) }, {
        blocks: [wider.block],
        suggestions: [...wideningChips(filters, placeName, currency), CHIP_ADD_FIRST].slice(0, 3),
      });
    }
  }
  if (data.items.length === 0) {
    const chips = wideningChips(filters, placeName, currency);
    return answer('find_products', noneFoundText(description, chips.length > 0), nextContext, {
      blocks: [links(LINKS.listing)],
      suggestions: chips.length > 0 ? chips : [CHIP_FIND, CHIP_WHERE_ORDER],
    });
  }
  const suggestions: string[] = [];
  if (filters.organic !== true) suggestions.push(CHIP_ORGANIC);
  if (filters.sort !== 'price_asc') suggestions.push(CHIP_CHEAPEST);
  suggestions.push(CHIP_ADD_FIRST);
  return answer('find_products', foundText(data.items.length, description), nextContext, { blocks: [block], suggestions });
}

async function addFromChat(
  app: FastifyInstance,
  caller: UserRow | null,
  understood: Understanding,
  context: TAssistantContext,
  options: EngineOptions,
): Promise<EngineAnswer> {
  const next = withIntent(context, 'add_to_basket');
  if (!caller) return answer('add_to_basket', 'Sign in to add products to your basket.', next, { blocks: [SIGN_IN_BLOCK] });
  const { ordinal, quantity } = understood.reference;
  let productId: string | undefined;
  if (ordinal !== null && ordinal >= 1) productId = context.productIds[ordinal - 1];
  else if (context.productIds.length > 0 && !understood.filters.query) productId = context.productIds[0];
  if (!productId && ordinal === null && understood.filters.query) {
    // "add 2 kg of tomatoes to my basket" with nothing shown yet: the best match of the catalogue.
    const { data } = await searchProducts(app, { ...searchInput(understood.filters, understood.filters.near), limit: 1 }, { now: options.now });
    productId = data.items[0]?.id;
    if (productId) next.productIds = [productId];
  }
  if (!productId) {
    const text =
      ordinal !== null && context.productIds.length > 0
        ? `I only showed ${context.productIds.length} product${context.productIds.length === 1 ? '' : 's'}. Which one should I add?`
        : 'Which product should I add? Search for it first, for example "tomatoes near Kumasi".';
    return answer('add_to_basket', text, next, { suggestions: [CHIP_FIND] });
  }
  const summaries = await loadActiveProductSummaries(app.db, [productId], app.config.currency);
  const product = summaries.get(productId);
  const wanted = Math.max(1, Math.ceil(quantity ?? product?.minOrderQuantity ?? 1));
  const result = await addToBasket(app, caller, productId, Math.min(10_000, wanted));
  if (!result.data.added) {
    const title = product?.title ?? 'that product';
    return answer('add_to_basket', `I couldn't add ${title} to your basket: ${result.data.message ?? 'it is not available.'}`, next, {
      blocks: product ? [{ type: 'products', items: [product], moreLink: null }] : [],
      suggestions: [CHIP_FIND],
    });
  }
  const unit = result.data.unit ?? product?.unit ?? '';
  const amount = `${result.data.quantity} ${unit}`.trim();
  return answer('add_to_basket', `Added ${amount} of ${result.data.title ?? product?.title ?? 'it'} to your basket.`, next, {
    blocks: [...result.blocks, links(LINKS.basket)],
    suggestions: [CHIP_FIND, CHIP_FEES],
  });
}

async function orderAnswer(
  app: FastifyInstance,
  caller: UserRow | null,
  intent: 'order_status' | 'delivery_status',
  orderNumberText: string | null,
  context: TAssistantContext,
): Promise<EngineAnswer> {
  const next = withIntent(context, intent);
  if (!caller) return answer(intent, ASSISTANT_SIGN_IN_MESSAGE, next, { blocks: [SIGN_IN_BLOCK] });
  let order: TAssistantOrder;
  let others: TAssistantOrder[] = [];
  let latest = false;
  if (orderNumberText) {
    const found = await findBuyerOrderIdByNumber(app.db, caller.id, orderNumberText);
    const result = found ? await orderStatus(app, caller, found) : null;
    if (!result?.order) return answer(intent, ORDER_NOT_FOUND_TEXT, next, { suggestions: [CHIP_WHERE_ORDER] });
    order = result.order;
  } else {
    // "Where is my order": the one they wait for (on its way, ready, accepted) before a newer one
    // that is merely paid; the other orders in progress follow in a line.
    const waiting = await waitingOrders(app, caller);
    if (!waiting[0]) return answer(intent, "You haven't placed any orders yet.", next, { suggestions: [CHIP_FIND] });
    [order, ...others] = waiting as [TAssistantOrder, ...TAssistantOrder[]];
    latest = others.every((other) => other.createdAt <= order.createdAt);
  }
  let text = orderSentence(order, latest);
  if (intent === 'delivery_status' && !order.delivery) text += ' It is a pickup order: you collect it at the farm.';
  if (others.length > 0) text += ` ${otherOrdersSentence(others)}`;
  const blocks: TAssistantBlock[] = [{ type: 'orders', items: [order] }];
  if (others.length > 0) {
    blocks.push(links(...others.slice(0, OTHER_ORDERS_LISTED).map((other) => ({ label: `Order #${other.number} (${other.statusLabel.toLowerCase()})`, to: `/order/${other.id}` }))));
  }
  return answer(intent, text, { ...next, orderId: order.id }, { blocks, suggestions: [CHIP_WALLET, CHIP_FIND] });
}

async function walletAnswer(app: FastifyInstance, caller: UserRow | null, context: TAssistantContext): Promise<EngineAnswer> {
  const next = withIntent(context, 'wallet_balance');
  if (!caller) return answer('wallet_balance', ASSISTANT_SIGN_IN_MESSAGE, next, { blocks: [SIGN_IN_BLOCK] });
  const wallet = await getWallet(app.db, caller.id, app.config.currency);
  let text = `You have ${money(wallet.availableMinor, wallet.currency)} available in your wallet.`;
  if (wallet.escrowMinor > 0) text += ` ${money(wallet.escrowMinor, wallet.currency)} is held for orders in progress.`;
  return answer('wallet_balance', text, next, {
    blocks: [{ type: 'wallet', availableMinor: wallet.availableMinor, escrowMinor: wallet.escrowMinor, currency: wallet.currency }, links(LINKS.wallet)],
    suggestions: [CHIP_TOP_UP, CHIP_WHERE_ORDER],
  });
}

async function deliveryFeesAnswer(app: FastifyInstance, context: TAssistantContext, now: Date): Promise<EngineAnswer> {
  const currency = app.config.currency;
  const bands = app.config.deliveryFeeBands;
  const parts: string[] = [];
  let from = 0;
  for (const band of bands) {
    parts.push(`${money(band.feeMinor, currency)} up to ${band.upToKm} km`);
    from = band.upToKm;
  }
  let text =
    bands.length > 0
      ? `Delivery by a Pulse Agent costs ${parts.join(', ')} from the farm; farther than ${from} km, delivery isn't offered. ${HOW_TO.slotsGeneral}`
      : HOW_TO.slotsGeneral;
  const productId = context.productIds[0];
  if (productId) {
    const product = (await loadActiveProductSummaries(app.db, [productId], currency)).get(productId);
    if (product) {
      const slots = (await listSellerSlots(app.db, product.sellerUserId, undefined, now)).items.slice(0, 3);
      const farm = product.farmName || 'the farm';
      text +=
        slots.length > 0
          ? ` ${farm}'s next slots: ${slots.map((slot) => `${slot.method} ${formatWindow(slot.startsAt, slot.endsAt)}`).join('; ')}.`
          : ` ${farm} has no open slots right now.`;
    }
  }
  return answer('delivery_fees', text, withIntent(context, 'delivery_fees'), { blocks: [links(LINKS.basket)], suggestions: [CHIP_FIND, CHIP_WHERE_ORDER] });
}

function formatWindow(startsAt: string, endsAt: string): string {
  const day = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return `${day.format(new Date(startsAt))}, ${time.format(new Date(startsAt))}-${time.format(new Date(endsAt))} UTC`;
}

async function contactFarmAnswer(app: FastifyInstance, context: TAssistantContext): Promise<EngineAnswer> {
  const items: Link[] = [];
  const productId = context.productIds[0];
  let text: string = HOW_TO.contact;
  if (productId) {
    const product = (await loadActiveProductSummaries(app.db, [productId], app.config.currency)).get(productId);
    if (product) {
      const farm = product.farmName || 'the farm';
      text = `To write to ${farm}, open ${product.title} and choose "Message the farm"; your conversations are in Messages.`;
      items.push({ label: `${product.title} from ${farm}`, to: `/product-details/${product.id}` });
    }
  }
  items.push(LINKS.messages);
  return answer('contact_farm', text, withIntent(context, 'contact_farm'), { blocks: [links(...items)], suggestions: [CHIP_FIND, CHIP_WHERE_ORDER] });
}

async function refundAnswer(app: FastifyInstance, caller: UserRow | null, context: TAssistantContext): Promise<EngineAnswer> {
  const next = withIntent(context, 'refund');
  if (!caller) return answer('refund', `${HOW_TO.refund} ${ASSISTANT_SIGN_IN_MESSAGE}`, next, { blocks: [SIGN_IN_BLOCK, links(LINKS.refunds)] });
  const items: Link[] = [];
  const result = await orderStatus(app, caller, context.orderId ?? undefined);
  if (result.order) items.push({ label: `Order #${result.order.number} (${result.order.statusLabel.toLowerCase()})`, to: `/order/${result.order.id}` });
  items.push(LINKS.refunds);
  return answer('refund', HOW_TO.refund, result.order ? { ...next, orderId: result.order.id } : next, {
    blocks: [links(...items)],
    suggestions: [CHIP_WHERE_ORDER, CHIP_WALLET],
  });
}

function paymentMethodsOf(app: FastifyInstance): PaymentMethods {
  return PAYMENT_METHODS_BY_PROVIDER[app.config.paymentProvider];
}

/** "Can I pay with mobile money?": the methods the configured provider really takes. */
function paymentMethodsAnswer(app: FastifyInstance, caller: UserRow | null, text: string, context: TAssistantContext): EngineAnswer {
  return answer('payment_methods', paymentMethodsText(paymentMethodsOf(app), askedPayInMethod(text)), withIntent(context, 'payment_methods'), {
    blocks: caller ? [links(LINKS.wallet)] : [SIGN_IN_BLOCK, links(LINKS.wallet)],
    suggestions: [CHIP_WALLET, CHIP_FIND],
  });
}

/**
 * The engine's answer to `text` from `caller` (null = a visitor), given the previous context (the
 * stored one for signed-in users, the browser's for visitors).
 */
export async function answerWithEngine(
  app: FastifyInstance,
  caller: UserRow | null,
  text: string,
  previous: TAssistantContext | null,
  options: EngineOptions = {},
): Promise<EngineAnswer> {
  const context = previous ?? EMPTY_CONTEXT;
  if (text.trim() === '') return answer(null, ASSISTANT_EMPTY_MESSAGE, context, { suggestions: GENERAL_CHIPS });
  if (text.length > ASSISTANT_MESSAGE_MAX_LENGTH) return answer(null, TOO_LONG_TEXT, context, { suggestions: GENERAL_CHIPS });

  const now = options.now ?? new Date();
  const understanding = options.understanding ?? (await defaultUnderstanding(app));
  const understood = understanding.understand(text, previous, { now, currency: app.config.currency });
  if (understood.empty) return answer(null, ASSISTANT_EMPTY_MESSAGE, context, { suggestions: GENERAL_CHIPS });
  if (understood.tooLong) return answer(null, TOO_LONG_TEXT, context, { suggestions: GENERAL_CHIPS });
  const filters = understood.filters ?? EMPTY_ASSISTANT_FILTERS;

  switch (understood.intent) {
    case 'find_products':
      return findProducts(app, caller, filters, context, { ...options, now });
    case 'add_to_basket':
      return addFromChat(app, caller, understood, context, { ...options, now });
    case 'order_status':
    case 'delivery_status':
      return orderAnswer(app, caller, understood.intent, understood.orderNumber, context);
    case 'wallet_balance':
      return walletAnswer(app, caller, context);
    case 'how_to_sell': {
      const already = caller?.roles.includes('seller') ?? false;
      return answer('how_to_sell', already ? HOW_TO.alreadySeller : HOW_TO.sell, withIntent(context, 'how_to_sell'), {
        blocks: [links(...(already ? [LINKS.sellerDashboard, LINKS.sellers] : [LINKS.sellerSignup, LINKS.sellers]))],
        suggestions: [CHIP_AGENT, CHIP_FIND],
      });
    }
    case 'how_to_become_agent': {
      const already = caller?.roles.includes('agent') ?? false;
      return answer('how_to_become_agent', already ? HOW_TO.alreadyAgent : HOW_TO.agent, withIntent(context, 'how_to_become_agent'), {
        blocks: [links(...(already ? [LINKS.agentDashboard, LINKS.pulseAgents] : [LINKS.agentRegistration, LINKS.pulseAgents]))],
        suggestions: [CHIP_SELL, CHIP_FIND],
      });
    }
    case 'top_up': {
      // "Can I top up with momo?" names a method: the straight yes or no of the payment answer.
      if (askedPayInMethod(text)) return paymentMethodsAnswer(app, caller, text, context);
      const topUp = HOW_TO.topUp(payInWords(paymentMethodsOf(app)));
      return answer('top_up', caller ? topUp : `${topUp} ${ASSISTANT_SIGN_IN_MESSAGE}`, withIntent(context, 'top_up'), {
        blocks: caller ? [links(LINKS.wallet)] : [SIGN_IN_BLOCK, links(LINKS.wallet)],
        suggestions: [CHIP_WALLET, CHIP_FIND],
      });
    }
    case 'payment_methods':
      return paymentMethodsAnswer(app, caller, text, context);
    case 'refund':
      return refundAnswer(app, caller, context);
    case 'delivery_fees':
      return deliveryFeesAnswer(app, context, now);
    case 'contact_farm':
      return contactFarmAnswer(app, context);
    case 'greeting':
      return answer('greeting', GREETING_TEXT, withIntent(context, 'greeting'), { suggestions: GENERAL_CHIPS });
    case 'thanks':
      return answer('thanks', THANKS_TEXT, withIntent(context, 'thanks'), { suggestions: GENERAL_CHIPS });
    case 'out_of_scope':
      return answer('out_of_scope', OUT_OF_SCOPE_TEXT, withIntent(context, 'out_of_scope'), { suggestions: GENERAL_CHIPS });
  }
}
