import { Badge, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TProductSummary } from '@pulse/contract/products';
import { resolveMediaUrl } from '../../../lib/media-url';
import { formatMoney } from '../../../lib/format';
import { STATUS_COLORS, STATUS_LABELS } from '../utils/format-product';
import classes from './seller-catalogue.module.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { quantityText, unitPriceText } from '../../../lib/catalogue/seller-unit-text';

interface SellerProductRowProps {
  product: TProductSummary;
  selected: boolean;
  onToggle: (selected: boolean) => void;
}

/** One of the seller's products: pick it for a bulk edit, or open it to edit everything. */
export function SellerProductRow({ product, selected, onToggle }: SellerProductRowProps) {
  const { t, i18n } = useLingui();
  const title = product.title;
  const available = quantityText(product.availableQuantity, product.unit);
  return (
    <li className={classes.row} data-selected={selected || undefined} data-testid="seller-product-row">
      <Checkbox checked={selected} onChange={(event) => onToggle(event.currentTarget.checked)} aria-label={t`Select ${title}`} />
      {product.thumbUrl ? (
        <img className={classes.thumb} src={resolveMediaUrl(product.thumbUrl)} alt="" loading="lazy" width={64} height={64} />
      ) : (
        <div className={classes.thumb} aria-hidden>
          <IconPhoto size={22} color="var(--mantine-color-gray-5)" />
        </div>
      )}
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap={6} wrap="nowrap" justify="space-between" align="flex-start">
          <Text component={Link} to={`/seller/products/${product.id}`} fw={600} size="sm" lineClamp={2} className={classes.rowTitle}>
            {product.title}
          </Text>
          <Badge color={STATUS_COLORS[product.status]} variant="light" size="sm" style={{ flexShrink: 0 }}>
            {i18n._(STATUS_LABELS[product.status])}
          </Badge>
        </Group>
        <Text size="sm" fw={700} c="var(--mantine-primary-color-light-color)" data-testid="seller-product-price">
          {unitPriceText(formatMoney(product.priceMinor, product.currency), product.unit)}
        </Text>
        <Text size="xs" c="dimmed" data-testid="seller-product-stock">
          {product.availableQuantity > 0 ? <Trans>{available} available</Trans> : <Trans>None available</Trans>}
        </Text>
      </Stack>
    </li>
  );
}
