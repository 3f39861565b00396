import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import type { FastifyInstance } from 'fastify';
import {
  ASSISTANT_PRODUCT_LIMIT,
  ASSISTANT_SIGN_IN_MESSAGE,
  ASSISTANT_TOOLS,
  type TAssistantBlock,
  type TAssistantOrder,
  type TAssistantPlace,
  type TAssistantToolName,
  type TSearchProductsInput,
} from '@pulse/contract/assistant';
import { deliveryTaskStatusLabels, type TDeliveryTaskStatus } from '@pulse/contract/delivery';
import { translateContractMessage } from '@pulse/contract/messages-i18n';
import { orderStatusLabels, type TOrderStatus } from '@pulse/contract/orders';
import type { TProductDetails, TProductListQuery, TProductSummary } from '@pulse/contract/products';
import type { z } from 'zod';
import type { UserRow } from '../../db/schema/users';
import { DomainError, NotFoundError } from '../../errors/domain-errors';
import { translatorFor } from '../../i18n/translator';
import { addBasketItem } from '../baskets/baskets-service';
import { findOrderSummary, listOrderSummaries, type OrderSummaryRecord } from '../orders/orders-repository';
import { getProductForViewer, listProducts } from '../products/products-service';
import { resolvePlaceName } from './assistant-places';
import { findTaskStatusesByOrder } from './assistant-repository';

/**
 * The Pulse Assistant's typed tools (issue 14 §3, decision 024), shared by the built-in engine, the
 * configured model (function calling) and the MCP endpoint. Each runs the same service the API
 * uses, as the person asking: the catalogue's own listing (GET /api/products), the product page's
 * read, the basket's add (POST /api/baskets/items) and the buyer's own orders. Visitors calling a
 * signed-in tool get a sign_in block and no data; another user's order is "not found", exactly
 * like an unknown one.
 */

/** Radius of a search around a named place or a position when none is given. */
export const DEFAULT_SEARCH_RADIUS_KM = 50;
export const ORDER_NOT_FOUND_TEXT = "I can't find that order among yours. Check the number on the order page.";
export const ORDER_NOT_FOUND_SHORT = "I can't find that order.";

export interface AssistantToolOptions {
  /** The browser's position ("near me" when the person allowed it). */
  position?: { lat: number; lng: number } | null;
  now?: Date;
}

export interface AssistantToolResult {
  data: unknown;
  blocks: TAssistantBlock[];
}

export interface SearchProductsData {
  items: TProductSummary[];
  /** Where the search was centred (a named place or the position), else null. */
  near: TAssistantPlace | null;
  radiusKm: number | null;
  /** A place name the gazetteer does not know: nothing was searched. */
  unknownPlace: string | null;
}

export interface AddToBasketData {
  added: boolean;
  /** Why not, in a sentence (stock, minimum order, unknown product...), when not added. */
  message: string | null;
  productId: string;
  title: string | null;
  quantity: number;
  unit: TProductSummary['unit'] | null;
  basketItemCount: number | null;
}

