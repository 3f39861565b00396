import '../../../lib/page-styles/product-details-styles';
import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLeaf } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TProductDetails } from '@pulse/contract/products';
import type { PageProps } from '../../../app/route-types';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { isApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useProduct } from '../api/get-product';
import { AddToBasket } from '../../../components/catalogue/add-to-basket';
import { ImageGallery } from '../components/image-gallery';
import { ProductStructuredData } from '../components/product-structured-data';
import { ProductUnavailable } from '../components/product-unavailable';
import { RatingSummary } from '../../../components/catalogue/rating-summary';
import { ReviewsSection } from '../components/reviews-section';
import { SellerCard } from '../components/seller-card';
import { formatStock } from '../../../lib/catalogue/format-price';
import { CATEGORY_NAMES } from '../../../lib/category-names';
import { quantityText, unitPriceText } from '../../../lib/unit-text';
import classes from '../components/product-details.module.css';
import { formatCalendarDay, formatMoney } from '../../../lib/format';

function DetailsSkeleton() {
  const { t } = useLingui();
  return (
    <div className={classes.top} role="status" aria-label={t`Loading product`}>
      <Skeleton radius="lg" style={{ aspectRatio: '4 / 3' }} />
      <Stack gap="sm">
        <Skeleton height={28} width="80%" />
        <Skeleton height={24} width="40%" />
        <Skeleton height={14} width="60%" />
        <Skeleton height={120} mt="md" radius="lg" />
      </Stack>
    </div>
  );
}

function ProductFacts({ product }: { product: TProductDetails }) {
  const { i18n, t } = useLingui();
  const origin = [product.origin.farmName, product.origin.region].filter((part) => part.trim() !== '').join(', ');
  return (
    <dl className={classes.facts}>
      <div>
        <dt>
          <Trans>In stock</Trans>
        </dt>
        <dd data-testid="product-stock">{formatStock(product.availableQuantity, product.unit)}</dd>
      </div>
      <div>
        <dt>
          <Trans>Minimum order</Trans>
        </dt>
        <dd>{quantityText(product.minOrderQuantity, product.unit)}</dd>
      </div>
      <div>
        <dt>
          <Trans>Harvested</Trans>
        </dt>
        <dd>{product.harvestDate ? formatCalendarDay(product.harvestDate, { withYear: true }) : t`Not stated`}</dd>
      </div>
      <div>
        <dt>
          <Trans>Category</Trans>
        </dt>
        <dd>{i18n._(CATEGORY_NAMES[product.category])}</dd>
      </div>
      {origin && (
        <div style={{ gridColumn: '1 / -1' }}>
          <dt>
            <Trans>Origin</Trans>
          </dt>
          <dd>{origin}</dd>
        </div>
      )}
    </dl>
  );
}

function ProductView({ product }: { product: TProductDetails }) {
  const { t } = useLingui();
  return (
    <>
      <ProductStructuredData product={product} />
      <div className={classes.top}>
        <ImageGallery images={product.images} title={product.title} category={product.category} />
        <Stack gap="md">
          <Stack gap={6}>
            <Group gap="xs">
              {product.organic && (
                <Badge color="green" variant="light" leftSection={<IconLeaf size={12} aria-hidden />}>
                  <Trans>Organic</Trans>
                </Badge>
              )}
              {product.availableQuantity === 0 && (
                <Badge color="dark" variant="filled">
                  <Trans>Sold out</Trans>
                </Badge>
              )}
            </Group>
            <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
              {product.title}
            </Title>
            <Text fz={{ base: 22, sm: 26 }} fw={800} c="var(--mantine-primary-color-light-color)" data-testid="product-price" data-keep-clear>
              {unitPriceText(formatMoney(product.priceMinor, product.currency), product.unit)}
            </Text>
            <RatingSummary average={product.ratingAverage} count={product.ratingCount} size="sm" />
          </Stack>
          <Paper withBorder radius="lg" p="md">
            <Stack gap="md">
              <ProductFacts product={product} />
              <AddToBasket product={product} />
            </Stack>
          </Paper>
        </Stack>
      </div>

      <div className={classes.bottom}>
        <Stack gap="lg">
          <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="description-heading">
            <Title order={2} fz={18} mb="xs" id="description-heading">
              <Trans>About this produce</Trans>
            </Title>
            <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} c={product.description ? undefined : 'dimmed'}>
              {product.description || t`The seller has not written a description yet.`}
            </Text>
          </Paper>
          <ReviewsSection productId={product.id} />
        </Stack>
        <div className={classes.sellerColumn}>
          <SellerCard product={product} />
        </div>
      </div>
    </>
  );
}

/** /product-details/:productId: photos, price, stock, origin, seller, reviews and "Add to basket". */
export function ProductDetailsPage(_props: PageProps) {
  const { t } = useLingui();
  const { productId = '' } = useParams();
  const product = useProduct(productId);
  useDocumentTitle(product.data?.title ?? null);

  const gone = product.isError && isApiError(product.error) && (product.error.status === 404 || product.error.status === 400);

  return (
    <div className={classes.page}>
      {product.isPending && <DetailsSkeleton />}
      {gone && <ProductUnavailable />}
      {product.isError && !gone && <LoadErrorAlert title={t`Could not load this product`} onRetry={() => void product.refetch()} />}
      {product.data && <ProductView product={product.data} />}
    </div>
  );
}
