import { Avatar, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconMapPin, IconSparkles } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { THubAuthor } from '@pulse/contract/hub';
import { resolveMediaUrl } from '../../lib/media-url';
import classes from './hub.module.css';
import { formatDateTimeWithYear, formatRelativeTime } from '../../lib/format';

/** Between the parts of a line of details ("Farmer · 3 hr ago · edited"). */
export const SEPARATOR = ' · ';

export function profilePath(username: string): string {
  return `/hub/profile/${encodeURIComponent(username)}`;
}

export function HubAvatar({ author, size = 44 }: { author: Pick<THubAuthor, 'username' | 'profile_picture_url'>; size?: number }) {
  return (
    <Avatar
      src={author.profile_picture_url ? resolveMediaUrl(author.profile_picture_url) : null}
      alt=""
      size={size}
      radius={size}
      color="gold"
      variant="filled"
      className={classes.avatarRing}
    >
      {author.username.slice(0, 2).toUpperCase()}
    </Avatar>
  );
}

/** The early creators' mark (`is_legacy_creator`, spec §3). */
export function LegacyBadge() {
  const { t } = useLingui();
  return (
    <Tooltip label={t`One of Pulse Hub's first creators`} withArrow>
      <Badge size="xs" variant="gradient" style={{ flexShrink: 0 }} gradient={{ from: 'gold.5', to: 'orange.6', deg: 120 }} leftSection={<IconSparkles size={10} aria-hidden />} data-testid="legacy-badge">
        <Trans>Legacy creator</Trans>
      </Badge>
    </Tooltip>
  );
}

interface AuthorLineProps {
  author: THubAuthor;
  createdAt: string;
  editedAt?: string | null;
  region?: string | null;
  now: number;
  avatarSize?: number;
}

/** Avatar, name (to the profile), legacy badge, profession, when and where. */
export function AuthorLine({ author, createdAt, editedAt, region, now, avatarSize = 44 }: AuthorLineProps) {
  const { t } = useLingui();
  const username = author.username;
  const details = [author.profession, formatRelativeTime(createdAt, now)].filter(Boolean).join(' · ');
  return (
    <Group gap={10} wrap="nowrap" miw={0} align="center">
      <Link to={profilePath(author.username)} className={classes.avatarLink} aria-label={t`${username}'s profile`}>
        <HubAvatar author={author} size={avatarSize} />
      </Link>
      <Stack gap={0} miw={0}>
        <Group gap={6} wrap="nowrap" miw={0}>
          <Text component={Link} to={profilePath(author.username)} className={classes.authorName} size="sm" truncate data-testid="post-author">
            {author.username}
          </Text>
          {author.is_legacy_creator && <LegacyBadge />}
        </Group>
        <Text size="xs" c="dimmed" truncate>
          <time dateTime={createdAt} title={formatDateTimeWithYear(createdAt)}>
            {details}
          </time>
          {editedAt ? `${SEPARATOR}${t`edited`}` : ''}
        </Text>
        {region && (
          <Group gap={3} wrap="nowrap" c="dimmed">
            <IconMapPin size={12} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="xs" truncate>
              {region}
            </Text>
          </Group>
        )}
      </Stack>
    </Group>
  );
}
