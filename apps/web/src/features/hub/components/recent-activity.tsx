import { Skeleton, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { getNotificationLink } from '@pulse/contract/notification-targets';
import { useNotificationList } from '../../../lib/notifications/get-notifications';
import { putNotificationRead } from '../../../lib/notifications/put-notification-read';
import { NotificationItem } from '../../../components/notifications/notification-item';
import { groupLikeNotifications, type NotificationLine } from '../../../lib/notifications/group-like-notifications';
import { flattenNotificationPages } from '../../../lib/notifications/notification-list-cache';
import notificationClasses from '../../../components/notifications/notification-list.module.css';
import { useMinuteClock } from './use-minute-clock';

const SHOWN_LINES = 5;

/** The latest Pulse Hub activity on one's posts (the notifications of /hub/notifications, likes grouped). */
export function RecentActivity() {
  const { i18n, t } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const now = useMinuteClock();
  const list = useNotificationList('pulse_hub');
  const lines = groupLikeNotifications(flattenNotificationPages(list.data), i18n).slice(0, SHOWN_LINES);

  const open = (line: NotificationLine) => {
    const unread = line.members.filter((member) => !member.read);
    if (unread.length > 0)
      void Promise.all(unread.map((member) => putNotificationRead(member.id))).finally(
        () => void queryClient.invalidateQueries({ queryKey: ['notifications'] }),
      );
    void navigate(getNotificationLink(line.shown));
  };

  if (list.isPending) return <Skeleton height={64} radius="lg" />;
  if (lines.length === 0)
    return (
      <Text size="sm" c="dimmed">
        <Trans>Comments, likes and tips on your posts will show here.</Trans>
      </Text>
    );
  return (
    <Stack gap={8} component="ul" className={notificationClasses.list} aria-label={t`Recent activity`} data-testid="recent-activity">
      {lines.map((line) => (
        <NotificationItem key={line.key} notification={line.shown} now={now} onOpen={() => open(line)} />
      ))}
    </Stack>
  );
}
