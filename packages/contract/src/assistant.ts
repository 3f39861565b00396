import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from './messages-i18n';
import { z } from 'zod';
import { ZId } from './ids';
import { ZMinor } from './money';
import { ZOrderStatus } from './orders';
import { ZProductCategory, ZProductSort, ZProductSummary, ZProductUnit } from './products';

/**
 * Pulse Assistant (issue 14, decision 024): a shopping and help assistant that answers from live
 * data with no outside service. The built-in engine understands a message (intent + the details of
 * a product request) with kept NLP libraries and the product's own gazetteer, calls the same
 * services the API uses (the typed tools below), and answers with text plus blocks (product cards,
 * an order, links...). With ASSISTANT_LLM_URL an OpenAI-compatible model words the answer and picks
 * tools by function calling over the same tools; tool results stay the only source of facts.
 *
 * Routes: POST /api/assistant/messages (visitors too; answer streamed as NDJSON),
 * GET/DELETE /api/assistant/conversation (signed in), POST /api/mcp (Model Context Protocol, bearer).
 */

// ----- Limits and messages -----

/** Longer messages get a polite answer asking for a shorter one (never a 5xx, never stored whole). */
export const ASSISTANT_MESSAGE_MAX_LENGTH = 1000;
/** What the route accepts at all (above: 400). */
export const ASSISTANT_MESSAGE_HARD_LIMIT = 8000;
/** Products shown in one answer. */
export const ASSISTANT_PRODUCT_LIMIT = 6;
/** Messages kept per signed-in user (older ones are dropped). */
export const ASSISTANT_HISTORY_LIMIT = 100;
export const ASSISTANT_EMPTY_MESSAGE = contractMessage(msg`Type a question, for example "organic tomatoes under 5 near Kumasi".`);
export const ASSISTANT_SIGN_IN_MESSAGE = contractMessage(msg`Sign in to ask about your orders, deliveries and wallet.`);

// ----- Understanding -----

export const ASSISTANT_INTENTS = [
  'find_products',
  'add_to_basket',
  'order_status',
  'delivery_status',
  'wallet_balance',
  'how_to_sell',
  'how_to_become_agent',
  'top_up',
  'payment_methods',
  'refund',
  'delivery_fees',
  'contact_farm',
  'greeting',
  'thanks',
  'out_of_scope',
] as const;
export const ZAssistantIntent = z.enum(ASSISTANT_INTENTS);
export type TAssistantIntent = z.infer<typeof ZAssistantIntent>;

/** A place from the gazetteer (towns and regions of the farms and addresses) or the browser's position. */
export const ZAssistantPlace = z.object({
  name: z.string().max(200),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type TAssistantPlace = z.infer<typeof ZAssistantPlace>;

/** The details of a product request; null = not said. Prices in minor units of the deployment's currency. */
export const ZAssistantFilters = z.object({
  /** Product words for the catalogue's own (typo-tolerant) search, e.g. "tomatoes". */
  query: z.string().max(ASSISTANT_MESSAGE_HARD_LIMIT).nullable(),
  category: ZProductCategory.nullable(),
  organic: z.boolean().nullable(),
  minPriceMinor: ZMinor.nullable(),
  maxPriceMinor: ZMinor.nullable(),
  quantity: z.number().positive().nullable(),
  unit: ZProductUnit.nullable(),
  /** "near Kumasi" (gazetteer) or "near me" (resolved to the browser position or the default address). */
  near: ZAssistantPlace.nullable(),
  nearMe: z.boolean(),
  /** "harvested this week" = 7. */
  harvestedWithinDays: z.number().int().positive().max(365).nullable(),
  sort: ZProductSort.nullable(),
});
export type TAssistantFilters = z.infer<typeof ZAssistantFilters>;

export const EMPTY_ASSISTANT_FILTERS: TAssistantFilters = {
  query: null,
  category: null,
  organic: null,
  minPriceMinor: null,
  maxPriceMinor: null,
  quantity: null,
  unit: null,
  near: null,
  nearMe: false,
  harvestedWithinDays: null,
  sort: null,
};

/**
 * What a conversation remembers between turns, so follow-ups work ("only organic ones", "what
 * about in Ho?", "add two kg of the first to my basket"). Kept server side for signed-in users; a
 * visitor's browser sends back the context of the previous answer.
 */
export const ZAssistantContext = z.object({
  lastIntent: ZAssistantIntent.nullable(),
  filters: ZAssistantFilters.nullable(),
  /** The products of the last product answer, in the order shown ("the first" = [0]). */
  productIds: z.array(ZId).max(ASSISTANT_PRODUCT_LIMIT),
  /** The order the last order answer was about. */
  orderId: ZId.nullable(),
});
export type TAssistantContext = z.infer<typeof ZAssistantContext>;

// ----- Answers -----

export const ZAssistantLink = z.object({ label: z.string(), to: z.string() });

export const ZAssistantOrder = z.object({
  id: ZId,
  /** As on order pages: last 8 characters of the id, upper case. */
  number: z.string(),
  status: ZOrderStatus,
  statusLabel: z.string(),
  /** What happens next, in a sentence. */
  nextStep: z.string(),
  shopName: z.string(),
  totalMinor: ZMinor,
  currency: z.string(),
  createdAt: z.string(),
  /** Delivery task state in words when a Pulse Agent carries it, else null. */
  delivery: z.string().nullable(),
  links: z.array(ZAssistantLink),
});
export type TAssistantOrder = z.infer<typeof ZAssistantOrder>;

export const ZAssistantBlock = z.discriminatedUnion('type', [
  z.object({ type: z.literal('products'), items: z.array(ZProductSummary), moreLink: z.string().nullable() }),
  z.object({ type: z.literal('orders'), items: z.array(ZAssistantOrder) }),
  z.object({ type: z.literal('links'), items: z.array(ZAssistantLink) }),
  z.object({ type: z.literal('wallet'), availableMinor: ZMinor, escrowMinor: ZMinor, currency: z.string() }),
  z.object({ type: z.literal('basket_added'), productId: ZId, title: z.string(), quantity: z.number().positive(), unit: ZProductUnit }),
  z.object({ type: z.literal('sign_in'), text: z.string() }),
]);
export type TAssistantBlock = z.infer<typeof ZAssistantBlock>;

export const ZAssistantMessage = z.object({
  id: ZId,
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  blocks: z.array(ZAssistantBlock),
  /** Chips offered after an answer. */
  suggestions: z.array(z.string()),
  intent: ZAssistantIntent.nullable(),
  /** Who worded it: the built-in engine or the configured model. */
  source: z.enum(['user', 'engine', 'model']),
  createdAt: z.string(),
});
export type TAssistantMessage = z.infer<typeof ZAssistantMessage>;

// ----- Routes -----

/** POST /api/assistant/messages */
export const ZAssistantAskRequest = z.object({
  text: z.string().max(ASSISTANT_MESSAGE_HARD_LIMIT, { message: contractMessage(msg`Keep it under ${{ assistantMessageMaxLength: ASSISTANT_MESSAGE_MAX_LENGTH }} characters`) }),
  /** The browser's position, when the person allowed it ("near me"). */
  position: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }).nullable().optional(),
  /** A visitor's previous context (ignored for signed-in users: theirs is on the server). */
  context: ZAssistantContext.nullable().optional(),
});
export type TAssistantAskRequest = z.infer<typeof ZAssistantAskRequest>;

