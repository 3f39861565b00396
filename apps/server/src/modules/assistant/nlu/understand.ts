/**
 * Pulse Assistant's understanding, with no outside service (issue 14, decision 024).
 *
 * Libraries, and why:
 * - wink-nlp 2 with wink-eng-lite-web-model 1 (bundled English model, ~3 MB, no download at run
 *   time): tokens, their normal forms, stems, stop words and entities (CARDINAL, MONEY, DATE,
 *   DURATION, ORDINAL) in well under a millisecond per message. Everything below works on its
 *   tokens; there is no hand-written tokeniser.
 * - wink-naive-bayes-text-classifier 2 for the intent: trained at first use on the phrases kept in
 *   intents.ts (a few milliseconds), synchronous, so `understand` stays a plain function and costs
 *   well under a millisecond. Chosen over @nlpjs/nlp, whose neural classifier answers through
 *   promises and brings its own tokeniser and stemmer on top of wink's; naive Bayes over wink's
 *   stems plus one feature per product / place / number / order number generalises well from a
 *   few hundred phrases and its odds give a usable confidence.
 * - chrono-node 2 for dates that are not a fixed window ("since Monday", "3 days ago").
 * - fastest-levenshtein for small typos in place names and product words ("Kumassi", "tomatos"),
 *   with the product's own gazetteer (modules/places/gazetteer.ts): the towns and regions of its farms and
 *   addresses, since general models do not know Ejisu or Bolgatanga.
 *
 * Rules on top of the classifier, each for a reason the classifier cannot see: an order number in
 * the text means an order question; prompt-injection wording ("ignore your rules", "the orders of
 * Kwame") is out of scope and never names another user; a low confidence falls back to a product
 * search when product words were found, or to a follow-up of the previous product answer when only
 * details were given ("only organic ones", "what about in Ho?"), else out of scope.
 */
import { ASSISTANT_MESSAGE_MAX_LENGTH, EMPTY_ASSISTANT_FILTERS, type TAssistantContext, type TAssistantFilters, type TAssistantIntent } from '@pulse/contract/assistant';
import type { TProductUnit } from '@pulse/contract/products';
import { analyse, getNlp } from './analyse';
import { features, getClassifier } from './classifier';
import { extractDetails } from './filters';
import type { Gazetteer } from '../../places/gazetteer';

export { loadGazetteer, refreshGazetteer, buildGazetteer, type Gazetteer, type GazetteerEntry } from '../../places/gazetteer';

export interface Understanding {
  intent: TAssistantIntent;
  /** In [0, 1]. */
  confidence: number;
  /** The product request, merged with the previous one for follow-ups. */
  filters: TAssistantFilters;
  /** "add two kg of the first" = { ordinal: 1, quantity: 2, unit: 'kg' } (ordinal 1-based). */
  reference: { ordinal: number | null; quantity: number | null; unit: TProductUnit | null };
  /** An 8-character order number in the text, upper case (the engine checks it is the caller's). */
  orderNumber: string | null;
  tooLong: boolean;
  empty: boolean;
}

export interface UnderstandOptions {
  now: Date;
  /** ISO 4217 code of the deployment's prices (minor units from Intl.NumberFormat). */
  currency: string;
}

/** Below this the classifier's guess is not trusted. */
export const CONFIDENCE_THRESHOLD = 0.5;

const PRODUCT_INTENTS: ReadonlySet<TAssistantIntent> = new Set(['find_products', 'add_to_basket']);
const ORDER_INTENTS: ReadonlySet<TAssistantIntent> = new Set(['order_status', 'delivery_status', 'refund', 'contact_farm']);

