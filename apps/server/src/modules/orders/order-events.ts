import type { TOrderActor } from '@pulse/contract/orders';
import type { OrderEventRow, OrderRow } from '../../db/schema/orders';
import type { OrderTransition, OrderTrigger } from './order-state-machine';

/**
 * The events the orders module publishes on the domain-event seam (lib/domain-events.ts, decision
 * 052). Orders know no consumer: delivery, referrals, notifications and the admin audit log listen.
 */

/** A committed (or committing) transition of the state machine. */
export interface TransitionOutcomeEvent {
  /** The order after the transition. */
  order: OrderRow;
  /** The order's history row of this transition (from, to, actor, note). */
  event: OrderEventRow;
  transition: OrderTransition;
  actor: TOrderActor;
}

export interface OrderMoneyEvent {
  /** The order as it was when its money moved (amounts and parties; status not yet updated). */
  order: OrderRow;
}

declare module '../../lib/domain-events' {
  interface DomainEventMap {
    /**
     * In the transaction: every transition, after the order row and its history row are written.
     * After the commit: the same, with who acted (never told of their own step; null for timers).
     */
    'order.status_changed': TransitionOutcomeEvent & { actingUserId?: string | null };
    /** In the transaction, right after the buyer's money went into escrow ('charge_wallet'). Also "order placed": the farm sees an order once paid. */
    'order.paid': OrderMoneyEvent;
    /** In the transaction, right after escrow went back to the buyer ('refund_escrow' of a paid order: a cancellation or an approved refund). */
    'order.refunded': OrderMoneyEvent & { refundedMinor: number };
    /** In the transaction, right after escrow was released to the farm ('release_escrow': the order completes). */
    'order.completed': OrderMoneyEvent;
    /** In the transaction, after a transition to `cancelled` (by a person, or the payment window lapsed). */
    'order.cancelled': { order: OrderRow; reason: string | null; trigger: OrderTrigger };
    /**
     * A person's order action (POST /api/orders/{id}/actions), in its transaction, before the order
     * row is locked: listeners take their own locks first (one lock order everywhere: task, then order).
     */
    'order.action_locking': { orderId: string };
    /** A person's order action on the locked order, before the transition: a listener refuses it by throwing a domain error. */
    'order.action_requested': { order: OrderRow; trigger: OrderTrigger };
    /** A person's order action, in its transaction, after the transition. */
    'order.action_performed': TransitionOutcomeEvent & { trigger: OrderTrigger; fromStatus: OrderRow['status']; actingUserId: string };
    /** After the commit: the farm recorded final weights; `returnedMinor` went back to the buyer's wallet. */
    'order.weights_recorded': { order: OrderRow; event: OrderEventRow; returnedMinor: number };
    /** After a pass of the order timers (every 30 s in process): other timers ride along. */
    'order.timers_swept': { now: Date };
  }
}
