import { useState } from 'react';
import { Alert, Button, Group, Modal, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { MoneyTextInput } from '../../../components/money-text-input';
import { formatMoney } from '../../../lib/format';
import { padMoneyInputText } from '../../../lib/money-input';
import { ZBulkProductUpdateRequest, type TProductSummary } from '@pulse/contract/products';
import { isApiError } from '../../../lib/api-error';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import { getSellerProduct, sellerProductQueryKey } from '../api/get-seller-product';
import { sellerProductsRootKey } from '../api/get-seller-products';
import { patchSellerProducts } from '../api/patch-seller-products';
import { lineErrorsFrom, toBulkUpdates, type BulkLine, type BulkLineErrors } from '../utils/bulk-edit';
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { quantityText, unitPriceText } from '../../../lib/catalogue/seller-unit-text';

interface BulkEditModalProps {
  opened: boolean;
  products: TProductSummary[];
  onClose: () => void;
  onSaved: () => void;
}

/** New price and/or stock for each selected product, sent in one all-or-nothing request. */
export function BulkEditModal({ opened, products, onClose, onSaved }: BulkEditModalProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Text fw={700}>
          <Trans>Edit price and stock</Trans>
        </Text>
      } size="xl" fullScreen={phone} radius="lg">
      {opened && <BulkEditor products={products} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function BulkEditor({ products, onClose, onSaved }: Omit<BulkEditModalProps, 'opened'>) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const count = products.length;
  const currency = products[0]?.currency ?? 'USD';
  const [lines, setLines] = useState<BulkLine[]>(() => products.map((product) => ({ productId: product.id, price: '', stock: '' })));
  const [allPrice, setAllPrice] = useState('');
  const [allStock, setAllStock] = useState('');
  const [lineErrors, setLineErrors] = useState<Record<number, BulkLineErrors>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const { isPending, runOnce } = useSingleSubmit();
  // The listing carries what is available; the stock and what orders hold come from each product.
  const details = useQueries({
    queries: products.map((product) => ({
      queryKey: sellerProductQueryKey(product.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => getSellerProduct(product.id, signal),
    })),
  });

  const setLine = (index: number, changes: Partial<BulkLine>) => {
    setLines((current) => current.map((line, at) => (at === index ? { ...line, ...changes } : line)));
    setLineErrors((current) => {
      if (!current[index]) return current;
      const next = { ...current };
      delete next[index];
      return next;
    });
    setFormError(null);
  };
  const setAll = (field: 'price' | 'stock', typed: string) => {
    // Apply may be pressed before the field's own blur has shown its digits.
    const value = field === 'price' ? padMoneyInputText(typed, currency) : typed;
    setLines((current) => current.map((line) => ({ ...line, [field]: value })));
    setLineErrors({});
    setFormError(null);
  };

  const save = () =>
    runOnce(async () => {
      const { updates, lineIndex } = toBulkUpdates(lines, currency);
      if (updates.length === 0) {
        setFormError(t`Type a new price or a new stock for at least one product.`);
        return;
      }
      const parsed = ZBulkProductUpdateRequest.safeParse({ updates });
      if (!parsed.success) {
        setLineErrors(lineErrorsFrom(parsed.error.issues.map((issue) => [issue.path.map(String).join('.'), issue.message]), lineIndex));
        setFormError(t`Some lines need your attention.`);
        return;
      }
      try {
        const result = await patchSellerProducts(parsed.data);
        const changed = result.items.length;
        for (const item of result.items) void queryClient.invalidateQueries({ queryKey: sellerProductQueryKey(item.id) });
        void queryClient.invalidateQueries({ queryKey: sellerProductsRootKey });
        void queryClient.invalidateQueries({ queryKey: ['catalogue'] });
        notifications.show({
          color: 'green',
          title: t`Prices and stock updated`,
          message: t`${plural(changed, { one: '# product changed.', other: '# products changed.' })}`,
          icon: <IconCheck size={18} />,
          autoClose: 5000,
        });
        onSaved();
      } catch (error) {
        if (!isApiError(error) || error.status === null || error.status >= 500) return;
        const perLine = lineErrorsFrom(Object.entries(error.fields), lineIndex);
        setLineErrors(perLine);
        setFormError(Object.keys(perLine).length > 0 ? t`Nothing was saved: fix the lines marked in red.` : error.message);
      }
    });

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        <Trans>Leave a box empty to keep the current value. Nothing is saved unless every line is valid.</Trans>
      </Text>
      <Paper withBorder radius="md" p="sm" bg="gray.0">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <MoneyTextInput label={t`Set all prices to`} currency={currency} value={allPrice} onChange={setAllPrice} style={{ flex: 1 }} />
            <Button variant="default" onClick={() => setAll('price', allPrice)}>
              <Trans>Apply</Trans>
            </Button>
          </Group>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput label={t`Set all stocks to`} inputMode="numeric" value={allStock} onChange={(event) => setAllStock(event.currentTarget.value)} style={{ flex: 1 }} />
            <Button variant="default" onClick={() => setAll('stock', allStock)}>
              <Trans>Apply</Trans>
            </Button>
          </Group>
        </SimpleGrid>
      </Paper>

      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t`Selected products`}>
        {products.map((product, index) => {
          const detail = details[index]?.data;
          const line = lines[index];
          const errors = lineErrors[index] ?? {};
          if (!line) return null;
          return (
            <Paper
              key={product.id}
              component="li"
              withBorder
              radius="md"
              p="sm"
              data-testid="bulk-line"
              aria-label={product.title}
              style={Object.keys(errors).length > 0 ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
            >
              <Stack gap={6}>
                <Text fw={600} size="sm" lineClamp={1}>
                  {product.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {detail ? (
                    <BulkLineNow product={product} stock={detail.stockQuantity} held={detail.stockQuantity - detail.availableQuantity} />
                  ) : (
                    <>
                      <BulkLineNow product={product} />{' '}
                      <Skeleton component="span" height={10} width={120} display="inline-block" />
                    </>
                  )}
                </Text>
                {errors.line && (
                  <Text size="sm" c="red.7" role="alert">
                    {errors.line}
                  </Text>
                )}
                <SimpleGrid cols={2} spacing="sm">
                  <MoneyTextInput
                    label={t`New price`}
                    currency={currency}
                    value={line.price}
                    onChange={(price) => setLine(index, { price })}
                    error={errors.priceMinor}
                  />
                  <TextInput
                    label={t`New stock`}
                    inputMode="numeric"
                    value={line.stock}
                    onChange={(event) => setLine(index, { stock: event.currentTarget.value })}
                    error={errors.stockQuantity}
                  />
                </SimpleGrid>
              </Stack>
            </Paper>
          );
        })}
      </Stack>

      {formError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
          {formError}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button loading={isPending} onClick={() => void save()}>
          <Plural value={count} one="Save # product" other="Save # products" />
        </Button>
      </Group>
    </Stack>
  );
}

/** "Now $3.50 / kg · stock 12 kg, 2 held by orders"; without the figures while they load. */
function BulkLineNow({ product, stock, held }: { product: TProductSummary; stock?: number; held?: number }) {
  const price = formatMoney(product.priceMinor, product.currency);
  const unitPrice = unitPriceText(price, product.unit);
  if (stock === undefined || held === undefined) return <Trans>Now {unitPrice} ·</Trans>;
  const stockText = quantityText(stock, product.unit);
  return (
    <Trans>
      Now {unitPrice} · stock {stockText}, {held} held by orders
    </Trans>
  );
}
