import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, CloseButton, Drawer, Group, Indicator, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconMapPinOff } from '@tabler/icons-react';
import type { TProductSort } from '@pulse/contract/products';
import type { PageProps } from '../../../app/route-types';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useProductList } from '../api/get-products';
import { CategoryChips } from '../components/category-chips';
import { FiltersPanel } from '../components/filters-panel';
import { InfiniteSentinel } from '../components/infinite-sentinel';
import { ListingEmptyState } from '../components/listing-empty-state';
import { ProductCard } from '../components/product-card';
import { ProductCardSkeleton } from '../components/product-card-skeleton';
import { SearchBox } from '../components/search-box';
import { ShopHeader } from '../components/shop-header';
import { SortSelect } from '../components/sort-select';
import { SORT_LABELS, availableSorts, countActiveFilters, effectiveSort, toProductListQuery, withoutFilters, type ListingFilters } from '../utils/listing-filters';
import { useListingFilters } from '../utils/use-listing-filters';
import { useNearPoint } from '../utils/use-near-point';
import classes from '../components/listing.module.css';

const DEFAULT_CURRENCY = 'USD';
const SKELETON_COUNT = 8;

function locationRefusedMessage(keptSort: TProductSort): string {
  return `We could not get your location, so the results stay sorted by ${SORT_LABELS[keptSort].toLowerCase()}. Allow location access in your browser to sort by distance.`;
}

