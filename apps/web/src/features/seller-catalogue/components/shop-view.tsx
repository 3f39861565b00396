import { Avatar, Group, Paper, Rating, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconMapPin, IconPackage } from '@tabler/icons-react';
import type { TSellerProfile } from '@pulse/contract/seller-profile';
import { resolveMediaUrl } from '../../../lib/media-url';
import classes from './seller-catalogue.module.css';
import { formatMonthYear } from '../../../lib/format';
import { Plural, Trans, useLingui } from '@lingui/react/macro';

function RatingText({ profile }: { profile: TSellerProfile }) {
  if (profile.ratingAverage === null || profile.ratingCount === 0) return <Trans>No reviews yet</Trans>;
  const average = profile.ratingAverage.toFixed(1);
  const reviews = profile.ratingCount;
  return <Plural value={reviews} one={`${average} (# review)`} other={`${average} (# reviews)`} />;
}

/** The seller's shop the way buyers see it: name, story, photos, where, rating, products, since when. */
export function ShopView({ profile }: { profile: TSellerProfile }) {
  const { t } = useLingui();
  const productCount = profile.productCount;
  const location = [profile.region, profile.lat !== null && profile.lng !== null ? `${profile.lat.toFixed(4)}, ${profile.lng.toFixed(4)}` : '']
    .filter((part) => part !== '')
    .join(' · ');
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={t`Your shop`}>
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <Avatar src={profile.profilePictureUrl ? resolveMediaUrl(profile.profilePictureUrl) : null} size={64} radius={32} color="orange" alt="">
            {profile.shopName.slice(0, 1).toUpperCase()}
          </Avatar>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={2} fz={{ base: 20, sm: 24 }} style={{ overflowWrap: 'anywhere' }} data-testid="shop-name">
              {profile.shopName}
            </Title>
            <Group gap={6}>
              {profile.ratingAverage !== null && <Rating value={profile.ratingAverage} fractions={2} readOnly size="xs" aria-hidden />}
              <Text size="sm" c="dimmed">
                <RatingText profile={profile} />
              </Text>
            </Group>
          </Stack>
        </Group>
        <dl className={classes.facts}>
          <div>
            <dt>
              <IconMapPin size={12} aria-hidden /> <Trans>Location</Trans>
            </dt>
            <dd>{location || t`Not stated`}</dd>
          </div>
          <div>
            <dt>
              <IconPackage size={12} aria-hidden /> <Trans>Products</Trans>
            </dt>
            <dd>
              <Trans>{productCount} listed</Trans>
            </dd>
          </div>
          <div>
            <dt>
              <IconCalendar size={12} aria-hidden /> <Trans>Member since</Trans>
            </dt>
            <dd>{formatMonthYear(profile.memberSince)}</dd>
          </div>
        </dl>
        <div>
          <Text fw={700} size="sm" mb={4}>
            <Trans>Our story</Trans>
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} c={profile.story ? undefined : 'dimmed'} data-testid="shop-story">
            {profile.story || t`You have not told buyers your story yet. Edit your profile to add it.`}
          </Text>
        </div>
        {profile.photos.length > 0 && (
          <ul className={classes.gallery} aria-label={t`Shop photos`}>
            {profile.photos.map((photo) => (
              <li key={photo.id}>
                <img src={resolveMediaUrl(photo.thumbUrl)} alt="" loading="lazy" width={photo.width} height={photo.height} />
              </li>
            ))}
          </ul>
        )}
      </Stack>
    </Paper>
  );
}
