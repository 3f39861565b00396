import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { OrderRow } from '../../db/schema/orders';
import { users } from '../../db/schema/users';
import type { DomainEvents, InTransactionContext } from '../../lib/domain-events';
import '../orders/order-events';
import { findFarmContacts, findOrderSummary, findPickupLocation, listOrderItems } from '../orders/orders-repository';
import { mailAttachmentName } from './mail-attachments';
import type { MailRecipient } from './mail-messages';
import { queueMail, type QueuedMail } from './mail-outbox';
import { farmNewOrderMail, orderPlacedMail, orderStatusMail, type OrderMailFacts, type OrderStatusMailKind } from './order-mail-messages';

declare module '../../lib/domain-events' {
  interface DomainEventMap {
    /** After the commit of a change that queued mail: the outbox worker sends it now rather than at its next poll. */
    'mail.queued': { count: number };
  }
}

/** The address, language, name and roles kept for a user; null when the account is gone. */
export async function findMailRecipient(db: Db, userId: string): Promise<(MailRecipient & { userId: string; roles: string[] }) | null> {
  const [row] = await db.select({ email: users.email, language: users.language, username: users.username, roles: users.roles }).from(users).where(eq(users.id, userId));
  return row ? { ...row, userId } : null;
}

/** The attachment kind of the buyer's receipt PDF: registered by the documents module. */
export const ORDER_RECEIPT_ATTACHMENT = 'order_receipt';

let holds = 0;

/**
 * Holds the transactional mail of this process until the returned release is called: the demo seed
 * places, accepts and refunds weeks of orders for its demo accounts on first start, which would
 * otherwise queue a hundred mails (and fill the log with them when mail goes to files). Security mail
 * (password reset, verification) is not held: it is queued outside these listeners.
 */
export function holdTransactionalMail(): () => void {
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
  };
}

/** Queues `mail` in the change's transaction and asks for the worker to be woken after its commit (nothing while held). */
export async function queueMailInTransaction(ctx: InTransactionContext, mail: QueuedMail): Promise<void> {
  if (holds > 0) return;
  // Null: the person turned e-mail off for this kind of event (decision 055).
  if ((await queueMail(ctx.tx, mail, { config: ctx.config })) === null) return;
  ctx.afterCommit('mail.queued', { count: 1 });
}

/** Everything the order mails show, read with the change's transaction. */
async function orderFacts(tx: Db, order: OrderRow): Promise<OrderMailFacts> {
  // One query after the other: a transaction is one connection.
  const items = await listOrderItems(tx, order.id);
  const summary = await findOrderSummary(tx, order.id);
  const shopName = summary?.shopName ?? '';
  const buyerName = summary?.buyerUsername ?? '';
  let pickupPlace: string | null = null;
  if (order.fulfilment === 'pickup') {
    const origin = await findPickupLocation(tx, order.id);
    const contacts = await findFarmContacts(tx, [order.sellerUserId]);
    const contact = contacts.get(order.sellerUserId);
    const place = origin?.region || contact?.region || '';
    const phone = contact?.phone ?? '';
    pickupPlace = [origin?.farmName || shopName, place, phone].filter(Boolean).join(', ');
  }
  const address = order.deliveryAddress;
  const deliveryAddress = address ? [address.recipientName, address.line1, address.line2, address.city, address.region, address.postalCode].filter(Boolean).join(', ') : null;
  return {
    orderId: order.id,
    shopName,
    buyerName,
    fulfilment: order.fulfilment,
    currency: order.currency,
    items: items.map((item) => ({ title: item.title, unit: item.unit, quantity: item.quantity, unitPriceMinor: item.unitPriceMinor, lineTotalMinor: item.lineTotalMinor })),
    subtotalMinor: order.subtotalMinor,
    deliveryFeeMinor: order.deliveryFeeMinor,
    totalMinor: order.totalMinor,
    confirmationCode: order.confirmationCode,
    slotStartsAt: order.slotStartsAt,
    slotEndsAt: order.slotEndsAt,
    pickupPlace,
    deliveryAddress: order.fulfilment === 'delivery' ? deliveryAddress : null,
  };
}

