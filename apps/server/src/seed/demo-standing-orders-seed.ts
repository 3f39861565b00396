import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { basketItems } from '../db/schema/basket-items';
import { deliverySlots } from '../db/schema/delivery-slots';
import { products } from '../db/schema/products';
import { standingOrderCycles, standingOrderLines, standingOrders, type StandingCycleLeftOut } from '../db/schema/standing-orders';
import type { UserRow } from '../db/schema/users';
import { placeCheckout } from '../modules/checkout/checkout-service';
import { dayOf, minuteOfWeek } from '../modules/standing-orders/standing-order-calendar';
import { STANDING_ORDER_PLACE_HOURS_BEFORE_CUTOFF } from '@pulse/contract/standing-orders';
import { demoMinor } from './demo-money';
import type { carryOrder as CarryOrder } from './demo-history-seed';
import { createRandom } from './random';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** The weekly basket's next pickup is this many days after the seed's day; its past cycles were 1, 2 and 3 weeks before that. */
const NEXT_CYCLE_IN_DAYS = 3;
const PAST_CYCLES = 3;
/** Lines of the basket; the last one was sold out in the latest cycle, which went without it. */
const LINES = 3;

/**
 * The demo buyer's weekly basket from the demo seller (issue 28): a Saturday-style pickup every
 * week, three past cycles placed as the cycle engine places them (cut-off - 12 h, through the
 * checkout with the cycle's own key, paid from the wallet, then collected and confirmed), the
 * latest one without its third line (sold out that week), and the next cycle a few days ahead at
 * the farm's open slot. The standing order is stored at once; each past cycle is placed when the
 * history's timeline reaches its time (`place` returns the order's id), so order ids follow time.
 */
export async function planDemoWeeklyBasket(
  app: FastifyInstance,
  now: Date,
  input: { buyer: UserRow; farm: UserRow; carryOrder: typeof CarryOrder; ensureFunds: (buyer: UserRow, at: Date) => Promise<void> },
): Promise<Array<{ placedAt: Date; place: () => Promise<string> }>> {
  const { db } = app;
  const { buyer, farm } = input;
  const random = createRandom(20_261_128);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const [nextSlot] = await db
    .select()
    .from(deliverySlots)
    .where(and(eq(deliverySlots.sellerUserId, farm.id), eq(deliverySlots.method, 'pickup'), gte(deliverySlots.startsAt, new Date(today + NEXT_CYCLE_IN_DAYS * DAY_MS))))
    .orderBy(asc(deliverySlots.startsAt))
    .limit(1);
  if (!nextSlot) throw new Error('demo seed: the demo seller has no pickup slot for the weekly basket');
  const rows = await db
    .select({ id: products.id, title: products.title, priceMinor: products.priceMinor, min: products.minOrderQuantity })
    .from(products)
    .where(
      and(
        eq(products.sellerUserId, farm.id),
        eq(products.status, 'active'),
        gte(sql`${products.stockQuantity} - ${products.reservedQuantity}`, sql`10 * ${products.minOrderQuantity} + 20`),
        sql`${products.priceMinor} * ${products.minOrderQuantity} <= ${demoMinor(1500, app.config.currency)}`,
      ),
    )
    .orderBy(asc(products.id))
    .limit(LINES);
  if (rows.length < LINES) throw new Error('demo seed: the demo seller has too few products in stock for a weekly basket');
  const lines = rows.map((row) => ({ ...row, quantity: Math.max(row.min, 2) }));

  const slotLength = nextSlot.endsAt.getTime() - nextSlot.startsAt.getTime();
  const cutoffBefore = nextSlot.startsAt.getTime() - nextSlot.cutoffAt.getTime();
  const cycleStarts = Array.from({ length: PAST_CYCLES }, (_, index) => nextSlot.startsAt.getTime() - (PAST_CYCLES - index) * 7 * DAY_MS);
  const firstPlacedAt = new Date(cycleStarts[0]! - cutoffBefore - STANDING_ORDER_PLACE_HOURS_BEFORE_CUTOFF * HOUR_MS);
  const [standing] = await db
    .insert(standingOrders)
    .values({
      buyerUserId: buyer.id,
      sellerUserId: farm.id,
      fulfilment: 'pickup',
      slotMinuteOfWeek: minuteOfWeek(nextSlot.startsAt),
      intervalWeeks: 1,
      startsOn: dayOf(new Date(cycleStarts[0]!)),
      createdAt: new Date(firstPlacedAt.getTime() - 2 * DAY_MS),
      updatedAt: new Date(firstPlacedAt.getTime() - 2 * DAY_MS),
    })
    .returning();
  if (!standing) throw new Error('demo seed: the weekly basket was not stored');
  await db.insert(standingOrderLines).values(lines.map((line) => ({ standingOrderId: standing.id, productId: line.id, quantity: line.quantity, acceptedUnitPriceMinor: line.priceMinor })));

  return cycleStarts.map((startsAt, index) => {
    const cycleDate = dayOf(new Date(startsAt));
    const cutoffAt = new Date(startsAt - cutoffBefore);
    const placedAt = new Date(cutoffAt.getTime() - STANDING_ORDER_PLACE_HOURS_BEFORE_CUTOFF * HOUR_MS);
    const place = async (): Promise<string> => {
      // The latest cycle went without the last line: it was sold out that week.
      const partly = index === cycleStarts.length - 1;
      const ordered = partly ? lines.slice(0, -1) : lines;
      const leftOut: StandingCycleLeftOut[] = partly ? lines.slice(-1).map((line) => ({ productId: line.id, title: line.title, quantity: line.quantity, reason: 'sold_out' as const })) : [];
      const [slot] = await db
        .insert(deliverySlots)
        .values({ sellerUserId: farm.id, method: 'pickup', startsAt: new Date(startsAt), endsAt: new Date(startsAt + slotLength), cutoffAt, capacity: nextSlot.capacity })
        .returning({ id: deliverySlots.id });
      if (!slot) throw new Error('demo seed: a weekly basket slot was not stored');
      await input.ensureFunds(buyer, placedAt);
      await db.delete(basketItems).where(eq(basketItems.userId, buyer.id));
      await db.insert(basketItems).values(ordered.map((line) => ({ userId: buyer.id, productId: line.id, quantity: line.quantity })));
      const { response } = await placeCheckout(
        app,
        buyer,
        `standing-order:${standing.id}:${cycleDate}`,
        { addressId: null, payNow: true, sellers: [{ sellerUserId: farm.id, fulfilment: 'pickup', slotId: slot.id }] },
        placedAt,
      );
      const order = response.orders[0];
      if (!order) throw new Error('demo seed: a weekly basket cycle placed no order');
      await input.carryOrder(app, { buyer, farm, orderId: order.id, placedAt, stage: 'completed', slotDay: Date.UTC(new Date(startsAt).getUTCFullYear(), new Date(startsAt).getUTCMonth(), new Date(startsAt).getUTCDate()), now, random });
      await db.insert(standingOrderCycles).values({
        standingOrderId: standing.id,
        cycleDate,
        status: partly ? 'partly_placed' : 'placed',
        slotId: slot.id,
        slotStartsAt: new Date(startsAt),
        cutoffAt,
        orderId: order.id,
        totalMinor: order.totalMinor,
        leftOut,
        createdAt: new Date(placedAt.getTime() - 12 * HOUR_MS),
        updatedAt: placedAt,
      });
      return order.id;
    };
    return { placedAt, place };
  });
}
