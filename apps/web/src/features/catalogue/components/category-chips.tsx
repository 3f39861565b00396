import { Chip } from '@mantine/core';
import { PRODUCT_CATEGORIES, categoryLabels, type TProductCategory } from '@pulse/contract/products';
import classes from './listing.module.css';

const ALL = 'all';

/** One tap narrows the listing to a category; "All" widens it again. Scrolls sideways on a phone. */
export function CategoryChips({ value, onChange }: { value: TProductCategory | null; onChange: (category: TProductCategory | null) => void }) {
  return (
    <div className={classes.chips} role="group" aria-label="Categories">
      <Chip.Group
        multiple={false}
        value={value ?? ALL}
        onChange={(next) => onChange(next === ALL ? null : (next as TProductCategory))}
      >
        <Chip value={ALL} size="sm" variant="light" radius="xl">
          All
        </Chip>
        {PRODUCT_CATEGORIES.map((category) => (
          <Chip key={category} value={category} size="sm" variant="light" radius="xl">
            {categoryLabels[category]}
          </Chip>
        ))}
      </Chip.Group>
    </div>
  );
}
