import type { TProductCategory, TProductSort, TProductUnit } from '@pulse/contract/products';

// Produce and filler words live with the gazetteer (modules/places), which needs them too.
export { BUILT_IN_PRODUCT_WORDS, FILLER_WORDS, NON_PRODUCT_TITLE_WORDS } from '../../places/gazetteer-words';

/**
 * The assistant's word lists (data, not a tokeniser: wink-nlp tokenises, these name what the
 * tokens mean in a farm-produce marketplace). Every entry is a token's `normal` form (lower case).
 */

/** Words that name a category (not a product): "vegetables under 5" = category vegetables, no query. */
export const CATEGORY_WORDS: Readonly<Record<string, TProductCategory>> = {
  vegetables: 'vegetables',
  vegetable: 'vegetables',
  veg: 'vegetables',
  veggies: 'vegetables',
  veggie: 'vegetables',
  greens: 'vegetables',
  fruit: 'fruits',
  fruits: 'fruits',
  grains: 'grains',
  grain: 'grains',
  cereals: 'grains',
  cereal: 'grains',
  dairy: 'dairy_and_eggs',
  meat: 'meat_and_fish',
  meats: 'meat_and_fish',
  seafood: 'meat_and_fish',
  herbs: 'herbs_and_spices',
  herb: 'herbs_and_spices',
  spices: 'herbs_and_spices',
  spice: 'herbs_and_spices',
  preserves: 'honey_and_preserves',
  seeds: 'plants_and_seeds',
  seedlings: 'plants_and_seeds',
  plants: 'plants_and_seeds',
  crafts: 'nature_crafts',
  craft: 'nature_crafts',
  handicrafts: 'nature_crafts',
  crafted: 'nature_crafts',
};

/** Units of a quantity or a price ("2 kg", "a kg", "two crates"). */
export const UNIT_WORDS: Readonly<Record<string, TProductUnit>> = {
  kg: 'kg',
  kgs: 'kg',
  kilo: 'kg',
  kilos: 'kg',
  kilogram: 'kg',
  kilograms: 'kg',
  kilogramme: 'kg',
  kilogrammes: 'kg',
  g: 'g',
  gram: 'g',
  grams: 'g',
  gramme: 'g',
  grammes: 'g',
  gr: 'g',
  piece: 'piece',
  pieces: 'piece',
  pc: 'piece',
  pcs: 'piece',
  bunch: 'bunch',
  bunches: 'bunch',
  dozen: 'dozen',
  dozens: 'dozen',
  crate: 'crate',
  crates: 'crate',
  litre: 'litre',
  litres: 'litre',
  liter: 'litre',
  liters: 'litre',
  l: 'litre',
};

/** Number words wink-nlp marks as CARDINAL without a numeric value. */
export const NUMBER_WORDS: Readonly<Record<string, number>> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18,
  nineteen: 19, twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
  hundred: 100, a: 1, an: 1, half: 0.5, couple: 2, few: 3,
};

export const ORDINAL_WORDS: Readonly<Record<string, number>> = {
  first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4, fifth: 5, '5th': 5, sixth: 6, '6th': 6,
};

/** Currency words and symbols around a price ("5 cedis", "$5", "GH₵ 5", "ghs 5"). */
export const CURRENCY_WORDS: ReadonlySet<string> = new Set([
  '$', '€', '£', '₵', '¢', 'gh', 'gh₵', 'ghs', 'ghc', 'cedi', 'cedis', 'dollar', 'dollars', 'usd', 'eur', 'euro',
  'euros', 'pesewas', 'bucks',
]);

/** Before a number: an upper bound ("under 5", "less than 5", "at most 5", "up to 5"). */
export const MAX_PRICE_WORDS: ReadonlySet<string> = new Set(['under', 'below', 'beneath', 'max', 'maximum', 'within', 'cheaper', 'lower', 'less', 'upto', 'most', '<', '<=']);
/** Before a number: a lower bound ("over 10", "more than 10", "at least 10"). */
export const MIN_PRICE_WORDS: ReadonlySet<string> = new Set(['over', 'above', 'min', 'minimum', 'more', 'least', 'greater', 'higher', 'pricier', '>', '>=']);

export const SORT_WORDS: Readonly<Record<string, TProductSort>> = {
  cheapest: 'price_asc',
  cheap: 'price_asc',
  cheaper: 'price_asc',
  affordable: 'price_asc',
  budget: 'price_asc',
  lowest: 'price_asc',
  priciest: 'price_desc',
  dearest: 'price_desc',
  closest: 'distance',
  nearest: 'distance',
  newest: 'newest',
  latest: 'newest',
};
