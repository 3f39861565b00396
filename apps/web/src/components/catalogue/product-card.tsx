import { Suspense, lazy, memo } from 'react';
import { Badge, Group, Text } from '@mantine/core';
import { IconLeaf, IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { TProductSummary } from '@pulse/contract/products';
import { resolveMediaUrl } from '../../lib/media-url';
import { formatMoney } from '../../lib/format-core';
import { unitPriceText } from '../../lib/unit-text';
import { RatingSummary } from './rating-summary';
import classes from './product-card.module.css';

// Only products without a photo show their category's icon: the icons load when one does.
const ProductImagePlaceholder = lazy(() => import('./product-image-placeholder').then((module) => ({ default: module.ProductImagePlaceholder })));

function originLine(product: TProductSummary): string {
  const parts = [product.farmName, product.region].filter((part) => part.trim() !== '');
  if (product.distanceKm !== null) {
    const distance = Math.round(product.distanceKm);
    parts.push(t`${distance} km away`);
  }
  return parts.join(' · ');
}

/**
 * One product in the listing grid; the whole card opens its details page. Memoised: the grid renders
 * its cards a few at a time (useProgressiveCount), and each step should cost only the new ones.
 */
export const ProductCard = memo(function ProductCard({ product, eager = false }: { product: TProductSummary; eager?: boolean }) {
  // Subscribes to the language: the origin line and price read it when rendered.
  useLingui();
  const soldOut = product.availableQuantity === 0;
  const origin = originLine(product);
  return (
    <Link to={`/product-details/${product.id}`} className={`${classes.card} ${soldOut ? classes.soldOut : ''}`} data-testid="product-card">
      <div className={classes.media}>
        {product.thumbUrl ? (
          <img
            className={classes.image}
            src={resolveMediaUrl(product.thumbUrl)}
            alt=""
            // The first row is the page's largest paint: fetched at once; the rest as they scroll in.
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : 'auto'}
            decoding="async"
            width={400}
            height={300}
          />
        ) : (
          <Suspense fallback={<div className={classes.placeholder} aria-hidden />}>
            <ProductImagePlaceholder category={product.category} />
          </Suspense>
        )}
        <div className={classes.badges}>
          {product.organic && (
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
      <div className={classes.body}>
        <Text fw={600} size="sm" className={classes.title} data-testid="product-card-title">
          {product.title}
        </Text>
        <Text fw={700} size="md" c="var(--mantine-primary-color-light-color)" data-testid="product-card-price">
          {unitPriceText(formatMoney(product.priceMinor, product.currency), product.unit)}
        </Text>
        {origin && (
          <Group gap={4} wrap="nowrap" c="dimmed">
            <IconMapPin size={14} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="xs" className={classes.origin}>
              {origin}
            </Text>
          </Group>
        )}
        <RatingSummary average={product.ratingAverage} count={product.ratingCount} />
      </div>
    </Link>
  );
});
