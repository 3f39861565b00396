import { useState } from 'react';
import { Button, Container, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore, IconEdit, IconUserQuestion } from '@tabler/icons-react';
import { Link, Navigate, useParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { THubProfile } from '@pulse/contract/hub';
import type { PageProps } from '../../../app/route-types';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { isApiError } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth/use-auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useProfile, useProfilePosts } from '../api/hub-queries';
import { HubAvatar, LegacyBadge, profilePath } from '../../../components/hub/author-line';
import { EditProfileDialog } from '../components/edit-profile-dialog';
import { FollowButton } from '../components/follow-button';
import { HubNav } from '../../../components/hub/hub-nav';
import { PostList } from '../components/post-list';
import classes from '../../../components/hub/hub.module.css';

function Stat({ value, label }: { value: number; label: string }) {
  return (
    <div className={classes.stat}>
      <Text fw={800} fz={18} lh={1.1}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </div>
  );
}

function ProfileHeader({ profile }: { profile: THubProfile }) {
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  const farmName = profile.shop?.farmName;
  return (
    <Paper className={classes.card} p={0} data-testid="hub-profile">
      <div className={classes.profileCover} />
      <div className={classes.profileBody}>
        <Group justify="space-between" align="flex-end" wrap="nowrap">
          <div className={classes.profileAvatar} style={{ borderRadius: '50%' }}>
            <HubAvatar author={profile} size={88} />
          </div>
          {profile.isMe ? (
            <Button variant="default" radius="xl" size="sm" leftSection={<IconEdit size={16} aria-hidden />} onClick={() => setEditing(true)}>
              <Trans>Edit profile</Trans>
            </Button>
          ) : (
            <FollowButton person={profile} following={profile.followedByMe} size="sm" />
          )}
        </Group>
        <Group gap={8} mt="sm">
          <Title order={1} fz={22}>
            {profile.username}
          </Title>
          {profile.is_legacy_creator && <LegacyBadge />}
        </Group>
        {profile.profession && (
          <Text c="dimmed" size="sm" fw={500}>
            {profile.profession}
          </Text>
        )}
        {profile.bio && (
          <Text mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
            {profile.bio}
          </Text>
        )}
        {profile.shop && (
          <Button
            component={Link}
            to={`/product-listing?seller=${encodeURIComponent(profile.shop.sellerUserId)}`}
            variant="light"
            radius="xl"
            size="xs"
            mt="sm"
            leftSection={<IconBuildingStore size={16} aria-hidden />}
          >
            <Trans>{farmName} · Visit the farm shop</Trans>
          </Button>
        )}
        <Group gap="lg" mt="md" justify="flex-start">
          <Stat value={profile.postCount} label={profile.postCount === 1 ? t`post` : t`posts`} />
          <Stat value={profile.followerCount} label={profile.followerCount === 1 ? t`follower` : t`followers`} />
          <Stat value={profile.followingCount} label={t`following`} />
        </Group>
      </div>
      {profile.isMe && editing && <EditProfileDialog profile={profile} opened onClose={() => setEditing(false)} />}
    </Paper>
  );
}

/** /hub/profile/{username}: who they are, their numbers, follow, their posts; one's own is editable. */
export function HubProfilePage(_props: PageProps) {
  const { t } = useLingui();
  const { username = '' } = useParams();
  const profile = useProfile(username);
  const posts = useProfilePosts(profile.isSuccess ? username : null);
  const shownName = profile.data?.username ?? '';
  useDocumentTitle(profile.data ? t`${shownName} on Pulse Hub` : null);
  const missing = profile.isError && isApiError(profile.error) && profile.error.status === 404;

  return (
    <div className={classes.page}>
      <HubNav />
      <Container size={680} px={{ base: 10, sm: 'md' }} pt="md">
        <Stack gap="md">
          {profile.isPending && <Skeleton height={260} radius="lg" />}
          {missing && (
            <Stack align="center" gap="sm" py={64} ta="center">
              <ThemeIcon size={72} radius={36} variant="light" aria-hidden>
                <IconUserQuestion size={36} stroke={1.6} />
              </ThemeIcon>
              <Title order={1} fz={20}>
                {isApiError(profile.error) ? profile.error.message : ''}
              </Title>
              <Button component={Link} to="/hub/feed" radius="xl">
                <Trans>Back to the feed</Trans>
              </Button>
            </Stack>
          )}
          {profile.isError && !missing && <LoadErrorAlert title={t`Could not load this profile`} onRetry={() => void profile.refetch()} />}
          {profile.data && (
            <>
              <ProfileHeader profile={profile.data} />
              <PostList
                query={posts}
                label={t`Posts by ${shownName}`}
                empty={{ title: t`No posts yet`, text: profile.data.isMe ? t`Share your first post from the feed.` : t`${shownName} has not posted yet.` }}
              />
            </>
          )}
        </Stack>
      </Container>
    </div>
  );
}

/** /hub/profile: one's own profile (where it is edited), at its public address. */
export function OwnHubProfileRedirect(_props: PageProps) {
  const { user } = useAuth();
  if (!user) return null;
  return <Navigate to={profilePath(user.username)} replace />;
}
