import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/runtime-macro';
import { formatMoney } from '@pulse/contract/money';
import type { TProductCategory } from '@pulse/contract/products';
import type { TAssistantFilters, TAssistantOrder } from '@pulse/contract/assistant';

/**
 * The built-in engine's wording: short, friendly sentences built only from tool results (no
 * invented products, prices or states), the links of the how-to answers and the chips offered
 * after each kind of answer. Every text is a message (apps/server/src/locales/<locale>/assistant.po),
 * written in the caller's language (`request.i18n`); the engine still reads English (chips.ts maps a
 * translated chip back to the English it stands for: assistant-chips.ts).
 */

export type Link = { label: string; to: string };
/** A link whose label is a message, translated when the answer is written. */
export type LinkMessage = { label: MessageDescriptor; to: string };

export const TOO_LONG_TEXT = msg`That's a long message: please ask in under 1,000 characters.`;
export const OUT_OF_SCOPE_TEXT = msg`I can help with finding produce, your orders and deliveries, your wallet, and how Pulse Market works.`;
export const GREETING_TEXT = msg`Hello! I can help with finding produce, your orders and deliveries, your wallet, and how Pulse Market works. What would you like?`;
export const THANKS_TEXT = msg`You're welcome! Anything else I can help with?`;
export const ASK_FOR_PLACE_TEXT = msg`Near where? Name a town, for example "near Kumasi", or allow your location in the browser (or save a default address).`;
/** The contract's texts (ASSISTANT_EMPTY_MESSAGE, ASSISTANT_SIGN_IN_MESSAGE), as messages of the assistant. */
export const EMPTY_TEXT = msg`Type a question, for example "organic tomatoes under 5 near Kumasi".`;
export const SIGN_IN_TEXT = msg`Sign in to ask about your orders, deliveries and wallet.`;

export const CHIP_ORGANIC = msg`Only organic ones`;
export const CHIP_CHEAPEST = msg`Cheapest ones`;
export const CHIP_ADD_FIRST = msg`Add the first to my basket`;
export const CHIP_WHERE_ORDER = msg`Where is my order?`;
export const CHIP_WALLET = msg`What's my wallet balance?`;
export const CHIP_FIND = msg`Organic vegetables near Kumasi`;
export const CHIP_SELL = msg`How do I sell on Pulse Market?`;
export const CHIP_AGENT = msg`How do I become a Pulse Agent?`;
export const CHIP_FEES = msg`How much is delivery?`;
export const CHIP_TOP_UP = msg`How do I top up my wallet?`;
export const CHIP_NEAR_KUMASI = msg`Near Kumasi`;
export const CHIP_NEAR_ACCRA = msg`Near Accra`;

export const GENERAL_CHIPS = [CHIP_FIND, CHIP_WHERE_ORDER, CHIP_WALLET, CHIP_SELL];

/** The web chat's starters (features/assistant/components/assistant-chat.tsx), the same translations there. */
const STARTER_TOMATOES = msg`Organic tomatoes near Kumasi`;
const STARTER_AGENT = msg`How do I become an agent?`;

/** Every fixed chip and starter: its text in any of our languages is read as its English (assistant-chips.ts). */
export const FIXED_CHIPS: readonly MessageDescriptor[] = [
  STARTER_TOMATOES,
  STARTER_AGENT,
  CHIP_ORGANIC,
  CHIP_CHEAPEST,
  CHIP_ADD_FIRST,
  CHIP_WHERE_ORDER,
  CHIP_WALLET,
  CHIP_FIND,
  CHIP_SELL,
  CHIP_AGENT,
  CHIP_FEES,
  CHIP_TOP_UP,
  CHIP_NEAR_KUMASI,
  CHIP_NEAR_ACCRA,
];

