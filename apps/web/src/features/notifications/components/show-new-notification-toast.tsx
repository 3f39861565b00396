import type { MouseEvent } from 'react';
import { notifications } from '@mantine/notifications';
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { IconBell, IconUsersGroup } from '@tabler/icons-react';
import type { TNotification } from '@pulse/contract/notifications';
import { getToastTarget } from '@pulse/contract/notification-targets';
import { getNotificationTitle } from '../../../lib/notifications/notification-targets';

/** Spec §4/§9: a new-notification toast stays 6000 ms, top right. */
export const NEW_NOTIFICATION_TOAST_MS = 6000;

/** The toast of a `newNotification` (written in the language active when it arrives); clicking it (not its close button) opens the notification's page. */
export function showNewNotificationToast(notification: TNotification, openPath: (path: string) => void): void {
  const id = `new-notification-${notification.id}`;
  const isHub = notification.source === 'pulse_hub';
  const IconComponent = isHub ? IconUsersGroup : IconBell;
  notifications.show({
    id,
    title: getNotificationTitle(notification.type, i18n),
    message: notification.message,
    position: 'top-right',
    autoClose: NEW_NOTIFICATION_TOAST_MS,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': t`Close notification` },
    ...(isHub ? { color: 'gold' } : {}),
    icon: <IconComponent size={18} stroke={1.8} aria-hidden />,
    style: { cursor: 'pointer' },
    'data-testid': 'notification-toast',
    onClick: (event: MouseEvent<HTMLDivElement>) => {
      if (event.target instanceof Element && event.target.closest('button')) return;
      notifications.hide(id);
      openPath(getToastTarget(notification));
    },
  });
}
