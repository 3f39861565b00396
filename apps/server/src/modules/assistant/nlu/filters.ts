import * as chrono from 'chrono-node';
import { distance } from 'fastest-levenshtein';
import type { TAssistantFilters } from '@pulse/contract/assistant';
import type { TProductCategory, TProductSort, TProductUnit } from '@pulse/contract/products';
import { isNumberToken, type Analysis, type Token } from './analyse';
import {
  CATEGORY_WORDS,
  CURRENCY_WORDS,
  FILLER_WORDS,
  MAX_PRICE_WORDS,
  MIN_PRICE_WORDS,
  NUMBER_WORDS,
  ORDINAL_WORDS,
  SORT_WORDS,
  UNIT_WORDS,
} from './lexicon';

/**
 * The details of a product request read from the tokens of wink-nlp: price bounds, quantity and
 * unit, place (gazetteer), "near me", freshness (wink-nlp date entities resolved with
 * chrono-node), sort, organic, category, and what is left: the product words (the query).
 */

export interface Extracted {
  filters: TAssistantFilters;
  /** "the first" = 1, "the last" = -1 (resolved against the products shown). */
  ordinal: number | null;
  /** "it", "that one", "those": a product shown before. */
  pointsBack: boolean;
  /** Words that mark a follow-up ("only", "what about", "cheaper ones", "then"). */
  followUpMarker: boolean;
  /** A price, place, organic, freshness, sort or near-me detail was said. */
  hasDetail: boolean;
}

const DAY_MS = 86_400_000;

function minorUnits(value: number, currency: string): number {
  let digits: number;
  try {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    digits = 2;
  }
  return Math.round(value * 10 ** digits);
}

function numberValue(token: Token | undefined): number | null {
  if (!token) return null;
  if (token.type === 'number') {
    const value = Number(token.normal.replace(/,/g, ''));
    return Number.isFinite(value) ? value : null;
  }
  const word = NUMBER_WORDS[token.normal];
  return word === undefined ? null : word;
}

interface Money {
  value: number;
  /** Token range of the amount with its currency words. */
  start: number;
  end: number;
  /** A second amount in one token ("2-4"). */
  upper: number | null;
}

/** A number at `index` with currency words around it ("$5", "5 cedis", "GH₵ 5", "five"). */
function moneyAt(tokens: Token[], index: number): Money | null {
  const token = tokens[index];
  if (!token) return null;
  let value: number | null;
  let upper: number | null = null;
  const range = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(token.normal);
  if (range) {
    value = Number(range[1]);
    upper = Number(range[2]);
  } else {
    if (token.type !== 'number' && !(isNumberToken(token) && token.normal !== 'half')) return null;
    value = numberValue(token);
  }
  if (value === null) return null;
  let start = index;
  let end = index;
  while (start > 0 && (CURRENCY_WORDS.has(tokens[start - 1]!.normal) || tokens[start - 1]!.type === 'currency')) start -= 1;
  while (end + 1 < tokens.length && (CURRENCY_WORDS.has(tokens[end + 1]!.normal) || tokens[end + 1]!.type === 'currency')) end += 1;
  return { value, start, end, upper };
}

const LESS_BEFORE_THAN = new Set(['less', 'cheaper', 'lower', 'fewer', 'below', 'under']);
const MORE_BEFORE_THAN = new Set(['more', 'greater', 'higher', 'pricier', 'over', 'above', 'dearer']);

export interface ExtractOptions {
  now: Date;
  currency: string;
}

