import { AsyncLocalStorage } from 'node:async_hooks';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/runtime-macro';
import type { FastifyInstance } from 'fastify';
import {
  ASSISTANT_MESSAGE_MAX_LENGTH,
  ASSISTANT_PRODUCT_LIMIT,
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
import { translatorFor } from '../../i18n/translator';
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
  CHIP_NEAR_ACCRA,
  CHIP_NEAR_KUMASI,
  CHIP_ORGANIC,
  CHIP_SELL,
  CHIP_TOP_UP,
  CHIP_WALLET,
  CHIP_WHERE_ORDER,
  GENERAL_CHIPS,
  GREETING_TEXT,
  EMPTY_TEXT,
  HOW_TO,
  LINKS,
  OUT_OF_SCOPE_TEXT,
  SIGN_IN_TEXT,
  THANKS_TEXT,
  TOO_LONG_TEXT,
  describeRequest,
  foundText,
  linkIn,
  money,
  nearestFartherText,
  noneFoundText,
  noneNearText,
  numberIn,
  OTHER_ORDERS_LISTED,
  orderLinkLabel,
  orderSentence,
  otherOrdersSentence,
  topUpText,
  type Link,
  type LinkMessage,
} from './assistant-answers';
import { chipText, englishOfChip, rememberChips } from './assistant-chips';
import { paymentMethodsFor, askedPayInMethod, payInWords, paymentMethodsText, type PaymentMethods } from './assistant-payments';
import { findBuyerOrderIdByNumber, findHomePoint } from './assistant-repository';
import { addToBasket, orderStatus, searchProducts, waitingOrders } from './assistant-tools';

/** assistant-tools.ts's ORDER_NOT_FOUND_TEXT, in the caller's language. */
const ORDER_NOT_FOUND = msg`I can't find that order among yours. Check the number on the order page.`;
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
  /** The caller's language (`request.i18n`); English by default. The question is read in English. */
  i18n?: I18n;
}

const EMPTY_CONTEXT: TAssistantContext = { lastIntent: null, filters: null, productIds: [], orderId: null };

type Chip = MessageDescriptor | string;

/** The translator of the answer being written (answerWithEngine runs each answer in its own). */
const translatorStore = new AsyncLocalStorage<I18n>();

/** The caller's translator for this answer; English outside answerWithEngine. */
function lang(): I18n {
  return translatorStore.getStore() ?? translatorFor('en');
}

/** A text in the caller's language. */
function tr(text: MessageDescriptor | string): string {
  return typeof text === 'string' ? text : lang()._(text);
}

function answer(
  intent: TAssistantIntent | null,
  text: MessageDescriptor | string,
  context: TAssistantContext,
  extra: { blocks?: TAssistantBlock[]; suggestions?: Chip[] } = {},
): EngineAnswer {
  const suggestions = (extra.suggestions ?? []).map((chip) => chipText(lang(), chip));
  return { text: tr(text), blocks: extra.blocks ?? [], suggestions, intent, context, source: 'engine' };
}

function links(...items: Array<Link | LinkMessage>): TAssistantBlock {
  return { type: 'links', items: items.map((item) => (typeof item.label === 'string' ? (item as Link) : linkIn(lang(), item as LinkMessage))) };
}

