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
  label: string;
  blurb: string;
  icon: Icon;
}

// The catalogue's "other" category is left out on purpose: it is a catch-all, not something to browse by.
export const PRODUCE_CATEGORIES: readonly ProduceCategory[] = [
  { slug: 'vegetables', label: 'Vegetables', blurb: 'Greens, roots and seasonal veg', icon: IconCarrot },
  { slug: 'fruits', label: 'Fruits', blurb: 'Orchard, tropical and wild fruit', icon: IconApple },
  { slug: 'grains', label: 'Grains', blurb: 'Maize, rice, millet, beans and flour', icon: IconWheat },
  { slug: 'dairy-and-eggs', label: 'Dairy and eggs', blurb: 'Milk, cheese, yoghurt and eggs', icon: IconEgg },
  { slug: 'meat-and-fish', label: 'Meat and fish', blurb: 'Pasture-raised meat and fresh catch', icon: IconFish },
  { slug: 'herbs-and-spices', label: 'Herbs and spices', blurb: 'Fresh bunches and dried blends', icon: IconLeaf },
  { slug: 'honey-and-preserves', label: 'Honey and preserves', blurb: 'Raw honey, jams, pickles and oils', icon: IconBottle },
  { slug: 'plants-and-seeds', label: 'Plants and seeds', blurb: 'Seedlings, cuttings and seed', icon: IconSeedling },
  { slug: 'nature-crafts', label: 'Nature crafts', blurb: 'Baskets, woodwork and dyes', icon: IconFeather },
];

export function buildCategoryListingPath(slug: string): string {
  return `/product-listing?category=${encodeURIComponent(slug)}`;
}
