import { formatMoney } from '@pulse/contract/money';
import { categoryLabels } from '@pulse/contract/products';
import type { TAssistantFilters, TAssistantOrder } from '@pulse/contract/assistant';

/**
 * The built-in engine's wording: short, friendly sentences built only from tool results (no
 * invented products, prices or states), the links of the how-to answers and the chips offered
 * after each kind of answer.
 */

export type Link = { label: string; to: string };

export const TOO_LONG_TEXT = "That's a long message: please ask in under 1,000 characters.";
export const OUT_OF_SCOPE_TEXT = 'I can help with finding produce, your orders and deliveries, your wallet, and how Pulse Market works.';
export const GREETING_TEXT = `Hello! ${OUT_OF_SCOPE_TEXT} What would you like?`;
export const THANKS_TEXT = "You're welcome! Anything else I can help with?";
export const ASK_FOR_PLACE_TEXT =
  'Near where? Name a town, for example "near Kumasi", or allow your location in the browser (or save a default address).';

export const CHIP_ORGANIC = 'Only organic ones';
export const CHIP_CHEAPEST = 'Cheapest ones';
export const CHIP_ADD_FIRST = 'Add the first to my basket';
export const CHIP_WHERE_ORDER = 'Where is my order?';
export const CHIP_WALLET = "What's my wallet balance?";
export const CHIP_FIND = 'Organic vegetables near Kumasi';
export const CHIP_SELL = 'How do I sell on Pulse Market?';
export const CHIP_AGENT = 'How do I become a Pulse Agent?';
export const CHIP_FEES = 'How much is delivery?';
export const CHIP_TOP_UP = 'How do I top up my wallet?';

export const GENERAL_CHIPS = [CHIP_FIND, CHIP_WHERE_ORDER, CHIP_WALLET, CHIP_SELL];

export const LINKS = {
  sellerSignup: { label: 'Apply to sell', to: '/seller-signup' },
  sellers: { label: 'Selling on Pulse Market', to: '/sellers' },
  sellerDashboard: { label: 'Seller dashboard', to: '/seller-dashboard' },
  agentRegistration: { label: 'Become a Pulse Agent', to: '/agent-registration' },
  pulseAgents: { label: 'About Pulse Agents', to: '/pulse-agents' },
  agentDashboard: { label: 'Agent dashboard', to: '/agent-dashboard' },
  wallet: { label: 'Open your wallet', to: '/wallet' },
  refunds: { label: 'Refunds history', to: '/refunds-history' },
  messages: { label: 'Open messages', to: '/messages' },
  basket: { label: 'Open your basket', to: '/basket' },
  listing: { label: 'Browse all produce', to: '/product-listing' },
} satisfies Record<string, Link>;

export function money(minor: number, currency: string): string {
  return formatMoney(minor, currency, 'en-US');
}

/** "organic tomatoes near Kumasi under $5.00, harvested in the last 7 days". */
export function describeRequest(filters: TAssistantFilters, placeName: string | null, currency: string): string {
  const what = filters.query?.trim() || (filters.category ? categoryLabels[filters.category].toLowerCase() : 'products');
  const parts = [`${filters.organic ? 'organic ' : ''}${what}`];
  if (placeName) parts.push(`near ${placeName}`);
  if (filters.minPriceMinor !== null && filters.maxPriceMinor !== null) {
    parts.push(`between ${money(filters.minPriceMinor, currency)} and ${money(filters.maxPriceMinor, currency)}`);
  } else if (filters.maxPriceMinor !== null) {
    parts.push(`under ${money(filters.maxPriceMinor, currency)}`);
  } else if (filters.minPriceMinor !== null) {
    parts.push(`from ${money(filters.minPriceMinor, currency)}`);
  }
  let text = parts.join(' ');
  if (filters.harvestedWithinDays) text += `, harvested in the last ${filters.harvestedWithinDays} day${filters.harvestedWithinDays === 1 ? '' : 's'}`;
  return text;
}

export function foundText(count: number, description: string): string {
  return count === 1 ? `I found 1 match for ${description}:` : `I found ${count} ${description}:`;
}

/** "I couldn't find any organic tomatoes near Kumasi within 50 km." */
export function noneNearText(description: string, radiusKm: number): string {
  return `I couldn't find any ${description} within ${radiusKm} km.`;
}

export function noneFoundText(description: string, canWiden: boolean): string {
  return `I couldn't find any ${description} in stock right now.${canWiden ? ' Want me to look more widely?' : ' Try other words, or browse all produce.'}`;
}

/**
 * One order in a few words: what, its state (said once: the label, then only what happens next),
 * and the delivery when a Pulse Agent is involved.
 */
export function orderSentence(order: TAssistantOrder, latest: boolean): string {
  const which = latest ? 'Your latest order' : 'Your order';
  let text = `${which} #${order.number} from ${order.shopName} (${money(order.totalMinor, order.currency)}): ${order.statusLabel.toLowerCase()}. ${order.nextStep}`;
  if (order.delivery) text += ` Delivery: ${order.delivery.charAt(0).toLowerCase()}${order.delivery.slice(1)}.`;
  return text;
}

/** How many other orders in progress the answer names; more are counted. */
export const OTHER_ORDERS_LISTED = 3;

/** "Also in progress: #A1B2C3D4 from Green Valley Farm (paid), #... and 2 more." */
export function otherOrdersSentence(others: readonly TAssistantOrder[]): string {
  const named = others.slice(0, OTHER_ORDERS_LISTED).map((other) => `#${other.number} from ${other.shopName} (${other.statusLabel.toLowerCase()})`);
  const more = others.length - named.length;
  return `Also in progress: ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}.`;
}

export const HOW_TO = {
  sell: 'To sell on Pulse Market, apply as a seller: tell us about your farm and what you grow, and once we approve it you can list products and publish pickup and delivery slots.',
  alreadySeller: "You're already a seller: list products, publish slots and follow orders from your seller dashboard.",
  agent: 'Pulse Agents carry orders from farms to buyers nearby and earn the delivery fee. Register with your vehicle and the area you cover; we review it and then you can claim delivery tasks.',
  alreadyAgent: "You're already a Pulse Agent: open delivery tasks near you are on your agent dashboard.",
  /** `payIn`: how the configured provider takes money, e.g. "by card". */
  topUp: (payIn: string) => `Top up from your wallet page: choose an amount and pay ${payIn}; the money is available straight away for your orders.`,
  refund:
    'If something is wrong with a delivered order, ask for a refund from the order page with the reason. The farm answers, and Pulse Market support decides if you disagree; follow it in your refunds history.',
  contact: 'Write to a farm from its product page ("Message the farm"); your conversations are in Messages.',
  slotsGeneral: 'Each farm publishes its own pickup and delivery slots; you choose one per farm at checkout. Pickup is free.',
} as const;
