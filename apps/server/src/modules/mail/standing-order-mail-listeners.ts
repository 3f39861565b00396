import { eq } from 'drizzle-orm';
import { standingOrderCycles } from '../../db/schema/standing-orders';
import type { DomainEvents } from '../../lib/domain-events';
import { translatorFor } from '../../i18n/translator';
import { readStandingLinesForCheckout } from '../standing-orders/standing-cycle-repository';
import { cycleReasonText } from '../standing-orders/standing-cycle-engine';
import { missingMinorOf } from '../standing-orders/standing-order-notification-listeners';
import '../standing-orders/standing-order-events';
import { getWalletBalances } from '../wallet/ledger-service';
import { findMailRecipient, queueMailInTransaction } from './order-mail-listeners';
import { standingCycleMail, standingOrderCreatedMail, type StandingCycleMailStatus } from './standing-order-mail-messages';

/** The cycle states that send a mail: 'placed' does not (its order sends the receipt, order.paid). */
const MAILED: ReadonlySet<string> = new Set<StandingCycleMailStatus>(['upcoming', 'partly_placed', 'held_price', 'held_funds', 'skipped', 'no_slot', 'missed', 'failed']);

/**
 * Weekly basket mail (issue 28, decision 064), queued in the transaction of the cycle (or of the
 * making) so it is sent only if that commits, once per cycle state: the engine publishes a cycle's
 * event only when its status changed. In the buyer's language; category 'orders', the buyer's
 * "orders" e-mail choice (the in-app and push notices are the type standing_order_update, counted there too).
 */
export function registerStandingOrderMailListeners(events: DomainEvents): void {
  events.onTransaction('standing_order.created', 'mail.standing-order-created', async (created, ctx) => {
    const buyer = await findMailRecipient(ctx.tx, created.buyerUserId);
    if (!buyer) return;
    await queueMailInTransaction(ctx, {
      kind: 'standing_order_created',
      category: 'orders',
      to: buyer.email,
      userId: buyer.userId,
      content: standingOrderCreatedMail(ctx.config, buyer, created),
    });
  });

  events.onTransaction('standing_order.cycle', 'mail.standing-order-cycle', async (event, ctx) => {
    if (!MAILED.has(event.status)) return;
    const status = event.status as StandingCycleMailStatus;
    const buyer = await findMailRecipient(ctx.tx, event.buyerUserId);
    if (!buyer) return;
    const currency = ctx.config.currency;
    const [cycle] = await ctx.tx.select({ reason: standingOrderCycles.reason }).from(standingOrderCycles).where(eq(standingOrderCycles.id, event.cycleId));
    const reason = cycle?.reason ?? null;
    let missingMinor: number | null = null;
    if (status === 'held_funds') missingMinor = missingMinorOf(reason);
    if (status === 'upcoming' && event.totalMinor !== null) {
      // The day-before reminder: a wallet short now is told to top up before the cut-off.
      const { availableMinor } = await getWalletBalances(ctx.tx, event.buyerUserId);
      missingMinor = event.totalMinor > availableMinor ? event.totalMinor - availableMinor : null;
    }
    const lines = status === 'upcoming' ? await readStandingLinesForCheckout(ctx.tx, event.standingOrderId) : [];
    const leftOutIds = new Set(event.leftOut.map((line) => line.productId));
    await queueMailInTransaction(ctx, {
      kind: `standing_order_${status}`,
      category: 'orders',
      to: buyer.email,
      userId: buyer.userId,
      content: standingCycleMail(ctx.config, buyer, {
        standingOrderId: event.standingOrderId,
        shopName: event.shopName,
        currency,
        cycleDate: event.cycleDate,
        status,
        slotStartsAt: event.slotStartsAt,
        cutoffAt: event.cutoffAt,
        totalMinor: event.totalMinor,
        orderId: event.orderId,
        lines: lines.filter((line) => !leftOutIds.has(line.productId)).map((line) => ({ title: line.title, unit: line.unit, quantity: line.quantity, priceMinor: line.priceMinor })),
        leftOut: event.leftOut,
        missingMinor,
        reasonText: status === 'failed' ? cycleReasonText(reason, translatorFor(buyer.language), currency) : null,
      }),
    });
  });
}
