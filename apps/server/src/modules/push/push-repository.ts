import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pushSubscriptions, type PushSubscriptionRow } from '../../db/schema/push-subscriptions';

export interface PushSubscriptionInput {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Inserts, or takes over the row with the same endpoint (the browser is now this user's). */
export async function upsertPushSubscription(db: Db, userId: string, input: PushSubscriptionInput): Promise<PushSubscriptionRow> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ userId, ...input })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: input.p256dh, auth: input.auth, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('Upserting a push subscription returned no row');
  return row;
}

/** Deletes all but the `keep` most recently saved subscriptions of the user. */
export async function trimPushSubscriptions(db: Db, userId: string, keep: number): Promise<void> {
  const newest = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.id))
    .limit(keep);
  if (newest.length < keep) return;
  await db.delete(pushSubscriptions).where(
    and(
      eq(pushSubscriptions.userId, userId),
      notInArray(
        pushSubscriptions.id,
        newest.map((row) => row.id),
      ),
    ),
  );
}

export async function listPushSubscriptions(db: Db, userId: string): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** Deletes the user's subscription with this endpoint; false when the user has none such. */
export async function deletePushSubscription(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return deleted.length > 0;
}

export async function deletePushSubscriptionsById(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}
