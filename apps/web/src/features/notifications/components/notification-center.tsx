import { useEffect, useState } from 'react';
import { Anchor, Button, Container, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBellOff, IconChecks } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TNotification, TNotificationSource } from '@pulse/contract/notifications';
import { useAuth } from '../../../lib/auth/use-auth';
import { useRealtimeConnection } from '../../../lib/socket-context';
import { notificationListQueryKey, useNotificationList } from '../../../lib/notifications/get-notifications';
import { putNotificationRead } from '../../../lib/notifications/put-notification-read';
import { putAllNotificationsRead } from '../api/put-notifications-read-all';
import { flattenNotificationPages, markAllReadInPages, markNotificationReadInPages, type NotificationPages } from '../../../lib/notifications/notification-list-cache';
import { getNotificationLink } from '@pulse/contract/notification-targets';
import { groupLikeNotifications, type NotificationLine } from '../../../lib/notifications/group-like-notifications';
import { NotificationItem } from '../../../components/notifications/notification-item';
import classes from '../../../components/notifications/notification-list.module.css';
import { PushPermissionButton } from '../../../components/push-permission-button';
import { LoadErrorAlert } from '../../../components/load-error-alert';

const CLOCK_TICK_MS = 60_000;

interface NotificationCenterProps {
  source: TNotificationSource;
  title: string;
  emptyText: string;
}

function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function ListSkeleton() {
  const { t } = useLingui();
  return (
    <Stack gap={8} aria-label={t`Loading notifications`} role="status">
      {[0, 1, 2, 3].map((index) => (
        <Skeleton key={index} height={76} radius="lg" />
      ))}
    </Stack>
  );
}

/**
 * One source's notifications (spec §2 /notifications, /hub/notifications): pages of 10, unread
 * marks, a click marks read and opens the notification's page, "Mark all as read". New ones are
 * inserted live by LiveNotificationUpdates through the same query cache.
 */
export function NotificationCenter({ source, title, emptyText }: NotificationCenterProps) {
  const { i18n, t } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const { socket } = useRealtimeConnection();
  const now = useMinuteClock();
  const list = useNotificationList(source);
  const listKey = notificationListQueryKey(source, userId);
  const items = flattenNotificationPages(list.data);
  // Pulse Hub: likes on one post are one line ("Ama and 4 others liked your post").
  const lines: NotificationLine[] = source === 'pulse_hub' ? groupLikeNotifications(items, i18n) : items.map((item) => ({ key: item.id, shown: item, members: [item] }));
  const unread = list.data?.pages[0]?.unread ?? 0;

  // Counts follow the server's `notificationRead`/`allNotificationsRead` events; without a live
  // socket nothing would bring them, so they are fetched again instead.
  const refreshCountsWhenOffline = () => {
    if (!socket?.connected) void queryClient.invalidateQueries({ queryKey: ['notifications', 'unread-count'] });
  };

  const markRead = useMutation({
    mutationFn: (notification: TNotification) => putNotificationRead(notification.id),
    onMutate: (notification) => {
      queryClient.setQueryData<NotificationPages>(listKey, (data) => markNotificationReadInPages(data, notification.id));
    },
    onSuccess: refreshCountsWhenOffline,
    onError: () => void queryClient.invalidateQueries({ queryKey: listKey }),
  });

  const markAllRead = useMutation({
    mutationFn: putAllNotificationsRead,
    onSuccess: () => {
      queryClient.setQueryData<NotificationPages>(listKey, markAllReadInPages);
      refreshCountsWhenOffline();
    },
  });

  const openLine = (line: NotificationLine) => {
    for (const member of line.members) if (!member.read) markRead.mutate(member);
    void navigate(getNotificationLink(line.shown));
  };

  return (
    <Container size="sm" px={{ base: 'md', sm: 'lg' }} py={{ base: 'lg', sm: 40 }}>
      <div className={classes.header}>
        <div>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {title}
          </Title>
          {list.isSuccess && (
            <Text size="sm" c="dimmed" mt={4} data-testid="notifications-unread-summary">
              {unread === 0 ? t`You are all caught up.` : t`${unread} unread`}
            </Text>
          )}
          <Anchor component={Link} to="/account/notifications" size="sm">
            <Trans>Notification settings</Trans>
          </Anchor>
        </div>
      {source === 'marketplace' && (
        <div className={classes.pushControl}>
          <PushPermissionButton hideWhenUnsupported />
        </div>
      )}
        <Button
          variant="light"
          leftSection={<IconChecks size={18} aria-hidden />}
          onClick={() => markAllRead.mutate()}
          loading={markAllRead.isPending}
          disabled={!list.isSuccess || unread === 0}
        >
          <Trans>Mark all as read</Trans>
        </Button>
      </div>

      {list.isPending && <ListSkeleton />}

      {list.isError && <LoadErrorAlert title={t`Could not load your notifications`} onRetry={() => void list.refetch()} />}

      {list.isSuccess && items.length === 0 && (
        <Stack align="center" gap="sm" py={56} ta="center">
          <ThemeIcon size={72} radius={36} variant="light" aria-hidden>
            <IconBellOff size={36} stroke={1.6} />
          </ThemeIcon>
          <Text fw={600} size="lg">
            <Trans>No notifications yet</Trans>
          </Text>
          <Text c="dimmed" maw={380}>
            {emptyText}
          </Text>
        </Stack>
      )}

      {items.length > 0 && (
        <ul className={classes.list} aria-label={title}>
          {lines.map((line) => (
            <NotificationItem key={line.key} notification={line.shown} now={now} onOpen={() => openLine(line)} />
          ))}
        </ul>
      )}

      {list.hasNextPage && (
        <Group justify="center" mt="lg">
          <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
            <Trans>Load more</Trans>
          </Button>
        </Group>
      )}
    </Container>
  );
}
