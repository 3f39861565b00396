import { Loader } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconChevronDown } from '@tabler/icons-react';
import type { TProductSort } from '@pulse/contract/product-options';
import { SORT_LABELS } from '../utils/listing-filters';
import classes from './native-field.module.css';

/** The sort menu: the phone's own picker (a native select), with a spinner while locating. */
export function SortSelect({ value, options, locating, onChange }: { value: TProductSort; options: TProductSort[]; locating: boolean; onChange: (sort: TProductSort) => void }) {
  const { i18n, t } = useLingui();
  return (
    <div className={`${classes.field} ${classes.selectField}`}>
      <select
        className={`${classes.control} ${classes.select}`}
        aria-label={t`Sort by`}
        value={value}
        data-with-left={locating || undefined}
        onChange={(event) => onChange(event.currentTarget.value as TProductSort)}
      >
        {options.map((sort) => (
          <option key={sort} value={sort}>
            {i18n._(SORT_LABELS[sort])}
          </option>
        ))}
      </select>
      {locating && (
        <span className={`${classes.left} ${classes.selectLeft}`}>
          <Loader size={14} aria-label={t`Finding your location`} />
        </span>
      )}
      <span className={`${classes.right} ${classes.chevron}`} aria-hidden>
        <IconChevronDown size={16} />
      </span>
    </div>
  );
}
