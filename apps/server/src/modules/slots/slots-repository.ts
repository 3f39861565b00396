import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deliverySlots, type DeliverySlotRow } from '../../db/schema/delivery-slots';

export type FulfilmentMethod = DeliverySlotRow['method'];

/** How many open slots a list shows at most (a seller publishes a few weeks ahead). */
export const OPEN_SLOTS_LIMIT = 60;

/** Slots still bookable at `now`: cut-off not passed and capacity left; soonest first. */
export async function listOpenSlots(
  db: Db,
  sellerUserIds: readonly string[],
  now: Date,
  method?: FulfilmentMethod,
): Promise<DeliverySlotRow[]> {
  if (sellerUserIds.length === 0) return [];
  return db
    .select()
    .from(deliverySlots)
    .where(
      and(
        inArray(deliverySlots.sellerUserId, [...sellerUserIds]),
        method ? eq(deliverySlots.method, method) : undefined,
        gt(deliverySlots.cutoffAt, now),
        or(isNull(deliverySlots.capacity), lt(deliverySlots.bookedCount, deliverySlots.capacity)),
      ),
    )
    .orderBy(asc(deliverySlots.startsAt), asc(deliverySlots.id))
    .limit(OPEN_SLOTS_LIMIT * sellerUserIds.length);
}

export async function insertSlot(
  db: Db,
  values: { sellerUserId: string; method: FulfilmentMethod; startsAt: Date; endsAt: Date; cutoffAt: Date; capacity: number | null },
): Promise<DeliverySlotRow> {
  const [row] = await db.insert(deliverySlots).values(values).returning();
  if (!row) throw new Error('slot not inserted');
  return row;
}

/** Deletes the seller's own slot; false when there is no such slot of theirs. */
export async function deleteOwnSlot(db: Db, sellerUserId: string, slotId: string): Promise<boolean> {
  const rows = await db
    .delete(deliverySlots)
    .where(and(eq(deliverySlots.id, slotId), eq(deliverySlots.sellerUserId, sellerUserId)))
    .returning({ id: deliverySlots.id });
  return rows.length > 0;
}

export async function findSlot(db: Db, slotId: string): Promise<DeliverySlotRow | undefined> {
  const [row] = await db.select().from(deliverySlots).where(eq(deliverySlots.id, slotId));
  return row;
}

/**
 * Books one place in the slot with a single conditional UPDATE: the database decides who gets the
 * last place. Undefined when the slot is not the seller's, has another method, is past its cut-off
 * or is full.
 */
export async function bookSlot(
  db: Db,
  input: { slotId: string; sellerUserId: string; method: FulfilmentMethod; now: Date },
): Promise<DeliverySlotRow | undefined> {
  const [row] = await db
    .update(deliverySlots)
    .set({ bookedCount: sql`${deliverySlots.bookedCount} + 1` })
    .where(
      and(
        eq(deliverySlots.id, input.slotId),
        eq(deliverySlots.sellerUserId, input.sellerUserId),
        eq(deliverySlots.method, input.method),
        gt(deliverySlots.cutoffAt, input.now),
        or(isNull(deliverySlots.capacity), lt(deliverySlots.bookedCount, deliverySlots.capacity)),
      ),
    )
    .returning();
  return row;
}

/** Gives the place back when an order is cancelled or lapses. */
export async function releaseSlot(db: Db, slotId: string): Promise<void> {
  await db
    .update(deliverySlots)
    .set({ bookedCount: sql`greatest(${deliverySlots.bookedCount} - 1, 0)` })
    .where(eq(deliverySlots.id, slotId));
}
