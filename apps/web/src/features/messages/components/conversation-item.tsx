import { Avatar, Badge, Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TConversationSummary } from '@pulse/contract/messages';
import { formatUnreadFigure, getMessagePreview } from '../../../lib/message-preview';
import { resolveMediaUrl } from '../../../lib/media-url';
import classes from './conversation-list.module.css';
import { formatRecentTime } from '../../../lib/format';

interface ConversationItemProps {
  conversation: TConversationSummary;
  userId: string | null;
  now: number;
}

export function ConversationItem({ conversation, userId, now }: ConversationItemProps) {
  const { i18n, t } = useLingui();
  const { otherUser, subject, lastMessage } = conversation;
  const unread = formatUnreadFigure(conversation.unreadCount);
  const avatarUrl = otherUser.profile_picture_url ? resolveMediaUrl(otherUser.profile_picture_url) : null;

  return (
    <li className={classes.item} data-unread={unread ? true : undefined}>
      <UnstyledButton component={Link} to={`/chat/${conversation.id}`} className={classes.link} data-testid="conversation-item">
        <Avatar src={avatarUrl} name={otherUser.displayName} color="initials" size={48} radius="xl" alt="" />
        <div className={classes.body}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text fw={unread ? 700 : 600} truncate data-testid="conversation-name">
              {otherUser.displayName}
            </Text>
            <Text size="xs" c={unread ? 'var(--mantine-primary-color-filled)' : 'dimmed'} fw={unread ? 600 : 400} className={classes.time}>
              <time dateTime={conversation.updatedAt}>{formatRecentTime(conversation.updatedAt, now)}</time>
            </Text>
          </Group>
          {subject.title && (
            <Text size="xs" c="dimmed" truncate>
              <Trans>About: {subject.title}</Trans>
            </Text>
          )}
          <Group justify="space-between" gap="xs" wrap="nowrap" mt={2}>
            <Text size="sm" c={unread ? undefined : 'dimmed'} fw={unread ? 500 : 400} truncate>
              {getMessagePreview(lastMessage, userId, i18n)}
            </Text>
            {unread && (
              <Badge size="sm" radius="xl" variant="filled" className={classes.unread} aria-label={t`${unread} unread`}>
                {unread}
              </Badge>
            )}
          </Group>
        </div>
      </UnstyledButton>
    </li>
  );
}
