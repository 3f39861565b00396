import { memo, useState } from 'react';
import { ActionIcon, Alert, Button, Group, Menu, Modal, Text } from '@mantine/core';
import { IconCoin, IconDots, IconEdit, IconEyeOff, IconFlag, IconHeart, IconHeartFilled, IconMessageCircle, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney } from '../../../lib/format';
import type { TPost } from '@pulse/contract/hub';
import { useDeletePost, usePostLike } from '../api/hub-mutations';
import { useTipOptions } from '../api/hub-queries';
import { canEditPost } from '../utils/post-pages';
import { AuthorLine } from '../../../components/hub/author-line';
import { EditPostDialog } from './edit-post-dialog';
import { FollowButton } from './follow-button';
import { LinkedProducts } from './linked-products';
import { PostPhotos } from './post-photos';
import { PostText } from './post-text';
import { ReportDialog } from './report-dialog';
import { TipDialog } from './tip-dialog';
import classes from '../../../components/hub/hub.module.css';

interface PostCardProps {
  post: TPost;
  now: number;
  /** On /pulse/{id} the comment count is not a link to the page already open. */
  linkToPost?: boolean;
  /** Called after the author deleted it (the post page goes back to the feed). */
  onDeleted?: () => void;
}

export function postPath(postId: string): string {
  return `/pulse/${encodeURIComponent(postId)}`;
}

/** One post: author, text, photos, products, and what a reader can do with it. */
/**
 * Memoized: a card draws again when its post or the minute changes, not each time something above
 * the feed does (a page of 20 cards is hundreds of ms on a slowed phone, issue 26).
 */
export const PostCard = memo(function PostCard({ post, now, linkToPost = true, onDeleted }: PostCardProps) {
  const { t } = useLingui();
  const like = usePostLike(post);
  const remove = useDeletePost();
  const [dialog, setDialog] = useState<'tip' | 'report' | 'edit' | 'delete' | null>(null);
  const editable = canEditPost(post, now);
  const currency = useTipOptions(true).data?.currency ?? 'USD';
  const close = () => setDialog(null);
  const commentCount = post.commentCount;
  const author = post.author.username;
  // The browser suite reads "1 comments": the English stays one form; translations may use plural forms.
  const commentsLabel = t`${commentCount} comments`;
  const tipTotal = formatMoney(post.tipTotalMinor, currency);

  return (
    <article className={`${classes.card} ${post.hidden ? classes.hiddenCard : ''}`} data-testid="post-card" data-post-id={post.id} aria-label={t`Post by ${author}`}>
      <div className={classes.cardBody}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <AuthorLine author={post.author} createdAt={post.createdAt} editedAt={post.editedAt} region={post.region} now={now} />
          <Group gap={4} wrap="nowrap">
            {!post.isMine && !post.followingAuthor && <FollowButton person={post.author} following={false} />}
            <Menu position="bottom-end" withinPortal shadow="md" radius="md">
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" radius="xl" size="lg" aria-label={t`More actions`}>
                  <IconDots size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {post.isMine ? (
                  <>
                    {editable && (
                      <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => setDialog('edit')}>
                        <Trans>Edit</Trans>
                      </Menu.Item>
                    )}
                    <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => setDialog('delete')}>
                      <Trans>Delete</Trans>
                    </Menu.Item>
                  </>
                ) : (
                  <Menu.Item color="red" leftSection={<IconFlag size={16} />} onClick={() => setDialog('report')}>
                    <Trans>Report</Trans>
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>

        {post.hidden && (
          <Alert color="red" variant="light" mt="sm" py={8} icon={<IconEyeOff size={16} aria-hidden />} data-testid="post-hidden">
            <Text size="sm" fw={600}>
              <Trans>Hidden by a moderator</Trans>
            </Text>
            <Text size="xs">
              <Trans>Only you can see this post.</Trans>
            </Text>
          </Alert>
        )}

        <div style={{ marginTop: 10 }}>
          <PostText text={post.text} />
        </div>
        <PostPhotos images={post.images} author={post.author.username} />
        <LinkedProducts products={post.products} />
      </div>

      <div className={classes.actions}>
        <Button
          variant="subtle"
          color={post.likedByMe ? 'red' : 'gray'}
          size="compact-md"
          className={classes.actionButton}
          leftSection={post.likedByMe ? <IconHeartFilled size={20} aria-hidden /> : <IconHeart size={20} aria-hidden />}
          onClick={() => like.mutate(!post.likedByMe)}
          aria-pressed={post.likedByMe}
          // The visible count stays a whole word of the name (axe drops parentheses: WCAG 2.5.3).
          aria-label={
            post.likedByMe
              ? t`${plural(post.likeCount, { one: 'Unlike, # like', other: 'Unlike, # likes' })}`
              : t`${plural(post.likeCount, { one: 'Like, # like', other: 'Like, # likes' })}`
          }
          data-testid="like-button"
        >
          {post.likeCount}
        </Button>
        {linkToPost ? (
          <Button
            component={Link}
            to={postPath(post.id)}
            variant="subtle"
            color="gray"
            size="compact-md"
            className={classes.actionButton}
            leftSection={<IconMessageCircle size={20} aria-hidden />}
            aria-label={commentsLabel}
            data-testid="comment-count"
          >
            {post.commentCount}
          </Button>
        ) : (
          <Group gap={6} px={10} c="dimmed" aria-label={commentsLabel} data-testid="comment-count">
            <IconMessageCircle size={20} aria-hidden />
            <Text size="sm" fw={600}>
              {post.commentCount}
            </Text>
          </Group>
        )}
        {post.isMine ? (
          <Text size="sm" c="dimmed" ml="auto" pr={8} data-testid="tip-total">
            {post.tipTotalMinor > 0 ? t`${tipTotal} in tips` : ''}
          </Text>
        ) : (
          <Button
            variant="light"
            color="gold"
            size="compact-md"
            radius="xl"
            ml="auto"
            className={classes.actionButton}
            leftSection={<IconCoin size={18} aria-hidden />}
            onClick={() => setDialog('tip')}
            data-testid="tip-button"
          >
            <span data-testid="tip-total">{post.tipTotalMinor > 0 ? t`Tip · ${tipTotal}` : t`Tip`}</span>
          </Button>
        )}
      </div>

      {!post.isMine && <TipDialog post={post} opened={dialog === 'tip'} onClose={close} />}
      <ReportDialog target={dialog === 'report' ? { type: 'post', id: post.id } : null} onClose={close} />
      {dialog === 'edit' && <EditPostDialog post={post} opened onClose={close} />}
      <Modal opened={dialog === 'delete'} onClose={close} title={t`Delete this post?`} centered radius="lg">
        <Text size="sm">
          <Trans>It will disappear from the feed and from your Pulse. This cannot be undone.</Trans>
        </Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={close}>
            <Trans>Keep it</Trans>
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(post, {
                onSuccess: () => {
                  close();
                  onDeleted?.();
                },
              })
            }
          >
            <Trans>Delete</Trans>
          </Button>
        </Group>
      </Modal>
    </article>
  );
});
