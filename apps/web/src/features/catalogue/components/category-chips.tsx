import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { PRODUCT_CATEGORIES, type TProductCategory } from '@pulse/contract/product-options';
import { CATEGORY_NAMES } from '../../../lib/category-names';
import classes from '../../../components/catalogue/listing.module.css';
import chipClasses from './category-chips.module.css';

const CHOICES: readonly { value: TProductCategory | null; label: MessageDescriptor }[] = [
  { value: null, label: msg`All` },
  ...PRODUCT_CATEGORIES.map((category) => ({ value: category, label: CATEGORY_NAMES[category] })),
];

/**
 * One tap narrows the listing to a category; "All" widens it again. Scrolls sideways on a phone.
 * Plain toggle buttons (aria-pressed): the first page does without Mantine's Chip.
 */
export function CategoryChips({ value, onChange }: { value: TProductCategory | null; onChange: (category: TProductCategory | null) => void }) {
  const { i18n, t } = useLingui();
  return (
    <div className={classes.chips} role="group" aria-label={t`Categories`}>
      {CHOICES.map((choice) => (
        <button
          key={choice.value ?? 'all'}
          type="button"
          className={chipClasses.chip}
          aria-pressed={choice.value === value}
          onClick={() => onChange(choice.value)}
        >
          {i18n._(choice.label)}
        </button>
      ))}
    </div>
  );
}
