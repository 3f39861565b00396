import { Button, Container, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconMoodEmpty } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PageProps } from '../../../app/route-types';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { isApiError } from '../../../lib/api-error';
import { useSocketEvent } from '../../../lib/socket-event-hook';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { hubQueryKeys } from '../api/hub-query-keys';
import { usePost } from '../api/hub-queries';
import { CommentsSection } from '../components/comments-section';
import { HubNav } from '../../../components/hub/hub-nav';
import { PostCard } from '../components/post-card';
import { TippedBy } from '../components/tipped-by';
import { useMinuteClock } from '../components/use-minute-clock';
import { postDocumentTitle } from '../utils/post-title';
import classes from '../../../components/hub/hub.module.css';

function Unavailable({ message }: { message: string }) {
  return (
    <Stack align="center" gap="sm" py={64} ta="center" data-testid="post-unavailable">
      <ThemeIcon size={72} radius={36} variant="light" aria-hidden>
        <IconMoodEmpty size={36} stroke={1.6} />
      </ThemeIcon>
      <Title order={1} fz={20}>
        {message}
      </Title>
      <Text c="dimmed" maw={360}>
        <Trans>It may have been deleted by its author or removed by a moderator.</Trans>
      </Text>
      <Button component={Link} to="/hub/feed" leftSection={<IconArrowLeft size={18} aria-hidden />} radius="xl" mt="sm">
        <Trans>Back to the feed</Trans>
      </Button>
    </Stack>
  );
}

/** /pulse/{id}: one post with its comments; a link to it works for anyone signed in. */
export function PulsePostPage(_props: PageProps) {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const now = useMinuteClock();
  const post = usePost(id);
  const queryClient = useQueryClient();
  // The author's open post follows its activity: a comment, reply, like or tip notification about
  // it brings the counts, the comments and the "Tipped by" list up to date.
  useSocketEvent('newNotification', (notification) => {
    if (notification.source !== 'pulse_hub' || notification.related_entity_id !== id) return;
    void queryClient.invalidateQueries({ queryKey: hubQueryKeys.post(id) });
    void queryClient.invalidateQueries({ queryKey: hubQueryKeys.commentsAll(id) });
    void queryClient.invalidateQueries({ queryKey: hubQueryKeys.postTips(id) });
  });
  useDocumentTitle(post.data ? postDocumentTitle(post.data) : null);
  const gone = post.isError && isApiError(post.error) && (post.error.status === 404 || post.error.status === 400);

  return (
    <div className={classes.page}>
      <HubNav />
      <Container size={680} px={{ base: 10, sm: 'md' }} pt="md">
        <Button component={Link} to="/hub/feed" variant="subtle" size="compact-sm" leftSection={<IconArrowLeft size={16} aria-hidden />} mb="sm">
          <Trans>Feed</Trans>
        </Button>
        {post.isPending && <Skeleton height={320} radius="lg" />}
        {gone && <Unavailable message={isApiError(post.error) && post.error.status === 404 ? post.error.message : t`This post is no longer available`} />}
        {post.isError && !gone && <LoadErrorAlert title={t`Could not load this post`} onRetry={() => void post.refetch()} />}
        {post.data && (
          <Stack gap="lg">
            <PostCard post={post.data} now={now} linkToPost={false} onDeleted={() => void navigate('/hub/feed', { replace: true })} />
            {post.data.isMine && post.data.tipTotalMinor > 0 && <TippedBy postId={post.data.id} />}
            <CommentsSection postId={post.data.id} postIsMine={post.data.isMine} commentCount={post.data.commentCount} now={now} />
          </Stack>
        )}
      </Container>
    </div>
  );
}
