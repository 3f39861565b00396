import { useState } from 'react';
import { Button, Group, Menu, ActionIcon, Text } from '@mantine/core';
import { IconDots, IconEdit, IconFlag, IconHeart, IconHeartFilled, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TComment } from '@pulse/contract/hub';
import { useCommentLike, useDeleteComment } from '../api/hub-mutations';
import { HubAvatar, LegacyBadge, profilePath, SEPARATOR } from '../../../components/hub/author-line';
import { CommentForm } from './comment-form';
import { PostText } from './post-text';
import classes from '../../../components/hub/hub.module.css';
import { formatRelativeTime } from '../../../lib/format';

interface CommentItemProps {
  comment: TComment;
  postId: string;
  now: number;
  /** The post's author may delete any comment on it. */
  postIsMine: boolean;
  onReply: (comment: TComment) => void;
  onReport: (comment: TComment) => void;
}

export function CommentItem({ comment, postId, now, postIsMine, onReply, onReport }: CommentItemProps) {
  const { t } = useLingui();
  const like = useCommentLike(postId, comment.id);
  const remove = useDeleteComment(postId);
  const [editing, setEditing] = useState(false);
  const gone = comment.deleted || (comment.hidden && !comment.isMine);
  const isReply = comment.parentId !== null;
  const author = comment.author.username;
  const repliedTo = comment.replyToUsername;

  return (
    <div className={classes.comment} data-testid="comment" data-comment-id={comment.id}>
      <Link to={profilePath(comment.author.username)} className={classes.avatarLink} aria-label={t`${author}'s profile`}>
        <HubAvatar author={comment.author} size={isReply ? 28 : 36} />
      </Link>
      <div style={{ flex: 1, minWidth: 0 }}>
        <div className={classes.commentBubble}>
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Group gap={6} wrap="nowrap" miw={0}>
              <Text component={Link} to={profilePath(comment.author.username)} size="sm" className={classes.authorName} truncate>
                {comment.author.username}
              </Text>
              {comment.author.is_legacy_creator && <LegacyBadge />}
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                <time dateTime={comment.createdAt}>{formatRelativeTime(comment.createdAt, now)}</time>
                {comment.editedAt ? `${SEPARATOR}${t`edited`}` : ''}
              </Text>
            </Group>
            {!gone && (
              <Menu position="bottom-end" withinPortal shadow="md">
                <Menu.Target>
                  <ActionIcon variant="subtle" color="gray" size="sm" radius="xl" aria-label={t`Comment actions`}>
                    <IconDots size={16} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  {comment.isMine && (
                    <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => setEditing(true)}>
                      <Trans>Edit</Trans>
                    </Menu.Item>
                  )}
                  {(comment.isMine || postIsMine) && (
                    <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => remove.mutate(comment.id)}>
                      <Trans>Delete</Trans>
                    </Menu.Item>
                  )}
                  {!comment.isMine && (
                    <Menu.Item color="red" leftSection={<IconFlag size={16} />} onClick={() => onReport(comment)}>
                      <Trans>Report</Trans>
                    </Menu.Item>
                  )}
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
          {comment.replyToUsername && (
            <Text size="xs" c="dimmed" mb={2}>
              <Trans>replying to @{repliedTo}</Trans>
            </Text>
          )}
          {comment.hidden && comment.isMine && (
            <Text size="xs" c="red" fw={600}>
              <Trans>Hidden by a moderator</Trans>
            </Text>
          )}
          {gone ? (
            <Text size="sm" c="dimmed" fs="italic">
              <Trans>Comment deleted</Trans>
            </Text>
          ) : editing ? (
            <CommentForm postId={postId} editing={comment} autoFocus onDone={() => setEditing(false)} onCancel={() => setEditing(false)} />
          ) : (
            <PostText text={comment.text} size="sm" />
          )}
        </div>
        {!gone && (
          <Group gap={4} mt={2}>
            <Button
              variant="subtle"
              size="compact-xs"
              color={comment.likedByMe ? 'red' : 'gray'}
              leftSection={comment.likedByMe ? <IconHeartFilled size={14} aria-hidden /> : <IconHeart size={14} aria-hidden />}
              onClick={() => like.mutate(!comment.likedByMe)}
              aria-pressed={comment.likedByMe}
              // The visible count or word stays a whole word of the name (axe drops parentheses: WCAG 2.5.3).
              aria-label={
                comment.likedByMe
                  ? t`${plural(comment.likeCount, { one: 'Unlike comment, # like', other: 'Unlike comment, # likes' })}`
                  : t`${plural(comment.likeCount, { one: 'Like comment, # like', other: 'Like comment, # likes' })}`
              }
            >
              {comment.likeCount > 0 ? comment.likeCount : t`Like`}
            </Button>
            <Button variant="subtle" size="compact-xs" color="gray" onClick={() => onReply(comment)}>
              <Trans>Reply</Trans>
            </Button>
          </Group>
        )}
      </div>
    </div>
  );
}