export interface OrderStatusData {
  order: TAssistantOrder | null;
  message: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function nextStepMessage(status: TOrderStatus, fulfilment: 'pickup' | 'delivery'): MessageDescriptor {
  switch (status) {
    case 'pending_payment':
      return msg`Pay for it from the order page: unpaid orders are cancelled after 15 minutes.`;
    case 'paid':
      return msg`The farm will accept it soon.`;
    case 'accepted':
      return fulfilment === 'delivery' ? msg`The farm is preparing it for delivery.` : msg`The farm is preparing it for pickup.`;
    case 'ready':
      return fulfilment === 'delivery' ? msg`A Pulse Agent will collect it from the farm and bring it to you.` : msg`Collect it at the farm and show your confirmation code.`;
    case 'in_transit':
      // The state's label already says "On its way": the step only says what the buyer does.
      return msg`Give your confirmation code when it arrives.`;
    case 'delivered':
      return msg`Confirm you received it on the order page, or ask for a refund if something is wrong.`;
    case 'completed':
      return msg`Nothing more to do. You can leave a review on the order page.`;
    case 'cancelled':
      return msg`Nothing more to do: anything you paid went back to your wallet.`;
    case 'refund_requested':
      return msg`The farm is looking at your refund request.`;
    case 'refund_disputed':
      return msg`The farm contested the refund: Pulse Market support will decide.`;
    case 'refunded':
      return msg`The refund is in your wallet.`;
    case 'refund_rejected':
      return msg`The refund was refused; the order completes by itself in a few days.`;
  }
}

/** What happens next, from the buyer's side, per state (and fulfilment); English unless a translator is given. */
export function orderNextStep(status: TOrderStatus, fulfilment: 'pickup' | 'delivery', i18n: I18n = translatorFor('en')): string {
  return i18n._(nextStepMessage(status, fulfilment));
}

/** "A1B2C3D4": as order pages show an order's number. */
export function orderNumber(orderId: string): string {
  return orderId.replace(/-/g, '').slice(-8).toUpperCase();
}

type TaskStatus = TDeliveryTaskStatus;

/**
 * The delivery in words, without repeating the order's own state: an order on its way with an agent
 * carrying it says who carries it (its label already says "On its way"), and a task the farm
 * cancelled to deliver itself is said as such while the order runs.
 */
function deliveryText(status: TOrderStatus, fulfilment: 'pickup' | 'delivery', taskStatus: TaskStatus | undefined, i18n: I18n): string | null {
  if (fulfilment !== 'delivery') return null;
  if (!taskStatus) return i18n._(msg`Not handed to a Pulse Agent yet`);
  if (taskStatus === 'in_transit') return i18n._(msg`A Pulse Agent is carrying it`);
  if (taskStatus === 'cancelled' && status === 'in_transit') return i18n._(msg`The farm is delivering it itself`);
  return translateContractMessage(i18n, deliveryTaskStatusLabels[taskStatus]);
}

function toAssistantOrder(record: OrderSummaryRecord, taskStatus: TaskStatus | undefined, i18n: I18n): TAssistantOrder {
  const { order } = record;
  const links: TAssistantOrder['links'] = [{ label: i18n._(msg`Open the order`), to: `/order/${order.id}` }];
  if (order.fulfilment === 'delivery') links.push({ label: i18n._(msg`Track the delivery`), to: `/order-delivery/${order.id}` });
  return {
    id: order.id,
    number: orderNumber(order.id),
    status: order.status,
    statusLabel: translateContractMessage(i18n, orderStatusLabels[order.status]),
    nextStep: orderNextStep(order.status, order.fulfilment, i18n),
    shopName: record.shopName,
    totalMinor: order.totalMinor,
    currency: order.currency,
    createdAt: order.createdAt.toISOString(),
    delivery: deliveryText(order.status, order.fulfilment, taskStatus, i18n),
    links,
  };
}

/** The orders as the assistant shows them, in `i18n`'s language (English for the MCP tools). */
async function toAssistantOrders(app: FastifyInstance, records: readonly OrderSummaryRecord[], i18n: I18n = translatorFor('en')): Promise<TAssistantOrder[]> {
  const deliveryIds = records.filter((record) => record.order.fulfilment === 'delivery').map((record) => record.order.id);
  const tasks = await findTaskStatusesByOrder(app.db, deliveryIds);
  return records.map((record) => toAssistantOrder(record, tasks.get(record.order.id), i18n));
}

/** The listing link for "see more" (the catalogue page reads q, category, organic and sort). */
function moreLinkFor(input: TSearchProductsInput): string {
  const params = new URLSearchParams();
  if (input.query?.trim()) params.set('q', input.query.trim());
  if (input.category) params.set('category', input.category.replaceAll('_', '-'));
  if (input.organic) params.set('organic', 'true');
  if (input.sort && input.sort !== 'distance' && input.sort !== 'relevance') params.set('sort', input.sort);
  const query = params.toString();
  return query ? `/product-listing?${query}` : '/product-listing';
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** search_products: the catalogue's own listing (active, in stock), with place and freshness. */
export async function searchProducts(
  app: FastifyInstance,
  input: TSearchProductsInput,
  options: AssistantToolOptions = {},
): Promise<{ data: SearchProductsData; block: Extract<TAssistantBlock, { type: 'products' }> }> {
  let near: TAssistantPlace | null = null;
  if (input.lat !== undefined && input.lng !== undefined) {
    near = { name: input.near?.trim() || 'your position', lat: input.lat, lng: input.lng };
  } else if (input.near?.trim()) {
    near = await resolvePlaceName(app, input.near.trim());
    if (!near) {
      const data: SearchProductsData = { items: [], near: null, radiusKm: null, unknownPlace: input.near.trim() };
      return { data, block: { type: 'products', items: [], moreLink: null } };
    }
  }
  const radiusKm = near ? (input.radiusKm ?? DEFAULT_SEARCH_RADIUS_KM) : null;
  const limit = input.limit ?? ASSISTANT_PRODUCT_LIMIT;
  let sort = input.sort;
  if (sort === 'distance' && !near) sort = undefined;
  if (sort === 'relevance' && !input.query?.trim()) sort = undefined;
  const query: TProductListQuery = {
    q: input.query?.trim() || undefined,
    category: input.category,
    minPrice: input.minPriceMinor,
    maxPrice: input.maxPriceMinor,
    organic: input.organic,
    inStock: true,
    lat: near?.lat,
    lng: near?.lng,
    radiusKm: radiusKm ?? undefined,
    sort,
    limit,
  };
  if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
    [query.minPrice, query.maxPrice] = [query.maxPrice, query.minPrice];
  }
  const now = options.now ?? new Date();
  const harvestedSince = input.harvestedWithinDays ? isoDay(new Date(now.getTime() - input.harvestedWithinDays * DAY_MS)) : undefined;
  const page = await listProducts(app.db, query, app.config.currency, { harvestedSince });
  const items = page.items.filter((item) => item.status === 'active' && item.availableQuantity > 0).slice(0, limit);
  const data: SearchProductsData = { items, near, radiusKm, unknownPlace: null };
  return { data, block: { type: 'products', items, moreLink: items.length > 0 ? moreLinkFor(input) : null } };
}

/** get_product: one product as its page shows it (a missing or unlisted one is "not found"). */
export async function getProduct(app: FastifyInstance, caller: UserRow | null, productId: string): Promise<TProductDetails> {
  return getProductForViewer(app.db, productId.toLowerCase(), caller?.id ?? null, app.config.currency);
}

/** add_to_basket through the basket's own service; its refusals become a sentence, not an error. */
export async function addToBasket(app: FastifyInstance, caller: UserRow, productId: string, quantity: number): Promise<AssistantToolResult & { data: AddToBasketData }> {
  const id = productId.toLowerCase();
  try {
    const basket = await addBasketItem(app.db, caller.id, { productId: id, quantity }, app.config.currency);
    const line = basket.groups.flatMap((group) => group.items).find((item) => item.productId === id);
    const data: AddToBasketData = {
      added: true,
      message: null,
      productId: id,
      title: line?.title ?? null,
      quantity,
      unit: line?.unit ?? null,
      basketItemCount: basket.itemCount,
    };
    const blocks: TAssistantBlock[] = line ? [{ type: 'basket_added', productId: id, title: line.title, quantity, unit: line.unit }] : [];
    return { data, blocks };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const data: AddToBasketData = { added: false, message: error.message, productId: id, title: null, quantity, unit: null, basketItemCount: null };
    return { data, blocks: [] };
  }
}

/** my_orders: the caller's orders as a buyer, newest first. */
export async function myOrders(app: FastifyInstance, caller: UserRow, limit: number): Promise<TAssistantOrder[]> {
  const records = await listOrderSummaries(app.db, { userId: caller.id, role: 'buyer', limit });
  return toAssistantOrders(app, records);
}

/**
 * How much a buyer is waiting on an order, most first: one on its way, then one ready, then one the
 * farm accepted, before one that is merely paid or not paid yet. Orders that ended are not listed.
 */
const WAITING_RANK: Partial<Record<TOrderStatus, number>> = {
  in_transit: 0,
  ready: 1,
  accepted: 2,
  paid: 3,
  pending_payment: 4,
  delivered: 5,
  refund_requested: 6,
  refund_disputed: 7,
};

/** How many recent orders "where is my order" looks through. */
const WAITING_LOOKBACK = 30;

/**
 * The caller's orders in progress as a buyer, the one they wait for most first (newest first within
 * a state); with none in progress, only the latest order. Empty when they never ordered.
 */
export async function waitingOrders(app: FastifyInstance, caller: UserRow, i18n?: I18n): Promise<TAssistantOrder[]> {
  const records = await listOrderSummaries(app.db, { userId: caller.id, role: 'buyer', limit: WAITING_LOOKBACK });
  const running = records
    .map((record, newest) => ({ record, newest, rank: WAITING_RANK[record.order.status] }))
    .filter((entry): entry is typeof entry & { rank: number } => entry.rank !== undefined)
    .sort((a, b) => a.rank - b.rank || a.newest - b.newest)
    .map((entry) => entry.record);
  return toAssistantOrders(app, running.length > 0 ? running : records.slice(0, 1), i18n);
}

/** order_status: one of the caller's orders as a buyer (without an id, the one they wait for); anything else is not found. */
export async function orderStatus(app: FastifyInstance, caller: UserRow, orderId: string | undefined, i18n?: I18n): Promise<OrderStatusData> {
  if (!orderId) {
    const [order] = await waitingOrders(app, caller, i18n);
    return order ? { order, message: null } : { order: null, message: "You haven't placed any orders yet." };
  }
  const found = await findOrderSummary(app.db, orderId.toLowerCase());
  const record = found && found.order.buyerUserId === caller.id ? found : undefined;
  if (!record) return { order: null, message: ORDER_NOT_FOUND_TEXT };
  const [order] = await toAssistantOrders(app, [record], i18n);
  return { order: order!, message: null };
}

type ToolInput<N extends TAssistantToolName> = z.output<(typeof ASSISTANT_TOOLS)[N]['input']>;

function parseInput<N extends TAssistantToolName>(name: N, input: unknown): ToolInput<N> {
  return ASSISTANT_TOOLS[name].input.parse(input ?? {}) as ToolInput<N>;
}

/**
 * Runs one tool as `caller` (null = a visitor). The input is parsed with the contract's schema (a
 * ZodError when it does not fit); refusals the API would give (an unknown product) are
 * DomainErrors; a visitor calling a signed-in tool gets a sign_in block and no data.
 */
export async function runAssistantTool(
  app: FastifyInstance,
  caller: UserRow | null,
  name: TAssistantToolName,
  input: unknown,
  options: AssistantToolOptions = {},
): Promise<AssistantToolResult> {
  const tool = ASSISTANT_TOOLS[name];
  if (!tool) throw new NotFoundError(msg`Unknown tool.`);
  if (tool.signedIn && !caller) return { data: null, blocks: [{ type: 'sign_in', text: ASSISTANT_SIGN_IN_MESSAGE }] };
  switch (name) {
    case 'search_products': {
      const result = await searchProducts(app, parseInput('search_products', input), options);
      return { data: result.data, blocks: [result.block] };
    }
    case 'get_product': {
      const product = await getProduct(app, caller, parseInput('get_product', input).productId);
      return { data: product, blocks: [{ type: 'products', items: [summaryOf(product)], moreLink: `/product-details/${product.id}` }] };
    }
    case 'add_to_basket': {
      const parsed = parseInput('add_to_basket', input);
      return addToBasket(app, caller!, parsed.productId, parsed.quantity);
    }
    case 'my_orders': {
      const items = await myOrders(app, caller!, parseInput('my_orders', input).limit ?? 5);
      return { data: { orders: items }, blocks: items.length > 0 ? [{ type: 'orders', items }] : [] };
    }
    case 'order_status': {
      const data = await orderStatus(app, caller!, parseInput('order_status', input).orderId);
      return { data, blocks: data.order ? [{ type: 'orders', items: [data.order] }] : [] };
    }
  }
  throw new NotFoundError(msg`Unknown tool.`);
}

/** The card fields of a product's details. */
function summaryOf(details: TProductDetails): TProductSummary {
  return {
    id: details.id,
    title: details.title,
    category: details.category,
    unit: details.unit,
    priceMinor: details.priceMinor,
    currency: details.currency,
    availableQuantity: details.availableQuantity,
    minOrderQuantity: details.minOrderQuantity,
    organic: details.organic,
    region: details.region,
    farmName: details.farmName,
    sellerUserId: details.sellerUserId,
    status: details.status,
    thumbUrl: details.thumbUrl,
    ratingAverage: details.ratingAverage,
    ratingCount: details.ratingCount,
    distanceKm: details.distanceKm,
    createdAt: details.createdAt,
  };
}