/**
 * The answer streams as NDJSON (`application/x-ndjson`), one event per line: `user` (the stored
 * question), any number of `delta` (text as it is written), then `done` with the whole answer and
 * the context to send back next time (visitors). An error after the stream started is an `error`
 * event with a message, never a broken stream.
 */
export const ZAssistantStreamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('user'), message: ZAssistantMessage }),
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('done'), message: ZAssistantMessage, context: ZAssistantContext }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type TAssistantStreamEvent = z.infer<typeof ZAssistantStreamEvent>;

/** GET /api/assistant/conversation (signed in): oldest first. */
export const ZAssistantConversation = z.object({ messages: z.array(ZAssistantMessage) });
export type TAssistantConversation = z.infer<typeof ZAssistantConversation>;
/** DELETE /api/assistant/conversation */
export const ZAssistantClearResponse = z.object({ ok: z.literal(true) });

// ----- Typed tools (built-in engine, function calling, MCP) -----

export const ZSearchProductsInput = z.object({
  query: z.string().max(200).optional().describe('Product words, e.g. "tomatoes"; typos are tolerated'),
  category: ZProductCategory.optional(),
  organic: z.boolean().optional(),
  minPriceMinor: ZMinor.optional().describe('Lowest price per unit in minor units (cents)'),
  maxPriceMinor: ZMinor.optional().describe('Highest price per unit in minor units (cents)'),
  near: z.string().max(100).optional().describe('A town or region, e.g. "Kumasi"'),
  lat: z.number().min(-90).max(90).optional(),
  lng: z.number().min(-180).max(180).optional(),
  radiusKm: z.number().positive().max(500).optional(),
  harvestedWithinDays: z.number().int().positive().max(365).optional(),
  sort: ZProductSort.optional(),
  limit: z.number().int().min(1).max(20).optional(),
});
export type TSearchProductsInput = z.infer<typeof ZSearchProductsInput>;
export const ZGetProductInput = z.object({ productId: ZId });
export const ZAddToBasketInput = z.object({ productId: ZId, quantity: z.number().int().positive().max(10_000) });
export const ZMyOrdersInput = z.object({ limit: z.number().int().min(1).max(20).optional() });
export const ZOrderStatusInput = z.object({ orderId: ZId.optional().describe('Omit for the latest order') });

/** The tools every assistant front (engine, model, MCP) shares; `signedIn` tools answer a sign-in request to visitors. */
export const ASSISTANT_TOOLS = {
  search_products: { description: 'Search the Pulse Market catalogue of farm produce.', input: ZSearchProductsInput, signedIn: false },
  get_product: { description: 'One product with its price, stock, farm and origin.', input: ZGetProductInput, signedIn: false },
  add_to_basket: { description: "Add a product to the signed-in user's basket.", input: ZAddToBasketInput, signedIn: true },
  my_orders: { description: "The signed-in user's latest orders with their state.", input: ZMyOrdersInput, signedIn: true },
  order_status: { description: 'The state, next step and delivery of one of the signed-in user\'s orders.', input: ZOrderStatusInput, signedIn: true },
} as const;
export type TAssistantToolName = keyof typeof ASSISTANT_TOOLS;