function signInBlock(): TAssistantBlock {
  return { type: 'sign_in', text: tr(SIGN_IN_TEXT) };
}

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
  const english = translatorFor('en');
  const chips: string[] = [];
  const variants: Array<[boolean, TAssistantFilters]> = [
    [filters.maxPriceMinor !== null || filters.minPriceMinor !== null, { ...filters, minPriceMinor: null, maxPriceMinor: null }],
    [filters.organic === true, { ...filters, organic: null }],
    [filters.harvestedWithinDays !== null, { ...filters, harvestedWithinDays: null }],
  ];
  for (const [applies, wider] of variants) {
    if (!applies) continue;
    // The chip is sent back as a question: worded in English for the engine, shown in the caller's language.
    const request = describeRequest(english, wider, placeName === 'you' ? null : placeName, currency);
    const shown = describeRequest(lang(), wider, placeName === 'you' ? null : placeName, currency);
    const chip = placeName === 'you' ? `${request} near me` : request;
    const text = placeName === 'you' ? lang()._(msg`${{ text: shown }} near me`) : shown;
    chips.push(rememberChips(capitalise(text), capitalise(chip)));
  }
  return chips.slice(0, 3);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
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
      return answer('find_products', ASK_FOR_PLACE_TEXT, { ...context, lastIntent: 'find_products', filters }, { suggestions: [CHIP_NEAR_KUMASI, CHIP_NEAR_ACCRA] });
    }
  }
  const { data, block } = await searchProducts(app, searchInput(filters, place), { now: options.now });
  const placeName = place ? (place.name === 'you' ? 'you' : place.name) : null;
  const description = describeRequest(lang(), filters, placeName === 'you' ? tr(msg`you`) : placeName, currency);
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
      const text = `${noneNearText(lang(), description, data.radiusKm)} ${nearestFartherText(lang(), nearest.length)}`;
      return answer('find_products', text, { ...nextContext, productIds: nearest.map((item) => item.id) }, {
        blocks: [wider.block],
        suggestions: [...wideningChips(filters, placeName, currency), CHIP_ADD_FIRST].slice(0, 3),
      });
    }
  }
  if (data.items.length === 0) {
    const chips = wideningChips(filters, placeName, currency);
    return answer('find_products', noneFoundText(lang(), description, chips.length > 0), nextContext, {
      blocks: [links(LINKS.listing)],
      suggestions: chips.length > 0 ? chips : [CHIP_FIND, CHIP_WHERE_ORDER],
    });
  }
  const suggestions: Chip[] = [];
  if (filters.organic !== true) suggestions.push(CHIP_ORGANIC);
  if (filters.sort !== 'price_asc') suggestions.push(CHIP_CHEAPEST);
  suggestions.push(CHIP_ADD_FIRST);
  return answer('find_products', foundText(lang(), data.items.length, description), nextContext, { blocks: [block], suggestions });
}

