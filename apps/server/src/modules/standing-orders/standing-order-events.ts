import type { StandingCycleLeftOut } from '../../db/schema/standing-orders';

/**
 * What the weekly baskets module publishes (decision 064). The service publishes `created` when a
 * buyer makes one; the cycle engine publishes `cycle` each time a cycle reaches a state the buyer
 * is told of. Notifications (in the app, push, mail) are listeners of these, so the service and
 * the engine import none of them.
 */
export interface StandingOrderCreatedEvent {
  standingOrderId: string;
  buyerUserId: string;
  sellerUserId: string;
  shopName: string;
  /** The first cycle's day (YYYY-MM-DD) and its slot's start. */
  firstCycleDate: string;
  firstSlotStartsAt: Date | null;
}

/**
 * A cycle announced (upcoming, a day before its cut-off), placed, partly placed, held (price or
 * money; sent again as the day-before reminder of a held cycle), skipped (by the buyer, or no slot),
 * missed or failed.
 */
export interface StandingCycleEvent {
  standingOrderId: string;
  cycleId: string;
  cycleDate: string;
  buyerUserId: string;
  sellerUserId: string;
  shopName: string;
  status: 'upcoming' | 'placed' | 'partly_placed' | 'held_price' | 'held_funds' | 'skipped' | 'no_slot' | 'missed' | 'failed';
  /** True for the reminder of a cycle already held (the same status, told again before the cut-off). */
  reminder: boolean;
  orderId: string | null;
  totalMinor: number | null;
  slotStartsAt: Date | null;
  cutoffAt: Date | null;
  leftOut: StandingCycleLeftOut[];
}

/** A product paused or archived that weekly baskets hold: each of their buyers is told once. */
export interface StandingProductWithdrawnEvent {
  productId: string;
  title: string;
  sellerUserId: string;
  shopName: string;
  status: 'paused' | 'archived';
  buyerUserIds: string[];
}

declare module '../../lib/domain-events' {
  interface DomainEventMap {
    'standing_order.created': StandingOrderCreatedEvent;
    'standing_order.cycle': StandingCycleEvent;
    'standing_order.product_withdrawn': StandingProductWithdrawnEvent;
  }
}
