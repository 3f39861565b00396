import { Badge, Group, Text } from '@mantine/core';
import { IconBuildingStore, IconLeaf, IconMapPin, IconPlant2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import type { TProductSummary } from '@pulse/contract/products';
import { resolveMediaUrl } from '../../../lib/media-url';
import { formatUnitPrice } from '../../../lib/product-units';
import { AddToBasket } from '../../../components/catalogue/add-to-basket';
import { productPlace } from '../utils/block-format';
import classes from './assistant.module.css';

/**
 * A product in an answer, small enough for a chat bubble: photo, title (opens the product),
 * price per unit, farm, region and distance, the organic badge, and the catalogue's own "Add to
 * basket" (minimum order quantity; visitors are sent to sign in and come back).
 */
export function ProductAnswerCard({ product }: { product: TProductSummary }) {
  const place = productPlace(product);
  return (
    <article className={`${classes.card} ${classes.productCard}`} aria-label={product.title} data-testid="assistant-product">
      <div className={classes.thumb}>
        {product.thumbUrl ? (
          <img className={classes.thumbImage} src={resolveMediaUrl(product.thumbUrl)} alt="" loading="lazy" decoding="async" width={72} height={72} />
        ) : (
          <div className={classes.thumbPlaceholder} aria-hidden>
            <IconPlant2 size={28} stroke={1.6} />
          </div>
        )}
      </div>
      <div className={classes.productBody}>
        <Link to={`/product-details/${product.id}`} className={classes.productTitle}>
          {product.title}
        </Link>
        <Group gap={6} wrap="nowrap">
          <Text fw={700} size="sm" c="var(--mantine-primary-color-light-color)">
            {formatUnitPrice(product.priceMinor, product.currency, product.unit)}
          </Text>
          {product.organic && (
            <Badge color="green" variant="light" size="xs" leftSection={<IconLeaf size={10} aria-hidden />}>
              <Trans>Organic</Trans>
            </Badge>
          )}
        </Group>
        {product.farmName.trim() !== '' && (
          <Group gap={4} wrap="nowrap" c="dimmed">
            <IconBuildingStore size={13} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="xs" truncate>
              {product.farmName}
            </Text>
          </Group>
        )}
        {place && (
          <Group gap={4} wrap="nowrap" c="dimmed">
            <IconMapPin size={13} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="xs" truncate>
              {place}
            </Text>
          </Group>
        )}
      </div>
      <div className={classes.productAction}>
        <AddToBasket product={product} compact />
      </div>
    </article>
  );
}
