import { Badge, Group, Text, UnstyledButton } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TNotification } from '@pulse/contract/notifications';
import { getNotificationTitle } from '../../lib/notifications/notification-targets';
import { NotificationTypeIcon } from './notification-type-icon';
import classes from './notification-list.module.css';
import { formatRelativeTime } from '../../lib/format';

interface NotificationItemProps {
  notification: TNotification;
  now: number;
  onOpen: (notification: TNotification) => void;
}

export function NotificationItem({ notification, now, onOpen }: NotificationItemProps) {
  const { i18n } = useLingui();
  const title = getNotificationTitle(notification.type, i18n);
  const unread = !notification.read;

  return (
    <li className={classes.item} data-testid="notification-item" data-unread={unread || undefined}>
      <UnstyledButton className={classes.itemButton} onClick={() => onOpen(notification)}>
        <NotificationTypeIcon type={notification.type} />
        <div className={classes.itemBody}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Group gap={8} wrap="nowrap" miw={0}>
              <Text fw={unread ? 700 : 600} size="sm" truncate>
                {title}
              </Text>
              {unread && (
                <Badge size="xs" variant="light" radius="sm" tt="none" className={classes.unreadMark}>
                  <Trans>Unread</Trans>
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed" className={classes.time}>
              <time dateTime={notification.created_at}>{formatRelativeTime(notification.created_at, now)}</time>
            </Text>
          </Group>
          <Text size="sm" c={unread ? undefined : 'dimmed'} lineClamp={3} className={classes.message}>
            {notification.message}
          </Text>
        </div>
      </UnstyledButton>
    </li>
  );
}
