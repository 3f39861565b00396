import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { Badge, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TProductSort } from '@pulse/contract/products';
import type { PageProps } from '../../../app/route-types';
import { useProductList } from '../../../lib/catalogue/get-products';
import { CategoryChips } from '../components/category-chips';
import { InfiniteSentinel } from '../../../components/catalogue/infinite-sentinel';
import { ProductCardSkeleton } from '../components/product-card-skeleton';
import { ProductGrid } from '../components/product-grid';
import { SearchBox } from '../components/search-box';
import { SortSelect } from '../components/sort-select';
import {
  availableSorts,
  countActiveFilters,
  effectiveSort,
  locationRefusedText,
  toProductListQuery,
  withoutFilters,
  type ListingFilters,
} from '../utils/listing-filters';
import { useListingFilters } from '../utils/use-listing-filters';
import { useNearPoint } from '../utils/use-near-point';
import classes from '../../../components/catalogue/listing.module.css';
import { lazyWithFullStyles } from '../../../lib/full-styles';

// Shown only when sorting by distance was refused.
const LocationNotice = lazyWithFullStyles(() => import('../components/location-notice').then((module) => module.LocationNotice));

// Shown only when nothing matches or the list failed to load.
const ListingEmptyState = lazyWithFullStyles(() => import('../components/listing-empty-state').then((module) => module.ListingEmptyState));
const LoadErrorAlert = lazyWithFullStyles(() => import('../../../components/load-error-alert').then((module) => module.LoadErrorAlert));

// A shop's header shows only on a shop's listing (?seller=), so it loads with it.
const ShopHeader = lazyWithFullStyles(() => import('../components/shop-header').then((module) => module.ShopHeader));

// The filters' inputs load only where they show: beside the results on wide screens, in the
// sheet on phones once it is opened.
const FiltersPanel = lazy(() => import('../components/filters-panel').then((module) => ({ default: module.FiltersPanel })));

/** Mantine's md breakpoint, where the filters move from the sheet to the side of the results. */
const WIDE_SCREEN = '(min-width: 62em)';

// The phone's filter sheet (a drawer with its focus trap) loads the first time it is opened.
const FiltersDrawer = lazyWithFullStyles(() => import('../components/filters-drawer').then((module) => module.FiltersDrawer));

const DEFAULT_CURRENCY = 'USD';
const SKELETON_COUNT = 8;