/** / and /product-listing: search, categories, filters and sort, all kept in the address. */
export function ProductListingPage({ route }: PageProps) {
  const { filters, setFilters } = useListingFilters();
  const near = useNearPoint();
  const [filtersOpened, filtersDrawer] = useDisclosure(false);
  const [locationMessage, setLocationMessage] = useState<string | null>(null);
  const [currency, setCurrency] = useState(DEFAULT_CURRENCY);

  const sort = effectiveSort(filters);
  const waitingForLocation = sort === 'distance' && near.point === null;
  const query = toProductListQuery(filters, { currency, near: near.point });
  const list = useProductList(query, !waitingForLocation);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const firstItem = items[0];
  const activeFilters = countActiveFilters(filters);

  useEffect(() => {
    if (firstItem && firstItem.currency !== currency) setCurrency(firstItem.currency);
  }, [firstItem, currency]);

  const update = useCallback((changes: Partial<ListingFilters>, options?: { replace?: boolean }) => setFilters({ ...filters, ...changes }, options), [filters, setFilters]);

  // "Nearest" opened from a link or after a reload: ask for the location, or fall back.
  const { locate } = near;
  useEffect(() => {
    if (!waitingForLocation) return;
    let cancelled = false;
    void locate().then((point) => {
      if (cancelled || point) return;
      const fallback = effectiveSort({ q: filters.q, sort: null });
      setLocationMessage(locationRefusedMessage(fallback));
      setFilters({ ...filters, sort: null }, { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [waitingForLocation, locate, filters, setFilters]);

  const changeSort = async (next: TProductSort) => {
    setLocationMessage(null);
    if (next === 'distance' && !(await near.locate())) {
      setLocationMessage(locationRefusedMessage(sort));
      return;
    }
    update({ sort: next });
  };

  const onSearch = useCallback((q: string, options: { replace: boolean }) => update({ q }, options), [update]);
  const clearFilters = () => update(withoutFilters(filters));
  const sellerSampleId = filters.seller ? (firstItem?.sellerUserId === filters.seller ? firstItem.id : null) : null;

  const filtersPanel = <FiltersPanel filters={filters} currency={currency} onChange={(changes) => update(changes)} onClear={clearFilters} />;
  const heading = filters.q ? `Results for “${filters.q}”` : filters.seller ? 'Produce from this shop' : route.title;

  return (
    <div className={classes.page}>
      <Stack gap="md">
        {filters.seller && <ShopHeader sellerUserId={filters.seller} sampleProductId={sellerSampleId} />}

        <SearchBox value={filters.q} onSearch={onSearch} placeholder={filters.seller ? 'Search this shop' : undefined} />
        <CategoryChips value={filters.category} onChange={(category) => update({ category })} />

        <div className={classes.toolbar}>
          <Title order={filters.seller ? 2 : 1} fz={{ base: 20, sm: 22 }} lineClamp={1} className={classes.toolbarTitle} style={{ overflowWrap: 'anywhere' }}>
            {heading}
          </Title>
          <div className={classes.toolbarControls}>
            <Box hiddenFrom="md">
              <Indicator label={activeFilters} size={18} disabled={activeFilters === 0} offset={4}>
                <Button
                  variant="default"
                  fullWidth
                  leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
                  onClick={filtersDrawer.open}
                  aria-label={activeFilters ? `Filters, ${activeFilters} on` : 'Filters'}
                >
                  Filters
                </Button>
              </Indicator>
            </Box>
            <SortSelect value={sort} options={availableSorts(filters)} locating={near.locating} onChange={(next) => void changeSort(next)} />
          </div>
        </div>

        {locationMessage && (
          <Alert color="orange" variant="light" radius="lg" icon={<IconMapPinOff size={20} aria-hidden />} role="status">
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Text size="sm">{locationMessage}</Text>
              <CloseButton aria-label="Dismiss" size="sm" onClick={() => setLocationMessage(null)} />
            </Group>
          </Alert>
        )}

        <div className={classes.layout}>
          <Box component="aside" visibleFrom="md" className={classes.sidePanel} aria-label="Filters">
            <Text fw={700} mb="md">
              Filters
            </Text>
            {filtersPanel}
          </Box>

          <section aria-label="Results" aria-busy={list.isFetching}>
            {(list.isPending || waitingForLocation) && !list.isError && (
              <ul className={classes.grid} role="status" aria-label="Loading products">
                {Array.from({ length: SKELETON_COUNT }, (_, index) => (
                  <li key={index}>
                    <ProductCardSkeleton />
                  </li>
                ))}
              </ul>
            )}

            {list.isError && items.length === 0 && <LoadErrorAlert title="Could not load the produce" onRetry={() => void list.refetch()} />}

            {list.isSuccess && items.length === 0 && !list.isPlaceholderData && (
              <ListingEmptyState
                query={filters.q}
                activeFilters={activeFilters}
                inShop={filters.seller !== null}
                onClearFilters={clearFilters}
                onClearSearch={() => update({ q: '' })}
              />
            )}

            {items.length > 0 && (
              <ul className={classes.grid} aria-label="Products" style={{ opacity: list.isPlaceholderData ? 0.55 : 1, transition: 'opacity 150ms' }}>
                {items.map((product) => (
                  <li key={product.id}>
                    <ProductCard product={product} />
                  </li>
                ))}
                {list.isFetchingNextPage &&
                  Array.from({ length: 4 }, (_, index) => (
                    <li key={`more-${index}`} aria-hidden>
                      <ProductCardSkeleton />
                    </li>
                  ))}
              </ul>
            )}

            {list.isError && items.length > 0 && (
              <Box mt="md">
                <LoadErrorAlert title="Could not load more produce" onRetry={() => void list.fetchNextPage()} />
              </Box>
            )}

            {list.hasNextPage && !list.isPlaceholderData && (
              <>
                <InfiniteSentinel disabled={list.isFetchingNextPage || list.isError} onVisible={() => void list.fetchNextPage()} />
                <Group justify="center" mt="lg">
                  <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
                    Load more
                  </Button>
                </Group>
              </>
            )}
          </section>
        </div>
      </Stack>

      <Drawer
        opened={filtersOpened}
        onClose={filtersDrawer.close}
        title={<Text fw={700}>Filters</Text>}
        position="bottom"
        size={520}
        radius="lg"
        hiddenFrom="md"
        closeButtonProps={{ 'aria-label': 'Close filters' }}
      >
        <Stack gap="lg" pb="md">
          {filtersPanel}
          <Button onClick={filtersDrawer.close} size="md">
            Show results
          </Button>
        </Stack>
      </Drawer>
    </div>
  );
}
