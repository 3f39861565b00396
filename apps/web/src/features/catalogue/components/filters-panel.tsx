import { useState, type KeyboardEvent } from 'react';
import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconMapPin } from '@tabler/icons-react';
import { countActiveFilters, type ListingFilters } from '../utils/listing-filters';
import { toPriceText } from '../utils/price-text';
import { currencyDigits, currencySymbol } from '../../../lib/format';
import { padMoneyInputText } from '../../../lib/money-input';

export interface FiltersPanelProps {
  filters: ListingFilters;
  currency: string;
  onChange: (changes: Partial<ListingFilters>) => void;
  onClear: () => void;
}

type Draft = { minPrice: string; maxPrice: string; region: string };

/** Prices show the currency's digits, as every amount does ("2.50", not "2.5"). */
function toDraft(filters: ListingFilters, currency: string): Draft {
  const digits = currencyDigits(currency);
  return {
    minPrice: filters.minPrice === null ? '' : filters.minPrice.toFixed(digits),
    maxPrice: filters.maxPrice === null ? '' : filters.maxPrice.toFixed(digits),
    region: filters.region,
  };
}

function toPrice(text: string): number | null {
  if (text.trim() === '') return null;
  const price = Number(text);
  return Number.isFinite(price) && price >= 0 ? price : null;
}

function commitOnEnter(commit: () => void) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  };
}

/**
 * Price range, organic, in stock and region. Ticks apply at once; typed values apply when the
 * field is left or Enter is pressed, so each keystroke is not a search of its own.
 */
export function FiltersPanel({ filters, currency, onChange, onClear }: FiltersPanelProps) {
  const { t } = useLingui();
  const [draft, setDraft] = useState<Draft>(() => toDraft(filters, currency));
  const [source, setSource] = useState(filters);
  if (source !== filters) {
    // The address changed (Back, Clear filters): show what it says now.
    setSource(filters);
    setDraft(toDraft(filters, currency));
  }

  const commitPrices = () => {
    setDraft((current) => ({ ...current, minPrice: padMoneyInputText(current.minPrice, currency), maxPrice: padMoneyInputText(current.maxPrice, currency) }));
    const minPrice = toPrice(draft.minPrice);
    const maxPrice = toPrice(draft.maxPrice);
    if (minPrice !== filters.minPrice || maxPrice !== filters.maxPrice) onChange({ minPrice, maxPrice });
  };
  const commitRegion = () => {
    if (draft.region.trim() !== filters.region) onChange({ region: draft.region.trim() });
  };

  const symbol = currencySymbol(currency);
  const decimalScale = currencyDigits(currency);
  const minPrice = toPrice(draft.minPrice);
  const maxPrice = toPrice(draft.maxPrice);
  const reversed = minPrice !== null && maxPrice !== null && minPrice > maxPrice;

  return (
    <Stack gap="lg">
      <div>
        <Text fw={600} size="sm" mb={6}>
          <Trans>Price per unit</Trans>
        </Text>
        <Group gap="xs" grow wrap="nowrap">
          <TextInput
            aria-label={t`Lowest price`}
            placeholder={t`Min`}
            leftSection={symbol}
            inputMode="decimal"
            value={draft.minPrice}
            onChange={(event) => {
              const value = toPriceText(event.currentTarget.value, decimalScale);
              setDraft((current) => ({ ...current, minPrice: value }));
            }}
            onBlur={commitPrices}
            onKeyDown={commitOnEnter(commitPrices)}
          />
          <TextInput
            aria-label={t`Highest price`}
            placeholder={t`Max`}
            leftSection={symbol}
            inputMode="decimal"
            value={draft.maxPrice}
            onChange={(event) => {
              const value = toPriceText(event.currentTarget.value, decimalScale);
              setDraft((current) => ({ ...current, maxPrice: value }));
            }}
            onBlur={commitPrices}
            onKeyDown={commitOnEnter(commitPrices)}
          />
        </Group>
        {reversed && (
          <Text size="xs" c="dimmed" mt={4}>
            <Trans>Showing prices between the two, lowest first.</Trans>
          </Text>
        )}
      </div>

      <Stack gap="sm">
        <Checkbox label={t`Organic only`} checked={filters.organic} onChange={(event) => onChange({ organic: event.currentTarget.checked })} />
        <Checkbox label={t`In stock only`} checked={filters.inStock} onChange={(event) => onChange({ inStock: event.currentTarget.checked })} />
      </Stack>

      <TextInput
        label={t`Region`}
        placeholder={t`e.g. Ashanti or Kumasi`}
        leftSection={<IconMapPin size={16} aria-hidden />}
        value={draft.region}
        maxLength={100}
        onChange={(event) => {
          const region = event.currentTarget.value;
          setDraft((current) => ({ ...current, region }));
        }}
        onBlur={commitRegion}
        onKeyDown={commitOnEnter(commitRegion)}
      />

      <Button variant="default" onClick={onClear} disabled={countActiveFilters(filters) === 0}>
        <Trans>Clear filters</Trans>
      </Button>
    </Stack>
  );
}