export const LINKS = {
  sellerSignup: { label: msg`Apply to sell`, to: '/seller-signup' },
  sellers: { label: msg`Selling on Pulse Market`, to: '/sellers' },
  sellerDashboard: { label: msg`Seller dashboard`, to: '/seller-dashboard' },
  agentRegistration: { label: msg`Become a Pulse Agent`, to: '/agent-registration' },
  pulseAgents: { label: msg`About Pulse Agents`, to: '/pulse-agents' },
  agentDashboard: { label: msg`Agent dashboard`, to: '/agent-dashboard' },
  wallet: { label: msg`Open your wallet`, to: '/wallet' },
  refunds: { label: msg`Refunds history`, to: '/refunds-history' },
  messages: { label: msg`Open messages`, to: '/messages' },
  basket: { label: msg`Open your basket`, to: '/basket' },
  listing: { label: msg`Browse all produce`, to: '/product-listing' },
} satisfies Record<string, LinkMessage>;

/** A link in the caller's language. */
export function linkIn(i18n: I18n, link: LinkMessage): Link {
  return { label: i18n._(link.label), to: link.to };
}

/** The Intl locale of a translator (the server's languages are Intl's own tags). */
export function formatLocaleOf(i18n: I18n | undefined): string {
  const locale = i18n?.locale;
  return locale === 'fr' || locale === 'ak' ? locale : 'en-US';
}

/** An amount in the caller's language: "GH₵42.50" (en), "42,50 GH₵" (fr). */
export function money(minor: number, currency: string, i18n?: I18n): string {
  return formatMoney(minor, currency, formatLocaleOf(i18n));
}

/** A number in the caller's language ("2.5" or "2,5"). */
export function numberIn(i18n: I18n, value: number): string {
  return new Intl.NumberFormat(formatLocaleOf(i18n), { maximumFractionDigits: 1 }).format(value);
}

/** A category as a sentence names it (the contract's categoryLabels, in lower case). */
const CATEGORY_WORDS: Readonly<Record<TProductCategory, MessageDescriptor>> = {
  vegetables: msg`vegetables`,
  fruits: msg`fruits`,
  grains: msg`grains`,
  dairy_and_eggs: msg`dairy & eggs`,
  meat_and_fish: msg`meat & fish`,
  herbs_and_spices: msg`herbs & spices`,
  honey_and_preserves: msg`honey & preserves`,
  plants_and_seeds: msg`plants & seeds`,
  nature_crafts: msg`nature crafts`,
  other: msg`other`,
};

/** "organic tomatoes near Kumasi under $5.00, harvested in the last 7 days". */
export function describeRequest(i18n: I18n, filters: TAssistantFilters, placeName: string | null, currency: string): string {
  const query = filters.query?.trim();
  // The words asked (English: the engine reads English), else the category's name in the caller's language.
  const what = query || (filters.category ? i18n._(CATEGORY_WORDS[filters.category]) : null);
  const organic = filters.organic === true;
  let text: string;
  if (what) text = organic ? i18n._(msg`organic ${{ what }}`) : what;
  else text = organic ? i18n._(msg`organic products`) : i18n._(msg`products`);
  if (placeName) text = i18n._(msg`${{ text }} near ${{ placeName }}`);
  if (filters.minPriceMinor !== null && filters.maxPriceMinor !== null) {
    const low = money(filters.minPriceMinor, currency, i18n);
    const high = money(filters.maxPriceMinor, currency, i18n);
    text = i18n._(msg`${{ text }} between ${{ low }} and ${{ high }}`);
  } else if (filters.maxPriceMinor !== null) {
    const price = money(filters.maxPriceMinor, currency, i18n);
    text = i18n._(msg`${{ text }} under ${{ price }}`);
  } else if (filters.minPriceMinor !== null) {
    const price = money(filters.minPriceMinor, currency, i18n);
    text = i18n._(msg`${{ text }} from ${{ price }}`);
  }
  if (filters.harvestedWithinDays) {
    const days = filters.harvestedWithinDays;
    text = i18n._(msg`${{ text }}, harvested in the last ${plural({ days }, { one: '# day', other: '# days' })}`);
  }
  return text;
}

