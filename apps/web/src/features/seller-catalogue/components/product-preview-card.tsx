import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconLeaf, IconMapPin, IconPhoto } from '@tabler/icons-react';
import { resolveMediaUrl } from '../../../lib/media-url';
import { toMinorUnits } from '../../../lib/money-input';
import { formatMoney } from '../../../lib/format';
import type { ProductFormValues } from '../utils/product-form-values';
import classes from './seller-catalogue.module.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { CATEGORY_NAMES } from '../../../lib/category-names';
import { pricePlaceholderText, quantityText, unitPriceText } from '../../../lib/catalogue/seller-unit-text';

/** The listing card as buyers will see it, drawn from what the form holds right now. */
export function ProductPreviewCard({ values, currency }: { values: ProductFormValues; currency: string }) {
  const { t, i18n } = useLingui();
  const cover = values.photos[0];
  const priceMinor = toMinorUnits(values.price || 'x', currency);
  const stock = Number(values.stockQuantity);
  const origin = [values.originFarmName, values.originRegion].filter((part) => part.trim() !== '').join(' · ');
  const stockText = values.unit ? quantityText(stock, values.unit) : '';
  const soldOut = values.stockQuantity.trim() !== '' && stock === 0;

  return (
    <div className={classes.previewCard} data-testid="product-preview">
      <div className={classes.previewMedia}>
        {cover ? (
          <img src={cover.previewUrl.startsWith('blob:') ? cover.previewUrl : resolveMediaUrl(cover.previewUrl)} alt="" />
        ) : (
          <Stack align="center" gap={4} c="dimmed">
            <IconPhoto size={36} stroke={1.4} aria-hidden />
            <Text size="xs">
              <Trans>Your cover photo</Trans>
            </Text>
          </Stack>
        )}
        <div className={classes.previewBadges}>
          {values.organic && (
            <Badge color="green" variant="filled" size="sm" leftSection={<IconLeaf size={12} aria-hidden />}>
              <Trans>Organic</Trans>
            </Badge>
          )}
          {soldOut && (
            <Badge color="dark" variant="filled" size="sm">
              <Trans>Sold out</Trans>
            </Badge>
          )}
        </div>
      </div>
      <Stack gap={4} p="sm">
        <Text fw={600} size="sm" lineClamp={2} c={values.title.trim() ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
          {values.title.trim() || t`Your product title`}
        </Text>
        <Text fw={700} c="var(--mantine-primary-color-light-color)">
          {priceMinor !== null && priceMinor > 0 && values.unit ? unitPriceText(formatMoney(priceMinor, currency), values.unit) : pricePlaceholderText(values.unit)}
        </Text>
        {origin && (
          <Group gap={4} wrap="nowrap" c="dimmed">
            <IconMapPin size={14} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="xs" truncate>
              {origin}
            </Text>
          </Group>
        )}
        <Group gap={6}>
          {values.category && (
            <Badge variant="light" color="gray" size="sm">
              {i18n._(CATEGORY_NAMES[values.category])}
            </Badge>
          )}
          {values.unit && Number.isInteger(stock) && values.stockQuantity.trim() !== '' && stock > 0 && (
            <Text size="xs" c="dimmed">
              <Trans>{stockText} in stock</Trans>
            </Text>
          )}
        </Group>
      </Stack>
    </div>
  );
}