const INJECTION = [
  /\b(ignore|forget|disregard|override|bypass)\b.{0,40}\b(rules?|instructions?|prompts?|guidelines|restrictions|policy|policies)\b/i,
  /\b(system|developer|admin)\s+(prompt|mode|password|access)\b/i,
  /\b(orders?|wallet|balance|address(es)?|account|purchases|deliveries|details|data)\s+(of|for|belonging to|from)\s+(?!me\b|my\b|mine\b|today\b|this\b|last\b|the (first|second|last)\b|order\b|#?[0-9a-f]{8}\b)(another|other|someone|somebody|any|every|all|user|customer|buyer|seller|[a-z]+)\b/i,
  /\b(other|another|all|every)\s+(users?|customers?|buyers?|people|person)('s)?\b/i,
  /\bsomeone else('s)?\b/i,
  /\bpretend\s+(you are|to be)\b/i,
];

const ORDER_REF = /(?:^|[^\p{L}\p{N}])(?:#\s*)?([0-9a-f]{8})(?![\p{L}\p{N}])/giu;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-([0-9a-f]{4})([0-9a-f]{4})\b/i;

function findOrderNumber(text: string): string | null {
  const uuid = UUID.exec(text);
  if (uuid) return `${uuid[1]}${uuid[2]}`.toUpperCase();
  for (const match of text.matchAll(ORDER_REF)) {
    const candidate = match[1] ?? '';
    const before = text.slice(0, match.index ?? 0).toLowerCase();
    // A word of hex letters only ("deadbeef") counts only right after "order"/"#".
    if (/\d/.test(candidate) || /(order|#|number|ref)\s*(no\.?|number|#)?\s*$/.test(before)) return candidate.toUpperCase();
  }
  return null;
}

function emptyReference(): Understanding['reference'] {
  return { ordinal: null, quantity: null, unit: null };
}

/** Loads the model and trains the classifier now (else the first message does it, ~0.5 s). */
export function warmUpUnderstanding(): void {
  getNlp();
  getClassifier();
}

export function understand(
  text: string,
  previous: TAssistantContext | null,
  gazetteer: Gazetteer,
  options: UnderstandOptions,
): Understanding {
  const base: Understanding = {
    intent: 'out_of_scope',
    confidence: 0,
    filters: { ...EMPTY_ASSISTANT_FILTERS },
    reference: emptyReference(),
    orderNumber: null,
    tooLong: false,
    empty: false,
  };
  const raw = typeof text === 'string' ? text : '';
  if (raw.length > ASSISTANT_MESSAGE_MAX_LENGTH) return { ...base, tooLong: true };
  // Control and format characters (bidi overrides, zero-width) become spaces.
  const cleaned = raw.normalize('NFKC').replace(/[\p{Cc}\p{Cf}]/gu, ' ').trim();
  if (!/[\p{L}\p{N}]/u.test(cleaned)) return { ...base, empty: cleaned.length === 0 || !/\p{Extended_Pictographic}/u.test(cleaned) };

  const classifier = getClassifier();
  const analysis = analyse(cleaned, gazetteer, (stem) => classifier.vocabulary.has(stem));
  const orderNumber = findOrderNumber(cleaned);
  const orderTokens = new Set<number>();
  if (orderNumber) {
    const lower = orderNumber.toLowerCase();
    analysis.tokens.forEach((token, index) => {
      if (token.normal.length > 0 && lower.includes(token.normal) && /\d|[a-f]{3,}/.test(token.normal) && (token.type === 'number' || /[0-9]/.test(token.normal) || token.normal.length >= 4)) orderTokens.add(index);
    });
  }

  // Intent from the classifier: log2 odds (one label against the rest) to a softmax.
  const odds = classifier.odds(features(analysis, orderTokens, classifier.words));
  let intent: TAssistantIntent = 'out_of_scope';
  let confidence = 0;
  const top = odds[0];
  if (top && (top[0] as string) !== 'unknown') {
    const exps = odds.map(([, value]) => 2 ** Math.max(-60, Math.min(60, value - top[1])));
    const total = exps.reduce((sum, value) => sum + value, 0);
    intent = top[0];
    confidence = total > 0 ? 1 / total : 0;
  }

  const details = extractDetails(analysis, orderTokens, options);
  const hasProductWords = analysis.productAt.size > 0;
  const previousIsProducts = previous !== null && previous.lastIntent !== null && PRODUCT_INTENTS.has(previous.lastIntent);

  if (INJECTION.some((pattern) => pattern.test(cleaned))) {
    intent = 'out_of_scope';
    confidence = 1;
  } else if (orderNumber && !ORDER_INTENTS.has(intent)) {
    intent = 'order_status';
    confidence = Math.max(confidence, 0.9);
  } else if (confidence < CONFIDENCE_THRESHOLD || intent === 'out_of_scope') {
    // Product words (or, right after a product answer, only details such as "in Ho?") make it a
    // product search; anything else the classifier is unsure of is out of scope.
    if (hasProductWords || (details.hasDetail && previousIsProducts)) {
      intent = 'find_products';
      confidence = Math.max(confidence, CONFIDENCE_THRESHOLD);
    } else if (confidence < CONFIDENCE_THRESHOLD) {
      intent = 'out_of_scope';
    }
  }
  confidence = Math.min(1, Math.max(0, confidence));

  const result: Understanding = { ...base, intent, confidence, orderNumber };
  if (!PRODUCT_INTENTS.has(intent)) return result;

  const found = details.filters;
  const before = previousIsProducts ? previous?.filters ?? null : null;
  let filters: TAssistantFilters = found;
  if (before) {
    const saysNewProduct = found.query !== null || found.category !== null;
    const followUp = details.followUpMarker || !saysNewProduct || intent === 'add_to_basket';
    const placeSaid = found.near !== null || found.nearMe;
    if (followUp) {
      filters = {
        ...before,
        query: saysNewProduct ? found.query : before.query,
        category: saysNewProduct ? found.category : before.category,
        organic: found.organic ?? before.organic,
        minPriceMinor: found.minPriceMinor ?? (found.maxPriceMinor !== null && before.minPriceMinor !== null && before.minPriceMinor > found.maxPriceMinor ? null : before.minPriceMinor),
        maxPriceMinor: found.maxPriceMinor ?? (found.minPriceMinor !== null && before.maxPriceMinor !== null && before.maxPriceMinor < found.minPriceMinor ? null : before.maxPriceMinor),
        quantity: found.quantity ?? (saysNewProduct ? null : before.quantity),
        unit: found.unit ?? (saysNewProduct ? null : before.unit),
        near: placeSaid ? found.near : before.near,
        nearMe: placeSaid ? found.nearMe : before.nearMe,
        harvestedWithinDays: found.harvestedWithinDays ?? before.harvestedWithinDays,
        sort: found.sort ?? before.sort,
      };
    } else if (!placeSaid) {
      filters = { ...found, near: before.near, nearMe: before.nearMe };
    }
  }
  result.filters = filters;

  if (intent === 'add_to_basket') {
    const shown = previous?.productIds.length ?? 0;
    let ordinal: number | null = details.ordinal;
    if (ordinal === -1) ordinal = shown > 0 ? shown : null;
    if (ordinal === null && shown === 1 && (details.pointsBack || found.query === null)) ordinal = 1;
    result.reference = { ordinal, quantity: found.quantity, unit: found.unit };
  }
  return result;
}
