import { Loader, NativeSelect } from '@mantine/core';
import type { TProductSort } from '@pulse/contract/products';
import { SORT_LABELS } from '../utils/listing-filters';

export function SortSelect({ value, options, locating, onChange }: { value: TProductSort; options: TProductSort[]; locating: boolean; onChange: (sort: TProductSort) => void }) {
  return (
    <NativeSelect
      aria-label="Sort by"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value as TProductSort)}
      data={options.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }))}
      leftSection={locating ? <Loader size={14} aria-label="Finding your location" /> : undefined}
      miw={{ md: 200 }}
      radius="md"
    />
  );
}
