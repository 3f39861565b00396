import { useState } from 'react';
import { Container, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAuth } from '../../../lib/auth/use-auth';
import { useSocketEvent } from '../../../lib/socket-event-hook';
import type { PageProps } from '../../../app/route-types';
import { useFeed } from '../api/hub-queries';
import { Composer } from '../components/composer';
import { HubNav } from '../../../components/hub/hub-nav';
import { NewPostsPill } from '../components/new-posts-pill';
import { PostList } from '../components/post-list';
import { NO_NEW_POSTS, addNewPost } from '../utils/new-posts';
import { flattenPostPages } from '../utils/post-pages';
import { OutboxList } from '../outbox';
import classes from '../../../components/hub/hub.module.css';

/**
 * /hub/feed: the composer, then posts of people one follows (newest first) and everyone else's.
 * Posts published meanwhile are counted in a pill instead of pushing the page down.
 */
export function HubFeedPage({ route }: PageProps) {
  const { t } = useLingui();
  const { user } = useAuth();
  const feed = useFeed();
  const [newPosts, setNewPosts] = useState(NO_NEW_POSTS);

  useSocketEvent('hubPostCreated', (event) => {
    const shownPostIds = new Set(flattenPostPages(feed.data).map((post) => post.id));
    setNewPosts((state) => addNewPost(state, event, { myUserId: user?.id ?? null, shownPostIds }));
  });

  const showNewPosts = () => {
    setNewPosts(NO_NEW_POSTS);
    window.scrollTo({ top: 0, behavior: 'smooth' });
    void feed.refetch();
  };

  return (
    <div className={classes.page}>
      <HubNav />
      <NewPostsPill count={newPosts.postIds.length} onShow={showNewPosts} />
      <Container size={680} px={{ base: 10, sm: 'md' }} pt="md">
        <Stack gap="md">
          <div>
            <Title order={1} fz={{ base: 22, sm: 26 }}>
              {route.title}
            </Title>
            <Text size="sm" c="dimmed">
              <Trans>What growers and buyers are sharing today</Trans>
            </Text>
          </div>
          <Composer />
          <OutboxList />
          <PostList
            query={feed}
            label={t`Feed`}
            empty={{ title: t`Nothing here yet`, text: t`Be the first to share something: a harvest, a recipe, a product you are proud of.` }}
          />
        </Stack>
      </Container>
    </div>
  );
}