async function addFromChat(
  app: FastifyInstance,
  caller: UserRow | null,
  understood: Understanding,
  context: TAssistantContext,
  options: EngineOptions,
): Promise<EngineAnswer> {
  const next = withIntent(context, 'add_to_basket');
  if (!caller) return answer('add_to_basket', msg`Sign in to add products to your basket.`, next, { blocks: [signInBlock()] });
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
    const shown = context.productIds.length;
    const text =
      ordinal !== null && shown > 0
        ? tr(msg`${plural({ shown }, { one: 'I only showed # product. Which one should I add?', other: 'I only showed # products. Which one should I add?' })}`)
        : tr(msg`Which product should I add? Search for it first, for example "tomatoes near Kumasi".`);
    return answer('add_to_basket', text, next, { suggestions: [CHIP_FIND] });
  }
  const summaries = await loadActiveProductSummaries(app.db, [productId], app.config.currency);
  const product = summaries.get(productId);
  const wanted = Math.max(1, Math.ceil(quantity ?? product?.minOrderQuantity ?? 1));
  const result = await addToBasket(app, caller, productId, Math.min(10_000, wanted));
  if (!result.data.added) {
    const title = product?.title ?? tr(msg`that product`);
    const reason = result.data.message ?? tr(msg`it is not available.`);
    return answer('add_to_basket', tr(msg`I couldn't add ${{ title }} to your basket: ${{ reason }}`), next, {
      blocks: product ? [{ type: 'products', items: [product], moreLink: null }] : [],
      suggestions: [CHIP_FIND],
    });
  }
  const unit = result.data.unit ?? product?.unit ?? '';
  const amount = `${numberIn(lang(), result.data.quantity)} ${unit}`.trim();
  const title = result.data.title ?? product?.title ?? tr(msg`it`);
  return answer('add_to_basket', tr(msg`Added ${{ amount }} of ${{ title }} to your basket.`), next, {
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
  if (!caller) return answer(intent, SIGN_IN_TEXT, next, { blocks: [signInBlock()] });
  let order: TAssistantOrder;
  let others: TAssistantOrder[] = [];
  let latest = false;
  if (orderNumberText) {
    const found = await findBuyerOrderIdByNumber(app.db, caller.id, orderNumberText);
    const result = found ? await orderStatus(app, caller, found, lang()) : null;
    if (!result?.order) return answer(intent, ORDER_NOT_FOUND, next, { suggestions: [CHIP_WHERE_ORDER] });
    order = result.order;
  } else {
    // "Where is my order": the one they wait for (on its way, ready, accepted) before a newer one
    // that is merely paid; the other orders in progress follow in a line.
    const waiting = await waitingOrders(app, caller, lang());
    if (!waiting[0]) return answer(intent, msg`You haven't placed any orders yet.`, next, { suggestions: [CHIP_FIND] });
    [order, ...others] = waiting as [TAssistantOrder, ...TAssistantOrder[]];
    latest = others.every((other) => other.createdAt <= order.createdAt);
  }
  let text = orderSentence(lang(), order, latest);
  if (intent === 'delivery_status' && !order.delivery) text += ` ${tr(msg`It is a pickup order: you collect it at the farm.`)}`;
  if (others.length > 0) text += ` ${otherOrdersSentence(lang(), others)}`;
  const blocks: TAssistantBlock[] = [{ type: 'orders', items: [order] }];
  if (others.length > 0) {
    blocks.push(links(...others.slice(0, OTHER_ORDERS_LISTED).map((other) => ({ label: orderLinkLabel(lang(), other), to: `/order/${other.id}` }))));
  }
  return answer(intent, text, { ...next, orderId: order.id }, { blocks, suggestions: [CHIP_WALLET, CHIP_FIND] });
}

async function walletAnswer(app: FastifyInstance, caller: UserRow | null, context: TAssistantContext): Promise<EngineAnswer> {
  const next = withIntent(context, 'wallet_balance');
  if (!caller) return answer('wallet_balance', SIGN_IN_TEXT, next, { blocks: [signInBlock()] });
  const wallet = await getWallet(app, caller.id);
  const available = money(wallet.availableMinor, wallet.currency, lang());
  let text = tr(msg`You have ${{ available }} available in your wallet.`);
  if (wallet.escrowMinor > 0) {
    const held = money(wallet.escrowMinor, wallet.currency, lang());
    text += ` ${tr(msg`${{ held }} is held for orders in progress.`)}`;
  }
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
    const fee = money(band.feeMinor, currency, lang());
    const km = numberIn(lang(), band.upToKm);
    parts.push(tr(msg`${{ fee }} up to ${{ km }} km`));
    from = band.upToKm;
  }
  const fees = parts.join(', ');
  const farthest = numberIn(lang(), from);
  const slotsGeneral = tr(HOW_TO.slotsGeneral);
  let text =
    bands.length > 0
      ? tr(msg`Delivery by a Pulse Agent costs ${{ fees }} from the farm; farther than ${{ farthest }} km, delivery isn't offered. ${{ slotsGeneral }}`)
      : slotsGeneral;
  const productId = context.productIds[0];
  if (productId) {
    const product = (await loadActiveProductSummaries(app.db, [productId], currency)).get(productId);
    if (product) {
      const slots = (await listSellerSlots(app.db, product.sellerUserId, undefined, now)).items.slice(0, 3);
      const farm = product.farmName || tr(msg`the farm`);
      const list = slots.map((slot) => `${tr(slot.method === 'delivery' ? msg`delivery` : msg`pickup`)} ${formatWindow(slot.startsAt, slot.endsAt)}`).join('; ');
      text += ` ${slots.length > 0 ? tr(msg`${{ farm }}'s next slots: ${{ list }}.`) : tr(msg`${{ farm }} has no open slots right now.`)}`;
    }
  }
  return answer('delivery_fees', text, withIntent(context, 'delivery_fees'), { blocks: [links(LINKS.basket)], suggestions: [CHIP_FIND, CHIP_WHERE_ORDER] });
}

function formatWindow(startsAt: string, endsAt: string): string {
  // en-GB's day and 24-hour clock for English (as before), the caller's own otherwise.
  const locale = lang().locale === 'fr' || lang().locale === 'ak' ? lang().locale : 'en-GB';
  const day = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });
  return `${day.format(new Date(startsAt))}, ${time.format(new Date(startsAt))}-${time.format(new Date(endsAt))} UTC`;
}

