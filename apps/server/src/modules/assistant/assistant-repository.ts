import { and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { TAssistantBlock, TAssistantContext, TAssistantIntent } from '@pulse/contract/assistant';
import type { Db } from '../../db/client';
import { addresses } from '../../db/schema/addresses';
import { assistantMessages, type AssistantMessageRow } from '../../db/schema/assistant';
import { deliveryTasks } from '../../db/schema/delivery-tasks';
import { orders } from '../../db/schema/orders';

/** The Pulse Assistant's reads and writes of its own table and the few lookups its tools need. */

export interface NewAssistantMessage {
  userId: string;
  role: 'user' | 'assistant';
  text: string;
  blocks: TAssistantBlock[];
  suggestions: string[];
  intent: TAssistantIntent | null;
  source: 'user' | 'engine' | 'model';
  context: TAssistantContext | null;
}

/** Inserts the messages (in order) and drops the user's oldest ones beyond `keep`. */
export async function insertMessagesAndTrim(db: Db, rows: readonly NewAssistantMessage[], keep: number): Promise<AssistantMessageRow[]> {
  if (rows.length === 0) return [];
  const userId = rows[0]!.userId;
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(assistantMessages).values([...rows]).returning();
    // The (keep+1)-th newest row, if any: it and everything older go.
    const [cut] = await tx
      .select({ id: assistantMessages.id, createdAt: assistantMessages.createdAt })
      .from(assistantMessages)
      .where(eq(assistantMessages.userId, userId))
      .orderBy(desc(assistantMessages.createdAt), desc(assistantMessages.id))
      .offset(keep)
      .limit(1);
    if (cut) {
      await tx
        .delete(assistantMessages)
        .where(
          and(
            eq(assistantMessages.userId, userId),
            or(
              lt(assistantMessages.createdAt, cut.createdAt),
              and(eq(assistantMessages.createdAt, cut.createdAt), sql`${assistantMessages.id} <= ${cut.id}`),
            ),
          ),
        );
    }
    return inserted;
  });
}

/** The user's last `limit` messages, oldest first. */
export async function listRecentMessages(db: Db, userId: string, limit: number): Promise<AssistantMessageRow[]> {
  const rows = await db
    .select()
    .from(assistantMessages)
    .where(eq(assistantMessages.userId, userId))
    .orderBy(desc(assistantMessages.createdAt), desc(assistantMessages.id))
    .limit(limit);
  return rows.reverse();
}

/** The context stored with the user's latest assistant answer (null when none). */
export async function findLastContext(db: Db, userId: string): Promise<TAssistantContext | null> {
  const [row] = await db
    .select({ context: assistantMessages.context })
    .from(assistantMessages)
    .where(and(eq(assistantMessages.userId, userId), eq(assistantMessages.role, 'assistant')))
    .orderBy(desc(assistantMessages.createdAt), desc(assistantMessages.id))
    .limit(1);
  return row?.context ?? null;
}

export async function deleteMessages(db: Db, userId: string): Promise<void> {
  await db.delete(assistantMessages).where(eq(assistantMessages.userId, userId));
}

/**
 * The id of the buyer's own order whose number (last 8 characters of the id, as order pages show
 * it) is `number`; another user's order is simply not found.
 */
export async function findBuyerOrderIdByNumber(db: Db, buyerUserId: string, number: string): Promise<string | null> {
  const suffix = number.toLowerCase().replace(/[^0-9a-f-]/g, '');
  if (suffix.length < 4) return null;
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.buyerUserId, buyerUserId), sql`${orders.id}::text like ${`%${suffix}`}`))
    .orderBy(desc(orders.id))
    .limit(1);
  return row?.id ?? null;
}

/** Delivery task states of the given orders, by order id (one statement). */
export async function findTaskStatusesByOrder(db: Db, orderIds: readonly string[]): Promise<Map<string, (typeof deliveryTasks.$inferSelect)['status']>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: deliveryTasks.orderId, status: deliveryTasks.status })
    .from(deliveryTasks)
    .where(inArray(deliveryTasks.orderId, [...orderIds]));
  return new Map(rows.map((row) => [row.orderId, row.status]));
}

/** The user's default address with coordinates (else their newest one with coordinates), for "near me". */
export async function findHomePoint(db: Db, userId: string): Promise<{ name: string; lat: number; lng: number } | null> {
  const [row] = await db
    .select({ city: addresses.city, region: addresses.region, lat: addresses.lat, lng: addresses.lng })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), sql`${addresses.lat} is not null and ${addresses.lng} is not null`))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), asc(addresses.id))
    .limit(1);
  if (!row || row.lat === null || row.lng === null) return null;
  return { name: row.city || row.region || 'your address', lat: row.lat, lng: row.lng };
}
