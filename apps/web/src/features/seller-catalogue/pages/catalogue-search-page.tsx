import { useEffect, useMemo, useState } from 'react';
import { Box, Button, Checkbox, CloseButton, Group, Select, SimpleGrid, Skeleton, Stack, Switch, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsDollar, IconDownload, IconPackage, IconPlus, IconSearch, IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PRODUCT_CATEGORIES, ZProductStatus, type TProductSummary } from '@pulse/contract/products';
import type { PageProps } from '../../../app/route-types';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { isSellerAccessDenied } from '../../../lib/seller-access';
import { useSellerProducts } from '../api/get-seller-products';
import { CATALOGUE_EXPORT_PATH, downloadCsv } from '../api/catalogue-files';
import { BulkEditModal } from '../components/bulk-edit-modal';
import { ImportCatalogueModal } from '../components/import-catalogue-modal';
import { SellerOnlyNotice } from '../components/seller-only-notice';
import { SellerProductRow } from '../components/seller-product-row';
import { STATUS_LABELS } from '../utils/format-product';
import classes from '../components/seller-catalogue.module.css';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { CATEGORY_NAMES } from '../../../lib/category-names';


function RowsSkeleton() {
  const { t } = useLingui();
  return (
    <Stack gap="sm" role="status" aria-label={t`Loading products`}>
      {Array.from({ length: 5 }, (_, index) => (
        <Skeleton key={index} height={88} radius="lg" />
      ))}
    </Stack>
  );
}

