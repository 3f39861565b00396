import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { TProductCategory } from '@pulse/contract/product-options';

/** The produce categories as buyers and sellers read them; render with i18n._(). */
export const CATEGORY_NAMES: Readonly<Record<TProductCategory, MessageDescriptor>> = {
  vegetables: msg`Vegetables`,
  fruits: msg`Fruits`,
  grains: msg`Grains`,
  dairy_and_eggs: msg`Dairy & eggs`,
  meat_and_fish: msg`Meat & fish`,
  herbs_and_spices: msg`Herbs & spices`,
  honey_and_preserves: msg`Honey & preserves`,
  plants_and_seeds: msg`Plants & seeds`,
  nature_crafts: msg`Nature crafts`,
  other: msg`Other`,
};