/** / and /product-listing: search, categories, filters and sort, all kept in the address. */
export function ProductListingPage({ route }: PageProps) {
  const { t } = useLingui();
  const { filters, setFilters } = useListingFilters();
  const near = useNearPoint();
  const [filtersOpened, filtersDrawer] = useDisclosure(false);
  const [filtersWanted, setFiltersWanted] = useState(false);
  // Rendered at first (hidden by CSS below md), as on the server, which cannot measure the screen; a phone drops it after.
  const wideScreen = useMediaQuery(WIDE_SCREEN, true, { getInitialValueInEffect: true });
  if (filtersOpened && !filtersWanted) setFiltersWanted(true);
  // The sort kept when "Nearest" was refused: the notice is worded at render, in the reader's language.
  const [locationRefusedSort, setLocationRefusedSort] = useState<TProductSort | null>(null);
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
      setLocationRefusedSort(fallback);
      setFilters({ ...filters, sort: null }, { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [waitingForLocation, locate, filters, setFilters]);

  const changeSort = async (next: TProductSort) => {
    setLocationRefusedSort(null);
    if (next === 'distance' && !(await near.locate())) {
      setLocationRefusedSort(sort);
      return;
    }
    update({ sort: next });
  };

  const onSearch = useCallback((q: string, options: { replace: boolean }) => update({ q }, options), [update]);
  const clearFilters = () => update(withoutFilters(filters));
  const sellerSampleId = filters.seller ? (firstItem?.sellerUserId === filters.seller ? firstItem.id : null) : null;

  const filtersPanel = (
    <Suspense fallback={null}>
      <FiltersPanel filters={filters} currency={currency} onChange={(changes) => update(changes)} onClear={clearFilters} />
    </Suspense>
  );
  const searched = filters.q;
  const heading = searched ? t`Results for “${searched}”` : filters.seller ? t`Produce from this shop` : route.title;

  return (
    <div className={classes.page}>
      <Stack gap="md">
        {filters.seller && (
          <Suspense fallback={null}>
            <ShopHeader sellerUserId={filters.seller} sampleProductId={sellerSampleId} />
          </Suspense>
        )}

        <SearchBox value={filters.q} onSearch={onSearch} placeholder={filters.seller ? t`Search this shop` : undefined} />
        <CategoryChips value={filters.category} onChange={(category) => update({ category })} />

        <div className={classes.toolbar}>
          <Title order={filters.seller ? 2 : 1} fz={{ base: 20, sm: 22 }} lineClamp={1} className={classes.toolbarTitle} style={{ overflowWrap: 'anywhere' }}>
            {heading}
          </Title>
          <div className={classes.toolbarControls}>
            <Box hiddenFrom="md">
              <Button
                variant="default"
                fullWidth
                leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
                rightSection={
                  activeFilters > 0 ? (
                    <Badge size="sm" circle aria-hidden>
                      {activeFilters}
                    </Badge>
                  ) : undefined
                }
                onClick={filtersDrawer.open}
                aria-label={activeFilters ? t`Filters, ${activeFilters} on` : t`Filters`}
              >
                <Trans>Filters</Trans>
              </Button>
            </Box>
            <SortSelect value={sort} options={availableSorts(filters)} locating={near.locating} onChange={(next) => void changeSort(next)} />
          </div>
        </div>

        {locationRefusedSort && (
          <Suspense fallback={null}>
            <LocationNotice message={locationRefusedText(locationRefusedSort)} onDismiss={() => setLocationRefusedSort(null)} />
          </Suspense>
        )}

        <div className={classes.layout}>
          {wideScreen && (
            <Box component="aside" visibleFrom="md" className={classes.sidePanel} aria-label={t`Filters`}>
              <Text fw={700} mb="md">
                <Trans>Filters</Trans>
              </Text>
              {filtersPanel}
            </Box>
          )}

          <section aria-label={t`Results`} aria-busy={list.isFetching}>
            {(list.isPending || waitingForLocation) && !list.isError && (
              <ul className={classes.grid} role="status" aria-label={t`Loading products`}>
                {Array.from({ length: SKELETON_COUNT }, (_, index) => (
                  <li key={index}>
                    <ProductCardSkeleton />
                  </li>
                ))}
              </ul>
            )}

            {list.isError && items.length === 0 && (
              <Suspense fallback={null}>
                <LoadErrorAlert title={t`Could not load the produce`} onRetry={() => void list.refetch()} />
              </Suspense>
            )}

            {list.isSuccess && items.length === 0 && !list.isPlaceholderData && (
              <Suspense fallback={null}>
                <ListingEmptyState
                  query={filters.q}
                  activeFilters={activeFilters}
                  inShop={filters.seller !== null}
                  onClearFilters={clearFilters}
                  onClearSearch={() => update({ q: '' })}
                />
              </Suspense>
            )}

            {items.length > 0 && (
              // What follows the cards waits for all of them: with only the first ones rendered, the
              // sentinel would sit within its margin of the screen and ask for the next page at once.
              <ProductGrid items={items} dimmed={list.isPlaceholderData} loadingMore={list.isFetchingNextPage}>
                {list.isError && (
                  <Box mt="md">
                    <LoadErrorAlert title={t`Could not load more produce`} onRetry={() => void list.fetchNextPage()} />
                  </Box>
                )}

                {list.hasNextPage && !list.isPlaceholderData && (
                  <>
                    <InfiniteSentinel disabled={list.isFetchingNextPage || list.isError} onVisible={() => void list.fetchNextPage()} />
                    <Group justify="center" mt="lg">
                      <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
                        <Trans>Load more</Trans>
                      </Button>
                    </Group>
                  </>
                )}
              </ProductGrid>
            )}
          </section>
        </div>
      </Stack>

      {filtersWanted && (
        <Suspense fallback={null}>
          <FiltersDrawer opened={filtersOpened} onClose={filtersDrawer.close}>
            {filtersPanel}
          </FiltersDrawer>
        </Suspense>
      )}
    </div>
  );
}