export function extractDetails(analysis: Analysis, skip: ReadonlySet<number>, options: ExtractOptions): Extracted {
  const { tokens } = analysis;
  const used = new Set<number>(skip);
  const normals = tokens.map((token) => token.normal);
  const at = (index: number): string => normals[index] ?? '';
  const take = (from: number, to: number): void => {
    for (let index = from; index <= to; index += 1) used.add(index);
  };
  const filters: TAssistantFilters = {
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
  let hasDetail = false;
  let priceUnit: TProductUnit | null = null;

  // Places from the gazetteer.
  for (const match of analysis.places) {
    if (!filters.near) filters.near = { name: match.place.name, lat: match.place.lat, lng: match.place.lng };
    take(match.start, match.end);
    hasDetail = true;
  }

  // Freshness: wink-nlp DATE / DURATION entities, windows for "today", "this week", "this month",
  // chrono-node for dates ("since Monday", "3 days ago").
  const dateEntities = analysis.entities.filter((entity) => entity.type === 'DATE' || entity.type === 'DURATION');
  const freshWords = ['today', 'yesterday', 'week', 'month', 'days', 'weeks', 'months', 'ago', 'since', 'morning'];
  if (dateEntities.length > 0 || normals.some((normal) => freshWords.includes(normal))) {
    const joined = normals.join(' ');
    let days: number | null = null;
    const lastN = /\b(?:last|past|within|in)\s+(?:the\s+)?(?:last\s+|past\s+)?(\S+)\s+(day|days|week|weeks|month|months)\b/.exec(joined);
    if (/\b(today|this morning|tonight)\b/.test(joined)) days = 1;
    else if (/\byesterday\b/.test(joined)) days = 2;
    else if (lastN) {
      const count = Number(lastN[1]) || NUMBER_WORDS[lastN[1] ?? ''] || 1;
      const unit = lastN[2] ?? 'days';
      days = unit.startsWith('day') ? count : unit.startsWith('week') ? count * 7 : count * 30;
    } else if (/\b(this|past|last|a|one)\s+week\b/.test(joined)) days = 7;
    else if (/\b(this|past|last|a|one)\s+month\b/.test(joined)) days = 30;
    else {
      const parsed = chrono.parse(analysis.text, options.now, { forwardDate: false })[0];
      if (parsed) {
        const date = parsed.start.date();
        const startOfDay = /\bsince\b/.test(joined) ? new Date(date.getFullYear(), date.getMonth(), date.getDate()) : date;
        const elapsed = (options.now.getTime() - startOfDay.getTime()) / DAY_MS;
        if (elapsed > 0) days = Math.max(1, Math.ceil(elapsed - 1e-9));
      }
    }
    if (days !== null) {
      filters.harvestedWithinDays = Math.min(365, Math.max(1, Math.round(days)));
      hasDetail = true;
      for (const entity of dateEntities) take(entity.start, entity.end);
      normals.forEach((normal, index) => {
        if (freshWords.includes(normal) || ['this', 'last', 'past', 'within', 'the', 'few', 'ago', 'harvested', 'picked', 'fresh'].includes(normal)) used.add(index);
        if (isNumberToken(tokens[index]!) && freshWords.includes(at(index + 1))) used.add(index);
      });
    }
  }

  // Prices.
  const setMax = (money: Money): void => {
    filters.maxPriceMinor = minorUnits(money.upper ?? money.value, options.currency);
    if (money.upper !== null) filters.minPriceMinor = minorUnits(money.value, options.currency);
  };
  const setMin = (money: Money): void => {
    filters.minPriceMinor = minorUnits(money.value, options.currency);
  };
  /** "a kg", "per kg", "/kg", "each" after a price. */
  const priceUnitAfter = (index: number): number => {
    const word = at(index + 1);
    if ((word === 'a' || word === 'per' || word === '/' || word === 'an') && at(index + 2) in UNIT_WORDS) {
      priceUnit = UNIT_WORDS[at(index + 2)] ?? null;
      return index + 2;
    }
    if (word === 'each') {
      priceUnit = 'piece';
      return index + 1;
    }
    return index;
  };
  for (let index = 0; index < tokens.length; index += 1) {
    if (used.has(index)) continue;
    const word = at(index);
    // between X and Y, from X to Y
    if (word === 'between' || word === 'from') {
      const low = moneyAt(tokens, index + 1);
      const joiner = low ? at(low.end + 1) : '';
      const high = low && (joiner === 'and' || joiner === 'to' || joiner === '-') ? moneyAt(tokens, low.end + 2) : null;
      if (low && high) {
        filters.minPriceMinor = minorUnits(Math.min(low.value, high.value), options.currency);
        filters.maxPriceMinor = minorUnits(Math.max(low.value, high.value), options.currency);
        const last = priceUnitAfter(high.end);
        take(index, last);
        hasDetail = true;
        index = last;
        continue;
      }
      if (low?.upper !== null && low) {
        setMax(low);
        const last = priceUnitAfter(low.end);
        take(index, last);
        hasDetail = true;
        index = last;
        continue;
      }
    }
    const money = moneyAt(tokens, index);
    if (!money || used.has(money.start)) continue;
    // A quantity ("2 kg", "two crates"), not a price.
    const next = at(money.end + 1);
    if (next in UNIT_WORDS || (next === 'of' && money.start === money.end && !CURRENCY_WORDS.has(at(money.end)))) continue;
    const before1 = at(money.start - 1);
    const before2 = at(money.start - 2);
    const before3 = at(money.start - 3);
    let bound: 'max' | 'min' | null = null;
    let from = money.start;
    if (before1 === 'than') {
      if (LESS_BEFORE_THAN.has(before2)) bound = before3 === 'no' || before3 === 'not' ? 'min' : 'max';
      else if (MORE_BEFORE_THAN.has(before2)) bound = before3 === 'no' || before3 === 'not' ? 'max' : 'min';
      from = money.start - 2;
      if (before3 === 'no' || before3 === 'not') from -= 1;
    } else if (before1 === 'to' && before2 === 'up') {
      bound = 'max';
      from = money.start - 2;
    } else if (before1 === 'most' && before2 === 'at') {
      bound = 'max';
      from = money.start - 2;
    } else if (before1 === 'least' && before2 === 'at') {
      bound = 'min';
      from = money.start - 2;
    } else if (MAX_PRICE_WORDS.has(before1)) {
      bound = 'max';
      from = money.start - 1;
    } else if (MIN_PRICE_WORDS.has(before1)) {
      bound = 'min';
      from = money.start - 1;
    } else if (before1 === 'for' || before1 === 'at' || before1 === 'around' || before1 === 'about') {
      bound = money.upper !== null || money.end > money.start || money.start < index ? 'max' : null;
      if (bound) from = money.start - 1;
    }
    let last = priceUnitAfter(money.end);
    const after1 = at(last + 1);
    const after2 = at(last + 2);
    if ((after1 === 'or' || after1 === 'and') && ['less', 'under', 'below', 'lower', 'cheaper'].includes(after2)) {
      bound = 'max';
      last += 2;
    } else if ((after1 === 'or' || after1 === 'and') && ['more', 'above', 'over', 'up', 'higher'].includes(after2)) {
      bound = 'min';
      last += 2;
    } else if (after1 === 'max' || after1 === 'maximum' || after1 === 'tops') {
      bound = 'max';
      last += 1;
    } else if (after1 === 'plus' || after1 === '+' || after1 === 'minimum') {
      bound = 'min';
      last += 1;
    }
    if (money.upper !== null && bound === null) bound = 'max';
    if (bound === null && money.end > money.start) bound = 'max';
    if (bound === 'max') setMax(money);
    else if (bound === 'min') setMin(money);
    else continue;
    take(Math.max(0, from), last);
    hasDetail = true;
    index = last;
  }

  // Quantity and unit: "2 kg", "two crates", "a dozen", "3 of those".
  for (let index = 0; index < tokens.length; index += 1) {
    if (used.has(index)) continue;
    const token = tokens[index]!;
    const unit = UNIT_WORDS[at(index + 1)];
    let value = numberValue(token);
    if (value === null && (token.normal === 'a' || token.normal === 'an')) value = unit ? 1 : null;
    if (value === null || value <= 0) continue;
    if (unit && !(at(index + 1) === 'l' && token.type !== 'number') && !(at(index + 1) === 'g' && token.type !== 'number')) {
      if (token.normal === 'half' && at(index + 1) === 'a') continue;
      filters.quantity = value;
      filters.unit = unit;
      take(index, index + 1);
      if (at(index - 1) === 'half') {
        filters.quantity = value / 2;
        used.add(index - 1);
      }
      index += 1;
      continue;
    }
    if (token.normal === 'half' && at(index + 1) === 'a' && UNIT_WORDS[at(index + 2)]) {
      filters.quantity = 0.5;
      filters.unit = UNIT_WORDS[at(index + 2)] ?? null;
      take(index, index + 2);
      index += 2;
      continue;
    }
    if (token.normal === 'a' || token.normal === 'an' || token.normal === 'one' && at(index + 1) !== 'of') continue;
    if (filters.quantity === null && (token.type === 'number' || at(index + 1) === 'of' || at(index + 1) === 'more')) {
      filters.quantity = value;
      used.add(index);
    }
  }
  if (filters.unit === null && priceUnit !== null) filters.unit = priceUnit;

  // Near me.
  const joined = ` ${normals.join(' ')} `;
  if (/ (near|close to|around|closest to|nearest to|next to) (me|us|my (location|home|house|place|area|address)|here) | nearby | close by | in my area | around here | near where i (live|am) /.test(joined)) {
    if (!filters.near) filters.nearMe = true;
    hasDetail = true;
    normals.forEach((normal, index) => {
      if (['near', 'close', 'closest', 'nearest', 'around', 'me', 'us', 'nearby', 'here', 'by', 'area', 'location', 'home', 'house', 'place', 'address'].includes(normal)) used.add(index);
    });
  }

  // Sort.
  let sort: TProductSort | null = null;
  if (/ (most|more) expensive | (highest|high) price | pric(iest|ey) first | high to low | expensive (ones )?first | dearest /.test(joined)) sort = 'price_desc';
  else if (/ (lowest|low) price | low to high | least expensive | (cheapest|cheap) | cheaper (?!than)|sort by price | by price /.test(joined)) sort = 'price_asc';
  else if (/ (closest|nearest)(?! to me)| by distance | sort by distance /.test(joined) || / (closest|nearest) to me /.test(joined)) sort = 'distance';
  else if (/ (newest|latest) | most recent | just added | new arrivals | recently added /.test(joined)) sort = 'newest';
  else {
    for (const normal of normals) {
      const found = SORT_WORDS[normal];
      if (found && normal !== 'cheaper') {
        sort = found;
        break;
      }
    }
  }
  if (sort) {
    filters.sort = sort;
    hasDetail = true;
  }

  // Organic.
  normals.forEach((normal, index) => {
    if (normal === 'organic' || normal === 'organically' || normal === 'bio' || (normal.length >= 6 && normal.length <= 8 && normal.startsWith('org') && distance(normal, 'organic') <= 1)) {
      filters.organic = at(index - 1) === 'not' || at(index - 1) === 'non' ? false : true;
      hasDetail = true;
    } else if (normal === 'non-organic' || normal === 'inorganic' || normal === 'conventional') {
      filters.organic = false;
      hasDetail = true;
    } else if ((normal === 'pesticide' || normal === 'chemical' || normal === 'chemicals' || normal === 'pesticides') && (at(index + 1) === 'free' || at(index + 2) === 'free')) {
      filters.organic = true;
      hasDetail = true;
    }
  });

  // Ordinal and pointing back ("the first", "that one", "it", "those").
  let ordinal: number | null = null;
  normals.forEach((normal, index) => {
    if (used.has(index) || ordinal !== null) return;
    const value = ORDINAL_WORDS[normal];
    if (value !== undefined) {
      ordinal = value;
      used.add(index);
    } else if (normal === 'last' && (at(index - 1) === 'the' || at(index + 1) === 'one')) {
      ordinal = -1;
      used.add(index);
    }
  });
  const pointsBack = /\b(it|that one|this one|that|this|those|these|them|the same)\b/.test(normals.join(' '));
  const followUpMarker =
    /^(and |also |only |just |what about |how about |what of |and what about |same |now |ok |okay |but )/.test(`${normals.join(' ')} `) ||
    / (ones|instead|then|those|them|these|cheaper|fresher|closer|more) /.test(joined);

  // Category and query: the words that are left.
  const categories: TProductCategory[] = [];
  const rest: string[] = [];
  tokens.forEach((token, index) => {
    if (used.has(index) || analysis.placeAt.has(index)) return;
    if (token.type !== 'word') return;
    const normal = token.normal.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (!normal) return;
    const category = CATEGORY_WORDS[normal];
    if (category) {
      categories.push(category);
      rest.push(normal);
      return;
    }
    if (token.stop && !analysis.productAt.has(index)) return;
    if ((FILLER_WORDS.has(normal) && !analysis.productAt.has(index)) || normal in UNIT_WORDS || CURRENCY_WORDS.has(normal) || normal in ORDINAL_WORDS) return;
    if (normal === 'non-organic' || normal === 'inorganic' || normal.length < 2) return;
    if (normal.startsWith('org') && normal.length >= 6 && normal.length <= 8 && distance(normal, 'organic') <= 1) return;
    if (/^\d/.test(normal)) return;
    rest.push(normal);
  });
  const productWords = rest.filter((word) => !(word in CATEGORY_WORDS));
  if (productWords.length === 0 && categories.length > 0) {
    filters.category = categories[0] ?? null;
  } else if (productWords.length > 0) {
    filters.query = rest.join(' ').slice(0, 200);
  }
  if (filters.category) hasDetail = true;

  return { filters, ordinal, pointsBack, followUpMarker, hasDetail };
}
