import { useDeferredValue, type ReactNode } from 'react';
import { Button, Group, Loader, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconNotes } from '@tabler/icons-react';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { InfiniteSentinel } from '../../../components/catalogue/infinite-sentinel';
import { flattenPostPages, type PostPages } from '../utils/post-pages';
import { PostCard } from './post-card';
import { useMinuteClock } from './use-minute-clock';

function PostSkeleton() {
  return (
    <Stack gap={10} p="md" style={{ border: '1px solid var(--mantine-color-gray-2)', borderRadius: 16, background: 'white' }}>
      <Group gap={10}>
        <Skeleton circle height={44} />
        <Stack gap={6} style={{ flex: 1 }}>
          <Skeleton height={12} width="40%" />
          <Skeleton height={10} width="25%" />
        </Stack>
      </Group>
      <Skeleton height={12} />
      <Skeleton height={12} width="80%" />
      <Skeleton height={180} radius="md" />
    </Stack>
  );
}

interface PostListProps {
  query: UseInfiniteQueryResult<PostPages>;
  label: string;
  empty: { title: string; text: string; action?: ReactNode };
}

/**
 * Cards drawn at once when posts arrive; the rest follow as a transition, which React renders in
 * slices that leave the main thread free between them (a feed page is 20 cards: about 2 s of one
 * task on a slowed phone, issue 26).
 */
const FIRST_CARDS = 3;

/** Posts a page at a time; the next page loads as the end of the list comes near. */
export function PostList({ query, label, empty }: PostListProps) {
  const { t } = useLingui();
  const now = useMinuteClock();
  const posts = flattenPostPages(query.data);
  const drawnCount = useDeferredValue(posts.length, 0);
  const shown = posts.slice(0, Math.max(drawnCount, FIRST_CARDS));
  const allDrawn = shown.length === posts.length;
  if (query.isPending)
    return (
      <Stack gap="md" role="status" aria-label={t`Loading posts`}>
        <PostSkeleton />
        <PostSkeleton />
      </Stack>
    );
  if (query.isError && posts.length === 0) return <LoadErrorAlert title={t`Could not load the posts`} onRetry={() => void query.refetch()} />;
  if (posts.length === 0)
    return (
      <Stack align="center" gap="sm" py={48} ta="center">
        <ThemeIcon size={72} radius={36} variant="light" aria-hidden>
          <IconNotes size={36} stroke={1.6} />
        </ThemeIcon>
        <Text fw={600} size="lg">
          {empty.title}
        </Text>
        <Text c="dimmed" maw={380}>
          {empty.text}
        </Text>
        {empty.action}
      </Stack>
    );
  return (
    <Stack gap="md" component="section" aria-label={label} data-testid="post-list">
      {shown.map((post) => (
        <PostCard key={post.id} post={post} now={now} />
      ))}
      <InfiniteSentinel onVisible={() => void query.fetchNextPage()} disabled={!allDrawn || !query.hasNextPage || query.isFetchingNextPage} />
      {query.isFetchingNextPage && (
        <Group justify="center" py="md">
          <Loader size="sm" />
        </Group>
      )}
      {query.isFetchNextPageError && (
        <Group justify="center">
          <Button variant="default" onClick={() => void query.fetchNextPage()}>
            <Trans>Load more</Trans>
          </Button>
        </Group>
      )}
      {!query.hasNextPage && posts.length > 3 && (
        <Text ta="center" size="sm" c="dimmed" py="md">
          <Trans>You are all caught up.</Trans>
        </Text>
      )}
    </Stack>
  );
}
