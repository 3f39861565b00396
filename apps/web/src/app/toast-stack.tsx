import { useEffect } from 'react';
import { Notification } from '@mantine/core';
import { notifications, useNotifications, type NotificationData } from '@mantine/notifications';
import classes from './toast-stack.module.css';

/** Toasts sit above drawers and menus (spec §9 "toast layer 5500"). */
export const TOAST_Z_INDEX = 5500;
/** Spec §8/§9: a toast without its own duration closes after 5000 ms. */
const DEFAULT_AUTO_CLOSE_MS = 5000;

function Toast({ toast }: { toast: NotificationData & { id: string } }) {
  const { id, message, autoClose, onOpen, onClose, position: _position, ...notificationProps } = toast;
  const delay = autoClose === false ? null : typeof autoClose === 'number' ? autoClose : DEFAULT_AUTO_CLOSE_MS;

  useEffect(() => {
    onOpen?.(toast);
    // Opened once per toast id; a later update of the same toast does not count as opening it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  useEffect(() => {
    if (delay === null) return;
    const timer = window.setTimeout(() => notifications.hide(id), delay);
    return () => window.clearTimeout(timer);
  }, [id, delay]);

  return (
    <Notification
      {...notificationProps}
      className={classes.toast}
      classNames={{ description: classes.description }}
      onClose={() => {
        notifications.hide(id);
        onClose?.(toast);
      }}
    >
      {message}
    </Notification>
  );
}

/**
 * The toasts of Mantine's notifications store (`notifications.show()` anywhere in the app), drawn
 * top right with Mantine's Notification, below the page's top bar or header (decision 040).
 * Mantine's own container with its transitions is not in the first load; this one is, so a toast
 * can show even when the connection is gone before any other code could be fetched
 * (docs/decisions/020-first-load-budget.md).
 */
export function ToastStack() {
  const { notifications: shown } = useNotifications();
  if (shown.length === 0) return null;
  return (
    <div className={classes.stack} style={{ zIndex: TOAST_Z_INDEX }} data-testid="toasts">
      {shown.map((toast) => (
        <Toast key={toast.id} toast={toast as NotificationData & { id: string }} />
      ))}
    </div>
  );
}
