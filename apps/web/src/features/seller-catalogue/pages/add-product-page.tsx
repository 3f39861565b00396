import { useMemo } from 'react';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { PageProps } from '../../../app/route-types';
import { useAuth } from '../../../lib/auth/use-auth';
import { isSellerAccessDenied } from '../../../lib/seller-access';
import { useSellerProducts } from '../api/get-seller-products';
import { useSellerProfile } from '../api/get-seller-profile';
import { ProductForm } from '../components/product-form';
import { ProductFormSkeleton } from '../components/product-form-skeleton';
import { SellerOnlyNotice } from '../components/seller-only-notice';
import { EMPTY_PRODUCT_FORM, type ProductFormValues } from '../utils/product-form-values';
import { useDocumentTitle } from '../../../lib/use-document-title';
import classes from '../components/seller-catalogue.module.css';
import { Trans } from '@lingui/react/macro';

const DEFAULT_CURRENCY = 'USD';

/** /add-product: the product form, its origin prefilled from the seller's shop profile. */
export function AddProductPage({ route }: PageProps) {
  useDocumentTitle(route.title);
  const { user } = useAuth();
  const profile = useSellerProfile(user?.id ?? null);
  const products = useSellerProducts({});
  const currency = products.data?.pages[0]?.items[0]?.currency ?? DEFAULT_CURRENCY;

  const shop = profile.data;
  const initialValues = useMemo<ProductFormValues>(
    () =>
      shop
        ? {
            ...EMPTY_PRODUCT_FORM,
            originFarmName: shop.shopName,
            originRegion: shop.region,
            originLat: shop.lat === null ? '' : String(shop.lat),
            originLng: shop.lng === null ? '' : String(shop.lng),
          }
        : EMPTY_PRODUCT_FORM,
    [shop],
  );

  if (isSellerAccessDenied(profile.error) || isSellerAccessDenied(products.error)) return <SellerOnlyNotice title={route.title} />;

  return (
    <div className={classes.page}>
      <Stack gap="md">
        <Anchor component={Link} to="/seller/catalogue-search" size="sm" c="dimmed">
          <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> <Trans>My products</Trans>
        </Anchor>
        <div>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {route.title}
          </Title>
          <Text c="dimmed" size="sm">
            <Trans>Buyers see it in the marketplace as soon as you add it.</Trans>
          </Text>
        </div>
        {profile.isPending && user ? <ProductFormSkeleton /> : <ProductForm initialValues={initialValues} currency={currency} />}
      </Stack>
    </div>
  );
}
