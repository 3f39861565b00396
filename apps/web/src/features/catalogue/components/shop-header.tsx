import { Anchor, Group, Skeleton, Spoiler, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconMapPin, IconPackage } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { MessageSellerButton } from '../../../components/message-seller-button';
import { resolveMediaUrl } from '../../../lib/media-url';
import { useProduct } from '../api/get-product';
import { useShop } from '../api/get-shop';
import { RatingSummary } from '../../../components/catalogue/rating-summary';
import { SellerAvatar } from './seller-avatar';
import classes from '../../../components/catalogue/listing.module.css';
import { formatMonthYear } from '../../../lib/format';

/**
 * The top of a seller's shop (the listing with ?seller=): name, rating, region, story, photos,
 * member since, and a way to write to them. Reads the public shop profile; while it is missing
 * (not an approved seller, or it failed) the seller card of one of their products stands in.
 */
export function ShopHeader({ sellerUserId, sampleProductId }: { sellerUserId: string; sampleProductId: string | null }) {
  const { t } = useLingui();
  const shop = useShop(sellerUserId);
  const profile = shop.data;
  const sample = useProduct(profile ? null : sampleProductId);
  const fallback = sampleProductId ? sample.data?.seller : undefined;
  const name = profile?.shopName ?? fallback?.shopName;
  const pictureUrl = profile ? profile.profilePictureUrl : (fallback?.profilePictureUrl ?? null);
  const rating = profile ?? fallback;
  const region = profile ? profile.region : sampleProductId ? sample.data?.origin.region : undefined;
  const memberSince = profile ? formatMonthYear(profile.memberSince) : '';
  const productCount = profile?.productCount ?? 0;
  const loading = shop.isPending || (!profile && sampleProductId !== null && sample.isPending);

  return (
    <section className={classes.shopHeader} aria-label={t`Shop`}>
      <Group justify="space-between" gap="md" wrap="wrap">
        <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
          {name ? <SellerAvatar name={name} pictureUrl={pictureUrl} size={56} /> : <Skeleton height={56} circle />}
          <Stack gap={2} style={{ minWidth: 0 }}>
            {name ? (
              <Title order={1} fz={{ base: 20, sm: 24 }} lineClamp={2}>
                {name}
              </Title>
            ) : loading ? (
              <Skeleton height={22} width={180} />
            ) : (
              <Title order={1} fz={{ base: 20, sm: 24 }}>
                <Trans>Shop</Trans>
              </Title>
            )}
            {rating && <RatingSummary average={rating.ratingAverage} count={rating.ratingCount} size="sm" />}
            <Group gap="sm" c="dimmed" wrap="wrap">
              {region && (
                <Group gap={4} wrap="nowrap">
                  <IconMapPin size={14} aria-hidden />
                  <Text size="sm">{region}</Text>
                </Group>
              )}
              {profile && (
                <Group gap={4} wrap="nowrap">
                  <IconCalendar size={14} aria-hidden />
                  <Text size="sm">
                    <Trans>Member since {memberSince}</Trans>
                  </Text>
                </Group>
              )}
              {profile && (
                <Group gap={4} wrap="nowrap">
                  <IconPackage size={14} aria-hidden />
                  <Text size="sm">
                    <Plural value={productCount} one="# product" other="# products" />
                  </Text>
                </Group>
              )}
            </Group>
          </Stack>
        </Group>
        <Group gap="sm">
          <MessageSellerButton sellerUserId={sellerUserId} />
        </Group>
      </Group>
      {profile?.story && (
        <Spoiler maxHeight={66} showLabel={t`Read more`} hideLabel={t`Show less`} mt="sm">
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="shop-story">
            {profile.story}
          </Text>
        </Spoiler>
      )}
      {profile && profile.photos.length > 0 && (
        <ul className={classes.shopPhotos} aria-label={t`Shop photos`}>
          {profile.photos.map((photo) => (
            <li key={photo.id}>
              <img src={resolveMediaUrl(photo.thumbUrl)} alt="" loading="lazy" width={photo.width} height={photo.height} />
            </li>
          ))}
        </ul>
      )}
      <Anchor component={Link} to="/product-listing" size="sm" mt="sm" display="inline-block">
        <Trans>Browse all produce</Trans>
      </Anchor>
    </section>
  );
}
