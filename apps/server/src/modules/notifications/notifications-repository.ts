import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema/notifications';

export type NotificationSource = (typeof notifications.source.enumValues)[number];
export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert & { idempotencyKey: string };

export async function countUnreadNotifications(db: Db, userId: string, source: NotificationSource): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.source, source), isNull(notifications.readAt), eq(notifications.hidden, false)));
  return row?.value ?? 0;
}

/**
 * Stores the notification unless the user already has one with this idempotency key; a retried
 * event then gets the stored row back, and `created` says which case it was.
 */
export async function insertNotificationOnce(db: Db, values: NewNotificationRow): Promise<{ row: NotificationRow; created: boolean }> {
  const [inserted] = await db
    .insert(notifications)
    .values(values)
    .onConflictDoNothing({ target: [notifications.userId, notifications.idempotencyKey] })
    .returning();
  if (inserted) return { row: inserted, created: true };
  const [existing] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, values.userId), eq(notifications.idempotencyKey, values.idempotencyKey)));
  if (!existing) throw new Error('Notification insert conflicted but no stored row was found');
  return { row: existing, created: false };
}

/** The user's notifications (of one source if given); hidden ones (in-app turned off) are never shown. */
function ownedBy(userId: string, source: NotificationSource | undefined): SQL | undefined {
  const mine = and(eq(notifications.userId, userId), eq(notifications.hidden, false));
  return source ? and(mine, eq(notifications.source, source)) : mine;
}

export interface NotificationPage {
  rows: NotificationRow[];
  total: number;
  unread: number;
}

/** One page of the user's notifications, newest first (UUIDv7 ids break ties in creation order). */
export async function findNotificationPage(
  db: Db,
  userId: string,
  options: { page: number; limit: number; source: NotificationSource | undefined },
): Promise<NotificationPage> {
  const where = ownedBy(userId, options.source);
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(options.limit)
    .offset((options.page - 1) * options.limit);
  const [totals] = await db.select({ value: count() }).from(notifications).where(where);
  const [unread] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(where, isNull(notifications.readAt)));
  return { rows, total: totals?.value ?? 0, unread: unread?.value ?? 0 };
}

/** The row when it exists and belongs to the user; `changed` is false when it was already read. */
export async function markNotificationReadOnce(
  db: Db,
  userId: string,
  id: string,
  now: Date,
): Promise<{ row: NotificationRow; changed: boolean } | null> {
  const [updated] = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.id, id), ownedBy(userId, undefined), isNull(notifications.readAt)))
    .returning();
  if (updated) return { row: updated, changed: true };
  const [existing] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), ownedBy(userId, undefined)));
  return existing ? { row: existing, changed: false } : null;
}

/** Marks every unread notification of the user (within one source if given) read; returns how many. */
export async function markAllNotificationsRead(db: Db, userId: string, source: NotificationSource | undefined, now: Date): Promise<number> {
  const updated = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(ownedBy(userId, source), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return updated.length;
}

/** Marks the user's unread notifications of one type about one entity read; returns the changed rows. */
export async function markEntityNotificationsRead(
  db: Db,
  userId: string,
  type: string,
  relatedEntityId: string,
  now: Date,
): Promise<{ id: string; source: NotificationSource }[]> {
  return db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.type, type),
        eq(notifications.relatedEntityId, relatedEntityId),
        isNull(notifications.readAt),
      ),
    )
    .returning({ id: notifications.id, source: notifications.source });
}
