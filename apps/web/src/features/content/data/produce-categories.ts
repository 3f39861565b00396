import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Icon } from '@tabler/icons-react';
import {
  IconApple,
  IconCarrot,
  IconEgg,
  IconFish,
  IconFeather,
  IconBottle,
  IconLeaf,
  IconSeedling,
  IconWheat,
} from '@tabler/icons-react';

export interface ProduceCategory {
  /** Value of the `category` query parameter on /product-listing. */
  slug: string;
  /** Rendered with i18n._() in the reader's language. */
  label: MessageDescriptor;
  blurb: MessageDescriptor;
  icon: Icon;
}

// The catalogue's "other" category is left out on purpose: it is a catch-all, not something to browse by.
export const PRODUCE_CATEGORIES: readonly ProduceCategory[] = [
  { slug: 'vegetables', label: msg`Vegetables`, blurb: msg`Greens, roots and seasonal veg`, icon: IconCarrot },
  { slug: 'fruits', label: msg`Fruits`, blurb: msg`Orchard, tropical and wild fruit`, icon: IconApple },
  { slug: 'grains', label: msg`Grains`, blurb: msg`Maize, rice, millet, beans and flour`, icon: IconWheat },
  { slug: 'dairy-and-eggs', label: msg`Dairy and eggs`, blurb: msg`Milk, cheese, yoghurt and eggs`, icon: IconEgg },
  { slug: 'meat-and-fish', label: msg`Meat and fish`, blurb: msg`Pasture-raised meat and fresh catch`, icon: IconFish },
  { slug: 'herbs-and-spices', label: msg`Herbs and spices`, blurb: msg`Fresh bunches and dried blends`, icon: IconLeaf },
  { slug: 'honey-and-preserves', label: msg`Honey and preserves`, blurb: msg`Raw honey, jams, pickles and oils`, icon: IconBottle },
  { slug: 'plants-and-seeds', label: msg`Plants and seeds`, blurb: msg`Seedlings, cuttings and seed`, icon: IconSeedling },
  { slug: 'nature-crafts', label: msg`Nature crafts`, blurb: msg`Baskets, woodwork and dyes`, icon: IconFeather },
];

export function buildCategoryListingPath(slug: string): string {
  return `/product-listing?category=${encodeURIComponent(slug)}`;
}
