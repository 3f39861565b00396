import { useMemo } from 'react';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import type { PageProps } from '../../../app/route-types';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useAuth } from '../../../lib/auth/use-auth';
import { useSellerProduct } from '../api/get-seller-product';
import { ProductActions } from '../components/product-actions';
import { ProductForm } from '../components/product-form';
import { ProductFormSkeleton } from '../components/product-form-skeleton';
import { ProductNotFound } from '../components/product-not-found';
import { isNotFound } from '../utils/is-not-found';
import { valuesFromProduct } from '../utils/product-form-values';
import { useDocumentTitle } from '../../../lib/use-document-title';
import classes from '../components/seller-catalogue.module.css';
import { Trans, useLingui } from '@lingui/react/macro';

/** /seller/products/:productId: edit one of the seller's own products, pause, resume or archive it. */
export function SellerProductPage(_props: PageProps) {
  const { t } = useLingui();
  const { productId = '' } = useParams();
  const { user } = useAuth();
  const product = useSellerProduct(productId);
  // Another seller's product answers like an unknown one.
  const own = product.data && user && product.data.sellerUserId === user.id ? product.data : null;
  const notFound = isNotFound(product.error) || (product.data !== undefined && own === null);
  useDocumentTitle(own ? own.title : notFound ? t`Product not found` : null);
  const initialValues = useMemo(() => (own ? valuesFromProduct(own) : null), [own]);

  if (notFound) return <ProductNotFound />;

  return (
    <div className={classes.page}>
      <Stack gap="md">
        <Anchor component={Link} to="/seller/catalogue-search" size="sm" c="dimmed">
          <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> <Trans>My products</Trans>
        </Anchor>
        {product.isPending && <ProductFormSkeleton />}
        {product.isError && <LoadErrorAlert title={t`Could not load this product`} onRetry={() => void product.refetch()} />}
        {own && initialValues && (
          <>
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                <Trans>Edit product</Trans>
              </Text>
              <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
                {own.title}
              </Title>
            </div>
            <Paper withBorder radius="lg" p="sm">
              <ProductActions product={own} />
            </Paper>
            <ProductForm key={own.id} product={own} initialValues={initialValues} currency={own.currency} />
          </>
        )}
      </Stack>
    </div>
  );
}