/** /seller/catalogue-search: the seller's products in every status, filters, and a bulk price/stock edit. */
export function CatalogueSearchPage({ route }: PageProps) {
  const { t, i18n } = useLingui();
  const categoryOptions = PRODUCT_CATEGORIES.map((category) => ({ value: category, label: i18n._(CATEGORY_NAMES[category]) }));
  const statusOptions = ZProductStatus.options.map((status) => ({ value: status, label: i18n._(STATUS_LABELS[status]) }));
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [category, setCategory] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [inStock, setInStock] = useState(false);
  const [selected, setSelected] = useState<Map<string, TProductSummary>>(new Map());
  const [bulkOpened, bulk] = useDisclosure(false);
  const [importOpened, importer] = useDisclosure(false);
  const [exporting, setExporting] = useState(false);

  const query = useMemo(() => {
    const params: Record<string, string> = {};
    if (q) params.q = q;
    if (category) params.category = category;
    if (status) params.status = status;
    if (inStock) params.inStock = 'true';
    return params;
  }, [q, category, status, inStock]);
  const list = useSellerProducts(query);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Object.keys(query).length > 0;
  const shownCount = items.length;
  const selectedCount = selected.size;
  const currency = items[0]?.currency ?? 'USD';

  // Keep the selected rows' latest figures (after a save or a refetch).
  useEffect(() => {
    if (!list.data) return;
    setSelected((current) => {
      if (current.size === 0) return current;
      const next = new Map(current);
      for (const page of list.data.pages) for (const item of page.items) if (next.has(item.id)) next.set(item.id, item);
      return next;
    });
  }, [list.data]);

  if (isSellerAccessDenied(list.error)) return <SellerOnlyNotice title={route.title} />;

  const toggle = (product: TProductSummary, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(product.id, product);
      else next.delete(product.id);
      return next;
    });
  const allShownSelected = items.length > 0 && items.every((item) => selected.has(item.id));
  const toggleAll = (on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const item of items) {
        if (on) next.set(item.id, item);
        else next.delete(item.id);
      }
      return next;
    });
  const exportCatalogue = async () => {
    setExporting(true);
    try {
      await downloadCsv(CATALOGUE_EXPORT_PATH, `catalogue-${new Date().toISOString().slice(0, 10)}.csv`);
    } finally {
      setExporting(false);
    }
  };
  const clearFilters = () => {
    setSearch('');
    setCategory(null);
    setStatus(null);
    setInStock(false);
  };

  return (
    <div className={classes.page}>
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {route.title}
          </Title>
          <Group gap="xs">
            <Button variant="default" leftSection={<IconUpload size={18} aria-hidden />} onClick={importer.open}>
              <Trans>Import</Trans>
            </Button>
            <Button variant="default" leftSection={<IconDownload size={18} aria-hidden />} loading={exporting} onClick={() => void exportCatalogue()}>
              <Trans>Export</Trans>
            </Button>
            <Button component={Link} to="/add-product" leftSection={<IconPlus size={18} aria-hidden />}>
              <Trans>Add a product</Trans>
            </Button>
          </Group>
        </Group>

        <TextInput
          type="search"
          placeholder={t`Search my products`}
          aria-label={t`Search my products`}
          leftSection={<IconSearch size={18} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          size="md"
        />
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          <Select placeholder={t`All categories`} aria-label={t`Category`} data={categoryOptions} value={category} onChange={setCategory} clearable comboboxProps={{ withinPortal: true }} />
          <Select placeholder={t`Any status`} aria-label={t`Status`} data={statusOptions} value={status} onChange={setStatus} clearable comboboxProps={{ withinPortal: true }} />
          <Switch label={t`In stock only`} checked={inStock} onChange={(event) => setInStock(event.currentTarget.checked)} mt={8} />
        </SimpleGrid>

        {items.length > 0 && (
          <Group justify="space-between">
            <Checkbox label={t`Select all shown`} checked={allShownSelected} indeterminate={!allShownSelected && items.some((item) => selected.has(item.id))} onChange={(event) => toggleAll(event.currentTarget.checked)} />
            <Text size="sm" c="dimmed">
              {list.hasNextPage ? (
                <Plural value={shownCount} one="#+ product" other="#+ products" />
              ) : (
                <Plural value={shownCount} one="# product" other="# products" />
              )}
            </Text>
          </Group>
        )}

        <section aria-label={t`My products`} aria-busy={list.isFetching}>
          {list.isPending && !list.isError && <RowsSkeleton />}
          {list.isError && items.length === 0 && <LoadErrorAlert title={t`Could not load your products`} onRetry={() => void list.refetch()} />}
          {list.isSuccess && items.length === 0 && !list.isPlaceholderData && (
            <Stack align="center" gap="sm" ta="center" py="xl">
              <ThemeIcon size={72} radius={36} variant="light" aria-hidden>
                <IconPackage size={36} stroke={1.6} />
              </ThemeIcon>
              <Title order={2} fz="lg">
                {filtered ? <Trans>No products match</Trans> : <Trans>No products yet</Trans>}
              </Title>
              <Text c="dimmed" maw={380}>
                {filtered ? <Trans>Try other words or clear the filters.</Trans> : <Trans>Add your first product and buyers will find it in the marketplace.</Trans>}
              </Text>
              {filtered ? (
                <Button variant="default" onClick={clearFilters}>
                  <Trans>Clear filters</Trans>
                </Button>
              ) : (
                <Button component={Link} to="/add-product" leftSection={<IconPlus size={18} aria-hidden />}>
                  <Trans>Add a product</Trans>
                </Button>
              )}
            </Stack>
          )}
          {items.length > 0 && (
            <ul className={classes.rows} style={{ opacity: list.isPlaceholderData ? 0.55 : 1 }}>
              {items.map((product) => (
                <SellerProductRow key={product.id} product={product} selected={selected.has(product.id)} onToggle={(on) => toggle(product, on)} />
              ))}
            </ul>
          )}
          {list.isError && items.length > 0 && (
            <Box mt="md">
              <LoadErrorAlert title={t`Could not load more products`} onRetry={() => void list.fetchNextPage()} />
            </Box>
          )}
          {list.hasNextPage && !list.isPlaceholderData && (
            <Group justify="center" mt="md">
              <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
                <Trans>Load more</Trans>
              </Button>
            </Group>
          )}
        </section>

        {selected.size > 0 && (
          <Group className={classes.bulkBar} justify="space-between" gap="sm" wrap="nowrap" role="region" aria-label={t`Selection`}>
            <Text size="sm" fw={600}>
              <Plural value={selectedCount} one="# selected" other="# selected" />
            </Text>
            <Group gap="xs" wrap="nowrap">
              <CloseButton size="sm" variant="transparent" c="gray.3" aria-label={t`Clear selection`} onClick={() => setSelected(new Map())} />
              <Button size="xs" leftSection={<IconAdjustmentsDollar size={16} aria-hidden />} onClick={bulk.open}>
                <Trans>Edit price and stock</Trans>
              </Button>
            </Group>
          </Group>
        )}
      </Stack>
      <ImportCatalogueModal opened={importOpened} currency={currency} onClose={importer.close} />
      <BulkEditModal
        opened={bulkOpened}
        products={[...selected.values()]}
        onClose={bulk.close}
        onSaved={() => {
          bulk.close();
          setSelected(new Map());
        }}
      />
    </div>
  );
}
