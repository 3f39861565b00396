import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from '@pulse/contract/messages-i18n';
import type { FastifyInstance } from 'fastify';
import type { TUnreadCountResponse } from '@pulse/contract/counts';
import {
  type TListNotificationsResponse,
  type TNotification,
  type TNotificationSource,
  type TNotifyInput,
  type TReadAllNotificationsResponse,
  ZNotificationType,
  ZNotifyInput,
} from '@pulse/contract/notifications';
import type { TNotificationCategory } from '@pulse/contract/notification-preferences';
import type { Db } from '../../db/client';
import { NotFoundError, translateUserText, type UserText } from '../../errors/domain-errors';
import { translatorFor } from '../../i18n/translator';
import { findUserLanguage } from '../auth/users-repository';
import { categoryOfNotification, channelsFor } from '../preferences/preferences-service';
import {
  countUnreadNotifications,
  findNotificationPage,
  insertNotificationOnce,
  markAllNotificationsRead,
  markEntityNotificationsRead,
  markNotificationReadOnce,
  type NotificationRow,
  type NotificationSource,
} from './notifications-repository';

export const NOTIFICATION_NOT_FOUND_MESSAGE = contractMessage(msg`Notification not found.`);

/** The general badge counts marketplace notifications; Pulse Hub has its own badge. */
export async function getUnreadNotificationCount(db: Db, userId: string, source: NotificationSource): Promise<TUnreadCountResponse> {
  return { unreadCount: await countUnreadNotifications(db, userId, source) };
}

/** The notification as the API and the socket show it. */
export function toNotificationJson(row: NotificationRow): TNotification {
  const type = ZNotificationType.safeParse(row.type);
  return {
    id: row.id,
    // Rows are written through notify(), which validates the type; an odd legacy value still lists.
    type: type.success ? type.data : 'announcement',
    source: row.source,
    message: row.message,
    content_type: row.contentType,
    related_entity_id: row.relatedEntityId,
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

/** Runs the listeners after the caller moved on; a failing listener is logged and never reaches the caller. */
function runNotificationListeners(app: FastifyInstance, userId: string, notification: TNotification): void {
  for (const listener of app.notificationListeners) {
    void Promise.resolve()
      .then(() => listener(userId, notification))
      .catch((error: unknown) => app.log.error({ err: error, notificationId: notification.id }, 'Notification listener failed'));
  }
}

/**
 * What a module hands to `notify()`: the text is a descriptor, written in the recipient's language.
 * `category` names the person's choice that applies when the type alone does not say it (an order
 * update to the farm is "shop_orders"); by default it follows the type (categoryOfNotification).
 */
export type NotifyRequest = Omit<TNotifyInput, 'message'> & { message: UserText; category?: TNotificationCategory };

/**
 * Creates a notification for the user: its text is rendered in the recipient's language
 * (users.language, English when not chosen) and stored that way, so the list, the socket and the
 * push all read the same words, whenever the recipient reads them. Stored once per idempotency key,
 * then sent to the user's sockets as `newNotification` and handed to the listeners (web push). A
 * retry with the same key returns the stored notification and sends nothing again.
 *
 * The person's choices for its category (decision 055): with in-app off the row is stored hidden
 * and read (only so a retry stays one notification: never listed, never counted, no socket event);
 * with push off the listeners (web push) are not called.
 */
export async function notify(app: FastifyInstance, userId: string, input: NotifyRequest): Promise<TNotification> {
  const { category: requestedCategory, ...request } = input;
  const i18n = translatorFor(await findUserLanguage(app.db, userId));
  const values = ZNotifyInput.parse({ ...request, message: translateUserText(i18n, request.message) });
  const channels = await channelsFor(app.db, userId, requestedCategory ?? categoryOfNotification(values.type, values.source));
  const { row, created } = await insertNotificationOnce(app.db, {
    userId,
    type: values.type,
    source: values.source,
    message: values.message,
    contentType: values.content_type,
    relatedEntityId: values.related_entity_id,
    idempotencyKey: values.idempotencyKey,
    ...(channels.in_app ? {} : { hidden: true, readAt: new Date() }),
  });
  const notification = toNotificationJson(row);
  if (created) {
    if (!row.hidden) app.realtime.emitToUser(userId, 'newNotification', notification);
    if (channels.push) runNotificationListeners(app, userId, notification);
  }
  return notification;
}

export async function listNotifications(
  db: Db,
  userId: string,
  query: { page: number; limit: number; source?: TNotificationSource | undefined },
): Promise<TListNotificationsResponse> {
  const { rows, total, unread } = await findNotificationPage(db, userId, { page: query.page, limit: query.limit, source: query.source });
  return { items: rows.map(toNotificationJson), page: query.page, limit: query.limit, total, unread };
}

/** Only the owner may mark one read; anyone else gets the same 404 as for a missing id. */
export async function markNotificationRead(app: FastifyInstance, userId: string, id: string): Promise<TNotification> {
  const result = await markNotificationReadOnce(app.db, userId, id, new Date());
  if (!result) throw new NotFoundError(NOTIFICATION_NOT_FOUND_MESSAGE);
  const notification = toNotificationJson(result.row);
  // Tabs decrement their count on this event, so it is sent only when the count really went down.
  if (result.changed) app.realtime.emitToUser(userId, 'notificationRead', { id: notification.id, source: notification.source });
  return notification;
}

export async function markAllRead(
  app: FastifyInstance,
  userId: string,
  source: TNotificationSource | undefined,
): Promise<TReadAllNotificationsResponse> {
  const updated = await markAllNotificationsRead(app.db, userId, source, new Date());
  app.realtime.emitToUser(userId, 'allNotificationsRead', source ? { userId, source } : { userId });
  return { updated };
}

/**
 * Reading the thing a notification points at (a chat, say) reads the notification too, so the
 * Notifications badge does not keep counting what the user has already seen.
 */
export async function markEntityRead(
  app: FastifyInstance,
  userId: string,
  type: TNotification['type'],
  relatedEntityId: string,
): Promise<number> {
  const changed = await markEntityNotificationsRead(app.db, userId, type, relatedEntityId, new Date());
  for (const row of changed) app.realtime.emitToUser(userId, 'notificationRead', { id: row.id, source: row.source });
  return changed.length;
}
