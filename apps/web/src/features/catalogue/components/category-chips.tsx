import { PRODUCT_CATEGORIES, categoryLabels, type TProductCategory } from '@pulse/contract/product-options';
import classes from './listing.module.css';
import chipClasses from './category-chips.module.css';

const CHOICES: readonly { value: TProductCategory | null; label: string }[] = [
  { value: null, label: 'All' },
  ...PRODUCT_CATEGORIES.map((category) => ({ value: category, label: categoryLabels[category] })),
];

/**
 * One tap narrows the listing to a category; "All" widens it again. Scrolls sideways on a phone.
 * Plain toggle buttons (aria-pressed): the first page does without Mantine's Chip.
 */
export function CategoryChips({ value, onChange }: { value: TProductCategory | null; onChange: (category: TProductCategory | null) => void }) {
  return (
    <div className={classes.chips} role="group" aria-label="Categories">
      {CHOICES.map((choice) => (
        <button
          key={choice.value ?? 'all'}
          type="button"
          className={chipClasses.chip}
          aria-pressed={choice.value === value}
          onClick={() => onChange(choice.value)}
        >
          {choice.label}
        </button>
      ))}
    </div>
  );
}