type StatusMail = { kind: OrderStatusMailKind; to: 'buyer' | 'seller'; reason: string | null };

/** Which mails a transition sends, to whom (none: empty). The one who acted is left out by the caller. */
function statusMailsOf(order: OrderRow, fromStatus: OrderRow['status'] | null, trigger: string): StatusMail[] {
  switch (order.status) {
    case 'accepted':
      return [{ kind: 'order_accepted', to: 'buyer', reason: null }];
    case 'ready':
      // A failed delivery brings the order back to ready: the delivery task's own messages tell of it.
      return trigger === 'delivery_failed' ? [] : [{ kind: 'order_ready', to: 'buyer', reason: null }];
    case 'in_transit':
      return [{ kind: 'order_in_transit', to: 'buyer', reason: null }];
    case 'delivered':
      return [{ kind: 'order_delivered', to: 'buyer', reason: null }];
    case 'cancelled':
      // An order never paid lapses or is dropped without a receipt to undo. A paid one: both sides
      // hear of it (the buyer of the money back, the farm not to prepare it), but whoever cancelled.
      return fromStatus === 'pending_payment'
        ? []
        : [
            { kind: 'order_cancelled', to: 'buyer', reason: order.cancelReason },
            { kind: 'farm_order_cancelled', to: 'seller', reason: order.cancelReason },
          ];
    case 'refunded':
      return [{ kind: 'refund_approved', to: 'buyer', reason: null }];
    case 'refund_rejected':
      return [{ kind: 'refund_rejected', to: 'buyer', reason: order.refundDecisionReason }];
    case 'refund_requested':
      return [{ kind: 'refund_requested', to: 'seller', reason: order.refundReason }];
    default:
      return [];
  }
}

/**
 * Order mail (issue 25, item 4), queued in the order's transaction so it is sent only if the change
 * commits: the buyer's receipt and the farm's new order when the order is paid, then the buyer's
 * status mails and the farm's refund requested on each transition. The outbox is woken after the commit.
 */
export function registerOrderMailListeners(events: DomainEvents): void {
  events.onTransaction('order.paid', 'mail.order-placed', async ({ order }, ctx) => {
    const buyer = await findMailRecipient(ctx.tx, order.buyerUserId);
    const seller = await findMailRecipient(ctx.tx, order.sellerUserId);
    const facts = await orderFacts(ctx.tx, order);
    const config = ctx.config;
    if (buyer) {
      const content = orderPlacedMail(config, buyer, facts);
      // The receipt PDF, rendered by the documents module when the mail is sent (decision 061).
      const attachment = mailAttachmentName(ORDER_RECEIPT_ATTACHMENT, order.id, content.language);
      await queueMailInTransaction(ctx, { kind: 'order_placed', category: 'receipt', to: buyer.email, userId: buyer.userId, content, attachment });
    }
    if (seller) {
      await queueMailInTransaction(ctx, { kind: 'farm_new_order', category: 'shop_orders', to: seller.email, userId: seller.userId, content: farmNewOrderMail(config, seller, facts) });
    }
  });

  events.onTransaction('order.status_changed', 'mail.order-status', async ({ order, event, transition }, ctx) => {
    for (const mail of statusMailsOf(order, event.fromStatus, transition.trigger)) {
      const userId = mail.to === 'buyer' ? order.buyerUserId : order.sellerUserId;
      if (userId === event.actorUserId) continue;
      const recipient = await findMailRecipient(ctx.tx, userId);
      if (!recipient) continue;
      const facts = await orderFacts(ctx.tx, order);
      await queueMailInTransaction(ctx, {
        kind: mail.kind,
        category: mail.to === 'buyer' ? 'orders' : 'shop_orders',
        to: recipient.email,
        userId,
        content: orderStatusMail(ctx.config, recipient, mail.kind, facts, { reason: mail.reason, refundedMinor: order.refundedMinor }),
      });
    }
  });

  events.afterCommit('mail.queued', 'mail.wake-outbox', (_payload, app) => {
    app.mailOutbox.wake();
  });
}
