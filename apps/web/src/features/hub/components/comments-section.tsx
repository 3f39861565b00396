import { useState } from 'react';
import { Button, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TComment, TCommentOrder } from '@pulse/contract/hub';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useComments } from '../api/hub-queries';
import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';
import { ReportDialog } from './report-dialog';
import classes from '../../../components/hub/hub.module.css';

interface CommentsSectionProps {
  postId: string;
  postIsMine: boolean;
  commentCount: number;
  now: number;
}

/** Comments newest or oldest first, each with its replies one level in, and a reply box under the thread. */
export function CommentsSection({ postId, postIsMine, commentCount, now }: CommentsSectionProps) {
  const { t } = useLingui();
  const [order, setOrder] = useState<TCommentOrder>('newest');
  const comments = useComments(postId, order);
  const [replying, setReplying] = useState<{ threadId: string; to: TComment } | null>(null);
  const [reporting, setReporting] = useState<string | null>(null);
  const threads = comments.data?.pages.flatMap((page) => page.items) ?? [];

  const itemProps = {
    postId,
    now,
    postIsMine,
    onReport: (comment: TComment) => setReporting(comment.id),
  };

  return (
    <Stack gap="md" component="section" aria-label={t`Comments`} data-testid="comments">
      <Group justify="space-between" align="center">
        <Title order={2} fz={18}>
          {commentCount > 0 ? <Trans>Comments ({commentCount})</Trans> : <Trans>Comments</Trans>}
        </Title>
        <SegmentedControl
          size="xs"
          radius="xl"
          value={order}
          onChange={(value) => setOrder(value as TCommentOrder)}
          data={[
            { value: 'newest', label: t`Newest` },
            { value: 'oldest', label: t`Oldest` },
          ]}
          aria-label={t`Comment order`}
        />
      </Group>
      <CommentForm postId={postId} />

      {comments.isPending && (
        <Group justify="center" py="md">
          <Loader size="sm" />
        </Group>
      )}
      {comments.isError && <LoadErrorAlert title={t`Could not load the comments`} onRetry={() => void comments.refetch()} />}
      {comments.isSuccess && threads.length === 0 && (
        <Text c="dimmed" ta="center" py="md">
          <Trans>No comments yet. Start the conversation.</Trans>
        </Text>
      )}

      {threads.map((thread) => (
        <Stack key={thread.id} gap={8} data-testid="comment-thread">
          <CommentItem comment={thread} {...itemProps} onReply={(comment) => setReplying({ threadId: thread.id, to: comment })} />
          {(thread.replies.length > 0 || replying?.threadId === thread.id) && (
            <Stack gap={8} className={classes.replies}>
              {thread.replies.map((reply) => (
                <CommentItem key={reply.id} comment={reply} {...itemProps} onReply={(comment) => setReplying({ threadId: thread.id, to: comment })} />
              ))}
              {replying?.threadId === thread.id && (
                <CommentForm
                  postId={postId}
                  replyTo={{ id: replying.to.id, username: replying.to.author.username }}
                  autoFocus
                  onDone={() => setReplying(null)}
                  onCancel={() => setReplying(null)}
                />
              )}
            </Stack>
          )}
        </Stack>
      ))}

      {comments.hasNextPage && (
        <Group justify="center">
          <Button variant="default" radius="xl" onClick={() => void comments.fetchNextPage()} loading={comments.isFetchingNextPage}>
            <Trans>More comments</Trans>
          </Button>
        </Group>
      )}
      <ReportDialog target={reporting ? { type: 'comment', id: reporting } : null} onClose={() => setReporting(null)} />
    </Stack>
  );
}
