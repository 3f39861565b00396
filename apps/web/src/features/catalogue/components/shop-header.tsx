import { Anchor, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MessageSellerButton } from '../../../components/message-seller-button';
import { useProduct } from '../api/get-product';
import { RatingSummary } from './rating-summary';
import { SellerAvatar } from './seller-avatar';
import classes from './listing.module.css';

/**
 * The top of a seller's shop (the listing with ?seller=): name, rating, region and a way to write
 * to them. There is no shop endpoint: the seller card of one of their products carries all of it.
 */
export function ShopHeader({ sellerUserId, sampleProductId }: { sellerUserId: string; sampleProductId: string | null }) {
  const sample = useProduct(sampleProductId);
  const seller = sampleProductId ? sample.data?.seller : undefined;
  const region = sampleProductId ? sample.data?.origin.region : undefined;

  return (
    <section className={classes.shopHeader} aria-label="Shop">
      <Group justify="space-between" gap="md" wrap="wrap">
        <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
          {seller ? <SellerAvatar name={seller.shopName} pictureUrl={seller.profilePictureUrl} size={56} /> : <Skeleton height={56} circle />}
          <Stack gap={2} style={{ minWidth: 0 }}>
            {seller ? (
              <Title order={1} fz={{ base: 20, sm: 24 }} lineClamp={2}>
                {seller.shopName}
              </Title>
            ) : sampleProductId ? (
              <Skeleton height={22} width={180} />
            ) : (
              <Title order={1} fz={{ base: 20, sm: 24 }}>
                Shop
              </Title>
            )}
            {seller && <RatingSummary average={seller.ratingAverage} count={seller.ratingCount} size="sm" />}
            {region && (
              <Group gap={4} c="dimmed" wrap="nowrap">
                <IconMapPin size={14} aria-hidden />
                <Text size="sm">{region}</Text>
              </Group>
            )}
          </Stack>
        </Group>
        <Group gap="sm">
          <MessageSellerButton sellerUserId={sellerUserId} />
        </Group>
      </Group>
      <Anchor component={Link} to="/product-listing" size="sm" mt="sm" display="inline-block">
        Browse all produce
      </Anchor>
    </section>
  );
}
