import { useState } from 'react';
import { Avatar, Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TProductSummary } from '@pulse/contract/products';
import { resolveMediaUrl } from '../../../lib/media-url';
import { formatUnitPrice } from '../../../lib/product-units';
import { getProducts } from '../../../lib/catalogue/get-products';

interface ProductPickerProps {
  chosen: readonly TProductSummary[];
  onPick: (product: TProductSummary) => void;
  disabled: boolean;
}

/** Finds products on sale by name (the catalogue's search) to link to a post. */
export function ProductPicker({ chosen, onPick, disabled }: ProductPickerProps) {
  const { t } = useLingui();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 250);
  const results = useQuery({
    queryKey: ['hub', 'product-search', query],
    queryFn: ({ signal }) => getProducts({ q: query }, null, signal),
    enabled: query.length >= 2,
    staleTime: 30_000,
  });
  const chosenIds = new Set(chosen.map((product) => product.id));
  const options = (results.data?.items ?? []).filter((product) => !chosenIds.has(product.id)).slice(0, 8);

  return (
    <Combobox
      store={combobox}
      withinPortal
      onOptionSubmit={(id) => {
        const product = options.find((item) => item.id === id);
        if (product) onPick(product);
        setSearch('');
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          label={t`Link a product`}
          description={t`Readers can add it to their basket from your post`}
          placeholder={disabled ? t`You linked 3 products` : t`Search the market, e.g. yams`}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={results.isFetching ? <Loader size="xs" /> : null}
          value={search}
          disabled={disabled}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            combobox.openDropdown();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={query.length < 2}>
        <Combobox.Options mah={280} style={{ overflowY: 'auto' }}>
          {options.map((product) => (
            <Combobox.Option value={product.id} key={product.id}>
              <Group gap="sm" wrap="nowrap">
                <Avatar src={product.thumbUrl ? resolveMediaUrl(product.thumbUrl) : null} radius="sm" size={36} alt="" />
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate>
                    {product.title}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {formatUnitPrice(product.priceMinor, product.currency, product.unit)} · {product.farmName}
                  </Text>
                </div>
              </Group>
            </Combobox.Option>
          ))}
          {results.isSuccess && options.length === 0 && <Combobox.Empty>
              <Trans>No products found</Trans>
            </Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