export function foundText(i18n: I18n, count: number, description: string): string {
  return i18n._(msg`${plural({ count }, { one: msg`I found 1 match for ${{ description }}:`, other: msg`I found # ${{ description }}:` })}`);
}

/** "I couldn't find any organic tomatoes near Kumasi within 50 km." */
export function noneNearText(i18n: I18n, description: string, radiusKm: number): string {
  const radius = numberIn(i18n, radiusKm);
  return i18n._(msg`I couldn't find any ${{ description }} within ${{ radius }} km.`);
}

/** After noneNearText: the nearest matches farther away. */
export function nearestFartherText(i18n: I18n, count: number): string {
  return i18n._(msg`${plural({ count }, { one: 'The nearest one is farther away:', other: 'The nearest ones are farther away:' })}`);
}

export function noneFoundText(i18n: I18n, description: string, canWiden: boolean): string {
  return canWiden
    ? i18n._(msg`I couldn't find any ${{ description }} in stock right now. Want me to look more widely?`)
    : i18n._(msg`I couldn't find any ${{ description }} in stock right now. Try other words, or browse all produce.`);
}

/** An order's state in a sentence: its label in lower case ("paid", "on its way"). */
function stateOf(order: TAssistantOrder): string {
  return order.statusLabel.toLowerCase();
}

/**
 * One order in a few words: what, its state (said once: the label, then only what happens next),
 * and the delivery when a Pulse Agent is involved.
 */
export function orderSentence(i18n: I18n, order: TAssistantOrder, latest: boolean): string {
  const number = order.number;
  const shop = order.shopName;
  const total = money(order.totalMinor, order.currency, i18n);
  const state = stateOf(order);
  const next = order.nextStep;
  let text = latest
    ? i18n._(msg`Your latest order #${{ number }} from ${{ shop }} (${{ total }}): ${{ state }}. ${{ next }}`)
    : i18n._(msg`Your order #${{ number }} from ${{ shop }} (${{ total }}): ${{ state }}. ${{ next }}`);
  if (order.delivery) {
    const delivery = `${order.delivery.charAt(0).toLowerCase()}${order.delivery.slice(1)}`;
    text += ` ${i18n._(msg`Delivery: ${{ delivery }}.`)}`;
  }
  return text;
}

/** How many other orders in progress the answer names; more are counted. */
export const OTHER_ORDERS_LISTED = 3;

/** "Also in progress: #A1B2C3D4 from Green Valley Farm (paid), #... and 2 more." */
export function otherOrdersSentence(i18n: I18n, others: readonly TAssistantOrder[]): string {
  const named = others.slice(0, OTHER_ORDERS_LISTED).map((other) => {
    const number = other.number;
    const shop = other.shopName;
    const state = stateOf(other);
    return i18n._(msg`#${{ number }} from ${{ shop }} (${{ state }})`);
  });
  const list = named.join(', ');
  const more = others.length - named.length;
  return more > 0 ? i18n._(msg`Also in progress: ${{ list }} and ${{ more }} more.`) : i18n._(msg`Also in progress: ${{ list }}.`);
}

/** "Order #A1B2C3D4 (paid)": a link to an order. */
export function orderLinkLabel(i18n: I18n, order: TAssistantOrder): string {
  const number = order.number;
  const state = stateOf(order);
  return i18n._(msg`Order #${{ number }} (${{ state }})`);
}

export const HOW_TO = {
  sell: msg`To sell on Pulse Market, apply as a seller: tell us about your farm and what you grow, and once we approve it you can list products and publish pickup and delivery slots.`,
  alreadySeller: msg`You're already a seller: list products, publish slots and follow orders from your seller dashboard.`,
  agent: msg`Pulse Agents carry orders from farms to buyers nearby and earn the delivery fee. Register with your vehicle and the area you cover; we review it and then you can claim delivery tasks.`,
  alreadyAgent: msg`You're already a Pulse Agent: open delivery tasks near you are on your agent dashboard.`,
  refund: msg`If something is wrong with a delivered order, ask for a refund from the order page with the reason. The farm answers, and Pulse Market support decides if you disagree; follow it in your refunds history.`,
  contact: msg`Write to a farm from its product page ("Message the farm"); your conversations are in Messages.`,
  slotsGeneral: msg`Each farm publishes its own pickup and delivery slots; you choose one per farm at checkout. Pickup is free.`,
} as const;

/** `payIn`: how the configured provider takes money, e.g. "by card". */
export function topUpText(i18n: I18n, payIn: string): string {
  return i18n._(msg`Top up from your wallet page: choose an amount and pay ${{ payIn }}; the money is available straight away for your orders.`);
}
