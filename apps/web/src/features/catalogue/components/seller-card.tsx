import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TProductDetails } from '@pulse/contract/products';
import { MessageSellerButton } from '../../../components/message-seller-button';
import { RatingSummary } from '../../../components/catalogue/rating-summary';
import { SellerAvatar } from './seller-avatar';

/** Who grows it: shop name and rating, a link to the shop and a way to ask them about this product. */
export function SellerCard({ product }: { product: TProductDetails }) {
  const { t } = useLingui();
  const { seller } = product;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={t`Seller`}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <SellerAvatar name={seller.shopName} pictureUrl={seller.profilePictureUrl} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              <Trans>Sold by</Trans>
            </Text>
            <Text fw={700} lineClamp={1} data-testid="seller-name">
              {seller.shopName}
            </Text>
            <RatingSummary average={seller.ratingAverage} count={seller.ratingCount} />
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 1, lg: 2 }} spacing="sm">
          <Button component={Link} to={`/product-listing?seller=${seller.userId}`} variant="default" leftSection={<IconBuildingStore size={18} aria-hidden />}>
            <Trans>Visit shop</Trans>
          </Button>
          <MessageSellerButton sellerUserId={seller.userId} subject={{ kind: 'product', id: product.id }} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
