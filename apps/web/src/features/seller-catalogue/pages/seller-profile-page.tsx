import { useState } from 'react';
import { Button, Group, Skeleton, Stack, Title } from '@mantine/core';
import { IconBuildingStore, IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { PageProps } from '../../../app/route-types';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useAuth } from '../../../lib/auth/use-auth';
import { isSellerAccessDenied } from '../../../lib/seller-access';
import { useSellerProfile } from '../api/get-seller-profile';
import { ProfileForm } from '../components/profile-form';
import { SellerOnlyNotice } from '../components/seller-only-notice';
import { ShopView } from '../components/shop-view';
import classes from '../components/seller-catalogue.module.css';
import { Trans, useLingui } from '@lingui/react/macro';

/** /seller-profile: the seller's shop as buyers see it, and its editor. */
export function SellerProfilePage({ route }: PageProps) {
  const { t } = useLingui();
  const { user } = useAuth();
  const profile = useSellerProfile(user?.id ?? null);
  const [editing, setEditing] = useState(false);

  if (isSellerAccessDenied(profile.error)) return <SellerOnlyNotice title={route.title} />;

  return (
    <div className={classes.page} style={{ maxWidth: 860 }}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {route.title}
          </Title>
          {profile.data && !editing && (
            <Group gap="xs">
              <Button variant="default" component={Link} to={`/product-listing?seller=${profile.data.userId}`} leftSection={<IconBuildingStore size={18} aria-hidden />}>
                <Trans>View public shop</Trans>
              </Button>
              <Button leftSection={<IconPencil size={18} aria-hidden />} onClick={() => setEditing(true)}>
                <Trans>Edit profile</Trans>
              </Button>
            </Group>
          )}
        </Group>
        {profile.isPending && (
          <Stack gap="sm" role="status" aria-label={t`Loading`}>
            <Skeleton height={64} circle />
            <Skeleton height={24} width="50%" />
            <Skeleton height={120} radius="lg" />
          </Stack>
        )}
        {profile.isError && <LoadErrorAlert title={t`Could not load your shop`} onRetry={() => void profile.refetch()} />}
        {profile.data && (editing ? <ProfileForm profile={profile.data} onDone={() => setEditing(false)} /> : <ShopView profile={profile.data} />)}
      </Stack>
    </div>
  );
}
