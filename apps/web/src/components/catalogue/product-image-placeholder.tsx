import type { TProductCategory } from '@pulse/contract/products';
import {
  IconApple,
  IconBasket,
  IconBottle,
  IconCarrot,
  IconEgg,
  IconFeather,
  IconFish,
  IconLeaf,
  IconSeedling,
  IconWheat,
  type Icon,
} from '@tabler/icons-react';
import classes from './product-card.module.css';

const CATEGORY_ICONS: Readonly<Record<TProductCategory, Icon>> = {
  vegetables: IconCarrot,
  fruits: IconApple,
  grains: IconWheat,
  dairy_and_eggs: IconEgg,
  meat_and_fish: IconFish,
  herbs_and_spices: IconLeaf,
  honey_and_preserves: IconBottle,
  plants_and_seeds: IconSeedling,
  nature_crafts: IconFeather,
  other: IconBasket,
};

/** What a product without a photo shows: its category's icon on a soft tint, same size as a photo. */
export function ProductImagePlaceholder({ category, size = 44 }: { category: TProductCategory; size?: number }) {
  const CategoryIcon = CATEGORY_ICONS[category];
  return (
    <div className={classes.placeholder} data-category={category} aria-hidden>
      <CategoryIcon size={size} stroke={1.4} />
    </div>
  );
}