async function contactFarmAnswer(app: FastifyInstance, context: TAssistantContext): Promise<EngineAnswer> {
  const items: Array<Link | LinkMessage> = [];
  const productId = context.productIds[0];
  let text: string = tr(HOW_TO.contact);
  if (productId) {
    const product = (await loadActiveProductSummaries(app.db, [productId], app.config.currency)).get(productId);
    if (product) {
      const farm = product.farmName || tr(msg`the farm`);
      const title = product.title;
      text = tr(msg`To write to ${{ farm }}, open ${{ title }} and choose "Message the farm"; your conversations are in Messages.`);
      items.push({ label: tr(msg`${{ title }} from ${{ farm }}`), to: `/product-details/${product.id}` });
    }
  }
  items.push(LINKS.messages);
  return answer('contact_farm', text, withIntent(context, 'contact_farm'), { blocks: [links(...items)], suggestions: [CHIP_FIND, CHIP_WHERE_ORDER] });
}

async function refundAnswer(app: FastifyInstance, caller: UserRow | null, context: TAssistantContext): Promise<EngineAnswer> {
  const next = withIntent(context, 'refund');
  if (!caller) return answer('refund', `${tr(HOW_TO.refund)} ${tr(SIGN_IN_TEXT)}`, next, { blocks: [signInBlock(), links(LINKS.refunds)] });
  const items: Array<Link | LinkMessage> = [];
  const result = await orderStatus(app, caller, context.orderId ?? undefined, lang());
  if (result.order) items.push({ label: orderLinkLabel(lang(), result.order), to: `/order/${result.order.id}` });
  items.push(LINKS.refunds);
  return answer('refund', HOW_TO.refund, result.order ? { ...next, orderId: result.order.id } : next, {
    blocks: [links(...items)],
    suggestions: [CHIP_WHERE_ORDER, CHIP_WALLET],
  });
}

function paymentMethodsOf(app: FastifyInstance): PaymentMethods {
  return paymentMethodsFor(app.config);
}

/** "Can I pay with mobile money?": the methods the configured provider really takes. */
function paymentMethodsAnswer(app: FastifyInstance, caller: UserRow | null, text: string, context: TAssistantContext): EngineAnswer {
  return answer('payment_methods', paymentMethodsText(paymentMethodsOf(app), askedPayInMethod(text), lang()), withIntent(context, 'payment_methods'), {
    blocks: caller ? [links(LINKS.wallet)] : [signInBlock(), links(LINKS.wallet)],
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
  asked: string,
  previous: TAssistantContext | null,
  options: EngineOptions = {},
): Promise<EngineAnswer> {
  const i18n = options.i18n ?? translatorFor('en');
  return answerIn(i18n, () => answerInLanguage(app, caller, asked, previous, options));
}

/**
 * Runs `write` with `i18n` as the engine's translator: the answers await the database, so two
 * questions in two languages interleave; each keeps its own through AsyncLocalStorage.
 */
async function answerIn<T>(i18n: I18n, write: () => Promise<T>): Promise<T> {
  return translatorStore.run(i18n, write);
}

async function answerInLanguage(
  app: FastifyInstance,
  caller: UserRow | null,
  asked: string,
  previous: TAssistantContext | null,
  options: EngineOptions,
): Promise<EngineAnswer> {
  const context = previous ?? EMPTY_CONTEXT;
  // A chip in the caller's language is read as the English question it stands for.
  const text = englishOfChip(asked);
  if (text.trim() === '') return answer(null, EMPTY_TEXT, context, { suggestions: GENERAL_CHIPS });
  if (text.length > ASSISTANT_MESSAGE_MAX_LENGTH) return answer(null, TOO_LONG_TEXT, context, { suggestions: GENERAL_CHIPS });

  const now = options.now ?? new Date();
  const understanding = options.understanding ?? (await defaultUnderstanding(app));
  const understood = understanding.understand(text, previous, { now, currency: app.config.currency });
  if (understood.empty) return answer(null, EMPTY_TEXT, context, { suggestions: GENERAL_CHIPS });
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
      const topUp = topUpText(lang(), payInWords(paymentMethodsOf(app), lang()));
      return answer('top_up', caller ? topUp : `${topUp} ${tr(SIGN_IN_TEXT)}`, withIntent(context, 'top_up'), {
        blocks: caller ? [links(LINKS.wallet)] : [signInBlock(), links(LINKS.wallet)],
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
