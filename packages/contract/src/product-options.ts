import { contractMessage } from './messages-i18n';
import { msg } from '@lingui/core/runtime-macro';
/**
 * The catalogue's fixed lists, without zod: the web's first page imports these, and zod stays out
 * of its load (products.ts builds its schemas from them and re-exports them).
 */
export const PRODUCT_CATEGORIES = [
  'vegetables',
  'fruits',
  'grains',
  'dairy_and_eggs',
  'meat_and_fish',
  'herbs_and_spices',
  'honey_and_preserves',
  'plants_and_seeds',
  'nature_crafts',
  'other',
] as const;
export type TProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export const categoryLabels: Readonly<Record<TProductCategory, string>> = {
  vegetables: contractMessage(msg`Vegetables`),
  fruits: contractMessage(msg`Fruits`),
  grains: contractMessage(msg`Grains`),
  dairy_and_eggs: contractMessage(msg`Dairy & eggs`),
  meat_and_fish: contractMessage(msg`Meat & fish`),
  herbs_and_spices: contractMessage(msg`Herbs & spices`),
  honey_and_preserves: contractMessage(msg`Honey & preserves`),
  plants_and_seeds: contractMessage(msg`Plants & seeds`),
  nature_crafts: contractMessage(msg`Nature crafts`),
  other: contractMessage(msg`Other`),
};

export const PRODUCT_SORTS = ['relevance', 'newest', 'price_asc', 'price_desc', 'distance'] as const;
export type TProductSort = (typeof PRODUCT_SORTS)[number];
