import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { deliverySlots } from '../../../db/schema/delivery-slots';
import { orders } from '../../../db/schema/orders';
import { standingOrderCycles, standingOrderLines, standingOrders, type StandingOrderCycleRow } from '../../../db/schema/standing-orders';
import { minuteOfWeek } from '../standing-order-calendar';

/**
 * A weekly basket as the buyer's routes make one (decision 064), written straight to the tables so
 * the engine's tests do not depend on those routes: the first slot's start is the pattern, its day
 * the first cycle.
 */
export const WEEK_MS = 7 * 86_400_000;
export const HOUR_MS = 3_600_000;

/** Thursday 3 December 2026, 09:00 UTC: the first cycle's slot start in the engine's tests. */
export const FIRST_SLOT_START = new Date('2026-12-03T09:00:00Z');

/** The farm's weekly pickup slot of week `week` (0 = the first cycle), cut-off 12 h before its start. */
export async function createWeeklySlot(app: FastifyInstance, sellerUserId: string, week: number, values: { capacity?: number | null; start?: Date } = {}): Promise<{ id: string; startsAt: Date; cutoffAt: Date }> {
  const startsAt = values.start ?? new Date(FIRST_SLOT_START.getTime() + week * WEEK_MS);
  const cutoffAt = new Date(startsAt.getTime() - 12 * HOUR_MS);
  const [row] = await app.db
    .insert(deliverySlots)
    .values({ sellerUserId, method: 'pickup', startsAt, endsAt: new Date(startsAt.getTime() + 3 * HOUR_MS), cutoffAt, capacity: values.capacity ?? null })
    .returning({ id: deliverySlots.id });
  if (!row) throw new Error('slot not inserted');
  return { id: row.id, startsAt, cutoffAt };
}

/** The cycle's times: announced 24 h and placed 12 h before the slot's cut-off. */
export function cycleTimes(week: number): { announce: Date; place: Date; cutoff: Date; cycleDate: string } {
  const start = FIRST_SLOT_START.getTime() + week * WEEK_MS;
  const cutoff = start - 12 * HOUR_MS;
  return {
    announce: new Date(cutoff - 24 * HOUR_MS + 60_000),
    place: new Date(cutoff - 12 * HOUR_MS + 60_000),
    cutoff: new Date(cutoff + 60_000),
    cycleDate: new Date(start).toISOString().slice(0, 10),
  };
}

export async function createStandingOrder(
  app: FastifyInstance,
  values: { buyerUserId: string; sellerUserId: string; lines: Array<{ productId: string; quantity: number; acceptedUnitPriceMinor: number }>; priceIncreaseLimitPercent?: number; endsOn?: string | null },
): Promise<string> {
  const [row] = await app.db
    .insert(standingOrders)
    .values({
      buyerUserId: values.buyerUserId,
      sellerUserId: values.sellerUserId,
      fulfilment: 'pickup',
      slotMinuteOfWeek: minuteOfWeek(FIRST_SLOT_START),
      intervalWeeks: 1,
      startsOn: FIRST_SLOT_START.toISOString().slice(0, 10),
      endsOn: values.endsOn ?? null,
      priceIncreaseLimitPercent: values.priceIncreaseLimitPercent ?? 10,
    })
    .returning({ id: standingOrders.id });
  if (!row) throw new Error('standing order not inserted');
  await app.db.insert(standingOrderLines).values(values.lines.map((line) => ({ standingOrderId: row.id, ...line })));
  return row.id;
}

export async function cyclesOf(app: FastifyInstance, standingOrderId: string): Promise<StandingOrderCycleRow[]> {
  return app.db.select().from(standingOrderCycles).where(eq(standingOrderCycles.standingOrderId, standingOrderId)).orderBy(standingOrderCycles.cycleDate);
}

export async function cycleOf(app: FastifyInstance, standingOrderId: string, cycleDate: string): Promise<StandingOrderCycleRow | null> {
  const [row] = await app.db
    .select()
    .from(standingOrderCycles)
    .where(and(eq(standingOrderCycles.standingOrderId, standingOrderId), eq(standingOrderCycles.cycleDate, cycleDate)));
  return row ?? null;
}

export async function ordersOfBuyer(app: FastifyInstance, buyerUserId: string) {
  return app.db.select().from(orders).where(eq(orders.buyerUserId, buyerUserId));
}

/**
 * A weekly basket of `buyerUserId` with a new farm whose next cycle (in two days) is held for its
 * price: the confirm route's case. The farm's slot is open; the buyer's wallet pays it.
 */
export async function insertHeldPriceCycle(app: FastifyInstance, buyerUserId: string, sellerUserId: string, productId: string, slot: { id: string; startsAt: Date; cutoffAt: Date }): Promise<{ standingOrderId: string; cycleId: string }> {
  const [standingOrder] = await app.db
    .insert(standingOrders)
    .values({
      buyerUserId,
      sellerUserId,
      fulfilment: 'pickup',
      slotMinuteOfWeek: minuteOfWeek(slot.startsAt),
      intervalWeeks: 1,
      startsOn: slot.startsAt.toISOString().slice(0, 10),
    })
    .returning({ id: standingOrders.id });
  if (!standingOrder) throw new Error('standing order not inserted');
  await app.db.insert(standingOrderLines).values({ standingOrderId: standingOrder.id, productId, quantity: 1, acceptedUnitPriceMinor: 1 });
  const [cycle] = await app.db
    .insert(standingOrderCycles)
    .values({
      standingOrderId: standingOrder.id,
      cycleDate: slot.startsAt.toISOString().slice(0, 10),
      status: 'held_price',
      slotId: slot.id,
      slotStartsAt: slot.startsAt,
      cutoffAt: slot.cutoffAt,
      reason: 'price_above_limit',
    })
    .returning({ id: standingOrderCycles.id });
  if (!cycle) throw new Error('cycle not inserted');
  return { standingOrderId: standingOrder.id, cycleId: cycle.id };
}
