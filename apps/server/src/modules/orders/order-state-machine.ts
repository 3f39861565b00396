import type { I18n, MessageDescriptor } from '@lingui/core';
import { translatorFor } from '../../i18n/translator';
import { msg } from '@lingui/core/runtime-macro';
import type { TFulfilment, TOrderAction, TOrderActor, TOrderStatus } from '@pulse/contract/orders';

/**
 * The order process as data (product.md "Basket, checkout, orders"): every row is one transition —
 * the action that triggers it, the statuses it starts from, where it goes, who may take it, what it
 * does (effects, run in order inside the transition's transaction) and whom it tells.
 *
 * Refunds: only a delivered order can be disputed (request_refund from `delivered`); a completed
 * order is final, the money already belongs to the farm. A refused refund goes back on the
 * auto-complete timer (or the buyer confirms receipt). The farm may contest a request instead of
 * deciding it (refund_disputed, reason required): then only an admin approves or refuses it, and no
 * timer runs while it waits.
 */

/**
 * What a transition does besides changing the status. Effects run in the listed order; rows lock
 * in the same order as a checkout does (products, then slots, then ledger accounts), so a
 * transition and a checkout never wait on each other in a cycle.
 */
export type OrderEffect =
  /** Buyer's available -> escrow, the whole total (ledger order_payment). */
  | 'charge_wallet'
  /** Escrow -> buyer's available, whatever was not returned yet (ledger refund). */
  | 'refund_escrow'
  /** reserved -= quantity for every item (the stock stays). */
  | 'release_reservation'
  /** The reservation becomes a sale: stock -= quantity, reserved -= quantity. */
  | 'reservation_to_sale'
  /** Gives the slot's place back. */
  | 'release_slot'
  /** delivered_at = now, auto_complete_at = now + AUTO_COMPLETE_DAYS. */
  | 'start_auto_complete'
  /** Escrow released: the farm gets its part less commission; commission and delivery fee to the platform. */
  | 'release_escrow'
  /** A failed delivery brings the goods back to the farm: the sale becomes a reservation again. */
  | 'sale_to_reservation';

/** Internal triggers (timers) beside the actions people ask for. */
export type OrderTrigger = TOrderAction | 'expire' | 'auto_complete' | AgentTrigger;

/** Steps of a delivery task that move the order (delivery module, decision 021); not buttons. */
export type AgentTrigger = 'agent_pickup' | 'delivery_failed';
const AGENT_TRIGGERS: readonly OrderTrigger[] = ['agent_pickup', 'delivery_failed'];

export interface NotificationContext {
  shopName: string;
  buyerUsername: string;
  toStatus: TOrderStatus;
  fulfilment: TFulfilment;
}

export interface OrderTransition {
  trigger: OrderTrigger;
  from: readonly TOrderStatus[];
  /** The status after; `pickupTo` overrides it for pickup orders (hand-over at the farm = delivered). */
  to: TOrderStatus;
  pickupTo?: TOrderStatus;
  actors: readonly TOrderActor[];
  /** The buyer's confirmation code must be given (always, or only for pickup orders). */
  requiresCode?: 'always' | 'pickup';
  requiresReason?: boolean;
  effects: readonly OrderEffect[];
  /** Effects for pickup orders when they differ (hand-over at the farm also starts the auto-complete timer). */
  pickupEffects?: readonly OrderEffect[];
  /** For messages: "accept this order", "This order is paid and cannot be accepted". */
  verb: string;
  past: string;
  /** Notification text per party; the acting party is never notified of its own step. */
  notify: Partial<Record<'buyer' | 'seller', (context: NotificationContext) => MessageDescriptor>>;
}

export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  {
    trigger: 'pay',
    from: ['pending_payment'],
    to: 'paid',
    actors: ['buyer'],
    effects: ['charge_wallet'],
    verb: 'pay for',
    past: 'paid',
    notify: { seller: ({ buyerUsername }) => msg`New order from ${{ buyerUsername }}: paid and waiting for you to accept it` },
  },
  {
    trigger: 'cancel',
    from: ['pending_payment'],
    to: 'cancelled',
    actors: ['buyer'],
    effects: ['release_reservation', 'release_slot'],
    verb: 'cancel',
    past: 'cancelled',
    // The farm hears of an order once it is paid ("New order from ..."); one that ends unpaid (the buyer's
    // cancel, a payment failed, cancelled on the provider's page or lapsed) was never theirs to prepare (decision 049).
    notify: {},
  },
  {
    trigger: 'cancel',
    from: ['paid'],
    to: 'cancelled',
    actors: ['buyer', 'seller'],
    effects: ['release_reservation', 'release_slot', 'refund_escrow'],
    verb: 'cancel',
    past: 'cancelled',
    notify: {
      buyer: ({ shopName }) => msg`${{ shopName }} cancelled your order; the money is back in your wallet`,
      seller: ({ buyerUsername }) => msg`${{ buyerUsername }} cancelled their order`,
    },
  },
  {
    trigger: 'cancel',
    from: ['accepted'],
    to: 'cancelled',
    actors: ['seller'],
    effects: ['release_reservation', 'release_slot', 'refund_escrow'],
    verb: 'cancel',
    past: 'cancelled',
    notify: { buyer: ({ shopName }) => msg`${{ shopName }} cancelled your order; the money is back in your wallet` },
  },
  {
    trigger: 'expire',
    from: ['pending_payment'],
    to: 'cancelled',
    actors: ['system'],
    effects: ['release_reservation', 'release_slot'],
    verb: 'expire',
    past: 'expired',
    notify: { buyer: ({ shopName }) => msg`Your order from ${{ shopName }} was cancelled: it was not paid in time` },
  },
  {
    trigger: 'accept',
    from: ['paid'],
    to: 'accepted',
    actors: ['seller'],
    effects: [],
    verb: 'accept',
    past: 'accepted',
    notify: { buyer: ({ shopName }) => msg`${{ shopName }} accepted your order` },
  },
  {
    trigger: 'mark_ready',
    from: ['accepted'],
    to: 'ready',
    actors: ['seller'],
    effects: [],
    verb: 'mark ready',
    past: 'marked ready',
    notify: {
      buyer: ({ shopName, fulfilment }) =>
        fulfilment === 'pickup' ? msg`Your order from ${{ shopName }} is ready for pickup` : msg`Your order from ${{ shopName }} is packed and ready`,
    },
  },
  {
    trigger: 'hand_over',
    from: ['ready'],
    to: 'in_transit',
    pickupTo: 'delivered',
    actors: ['seller'],
    requiresCode: 'pickup',
    effects: ['reservation_to_sale'],
    pickupEffects: ['reservation_to_sale', 'start_auto_complete'],
    verb: 'hand over',
    past: 'handed over',
    notify: {
      buyer: ({ shopName, toStatus }) =>
        toStatus === 'delivered' ? msg`You collected your order from ${{ shopName }}` : msg`Your order from ${{ shopName }} is on its way`,
    },
  },
  {
    trigger: 'agent_pickup',
    from: ['accepted', 'ready'],
    to: 'in_transit',
    actors: ['agent'],
    effects: ['reservation_to_sale'],
    verb: 'pick up',
    past: 'picked up',
    notify: {
      buyer: ({ shopName }) => msg`A Pulse Agent picked up your order from ${{ shopName }}: it is on its way`,
      seller: ({ buyerUsername }) => msg`The Pulse Agent collected the order of ${{ buyerUsername }}`,
    },
  },
  {
    trigger: 'delivery_failed',
    from: ['in_transit'],
    to: 'ready',
    actors: ['agent'],
    effects: ['sale_to_reservation'],
    verb: 'report a failed delivery of',
    past: 'reported as not delivered',
    notify: {
      buyer: ({ shopName }) => msg`The delivery of your order from ${{ shopName }} failed; the farm will arrange a new attempt`,
      seller: ({ buyerUsername }) => msg`The delivery to ${{ buyerUsername }} failed: the goods come back to you`,
    },
  },
  {
    trigger: 'mark_delivered',
    from: ['in_transit'],
    to: 'delivered',
    actors: ['seller', 'agent'],
    requiresCode: 'always',
    effects: ['start_auto_complete'],
    verb: 'mark delivered',
    past: 'marked delivered',
    notify: { buyer: ({ shopName }) => msg`Your order from ${{ shopName }} was delivered` },
  },
  {
    trigger: 'confirm_receipt',
    from: ['delivered', 'refund_rejected'],
    to: 'completed',
    actors: ['buyer'],
    effects: ['release_escrow'],
    verb: 'confirm receipt of',
    past: 'confirmed as received',
    notify: { seller: ({ buyerUsername }) => msg`${{ buyerUsername }} confirmed receipt: the payment is in your wallet` },
  },
  {
    trigger: 'auto_complete',
    from: ['delivered', 'refund_rejected'],
    to: 'completed',
    actors: ['system'],
    effects: ['release_escrow'],
    verb: 'complete',
    past: 'completed',
    notify: {
      buyer: ({ shopName }) => msg`Your order from ${{ shopName }} is completed`,
      seller: ({ buyerUsername }) => msg`The order of ${{ buyerUsername }} is completed: the payment is in your wallet`,
    },
  },
  {
    trigger: 'request_refund',
    from: ['delivered'],
    to: 'refund_requested',
    actors: ['buyer'],
    requiresReason: true,
    effects: [],
    verb: 'ask a refund for',
    past: 'refunded',
    notify: { seller: ({ buyerUsername }) => msg`${{ buyerUsername }} asked for a refund` },
  },
  {
    trigger: 'approve_refund',
    from: ['refund_requested'],
    to: 'refunded',
    actors: ['seller', 'admin'],
    effects: ['refund_escrow'],
    verb: 'refund',
    past: 'refunded',
    notify: {
      buyer: ({ shopName }) => msg`Your refund from ${{ shopName }} was approved; the money is back in your wallet`,
      seller: ({ buyerUsername }) => msg`The refund asked by ${{ buyerUsername }} was approved`,
    },
  },
  {
    trigger: 'contest_refund',
    from: ['refund_requested'],
    to: 'refund_disputed',
    actors: ['seller'],
    requiresReason: true,
    effects: [],
    verb: 'contest the refund of',
    past: 'contested',
    notify: {
      buyer: ({ shopName }) => msg`${{ shopName }} contested your refund request; Pulse Market support will decide and let you know`,
    },
  },
  {
    trigger: 'approve_refund',
    from: ['refund_disputed'],
    to: 'refunded',
    actors: ['admin'],
    effects: ['refund_escrow'],
    verb: 'refund',
    past: 'refunded',
    notify: {
      buyer: ({ shopName }) => msg`Pulse Market support approved your refund from ${{ shopName }}; the money is back in your wallet`,
      seller: ({ buyerUsername }) => msg`Pulse Market support approved the refund contested with ${{ buyerUsername }}`,
    },
  },
  {
    trigger: 'reject_refund',
    from: ['refund_disputed'],
    to: 'refund_rejected',
    actors: ['admin'],
    requiresReason: true,
    effects: ['start_auto_complete'],
    verb: 'refuse the refund of',
    past: 'refused a refund',
    notify: {
      buyer: ({ shopName }) => msg`Pulse Market support refused your refund request to ${{ shopName }}`,
      seller: ({ buyerUsername }) => msg`Pulse Market support refused the refund asked by ${{ buyerUsername }}: the order completes as usual`,
    },
  },
  {
    trigger: 'reject_refund',
    from: ['refund_requested'],
    to: 'refund_rejected',
    actors: ['seller', 'admin'],
    requiresReason: true,
    effects: ['start_auto_complete'],
    verb: 'refuse the refund of',
    past: 'refused a refund',
    notify: {
      buyer: ({ shopName }) => msg`${{ shopName }} refused your refund request`,
      seller: ({ buyerUsername }) => msg`The refund asked by ${{ buyerUsername }} was refused`,
    },
  },
];

/** Delivery-task steps (an agent acts through the delivery module, not the order's buttons). */
export function isAgentTrigger(trigger: OrderTrigger): trigger is AgentTrigger {
  return AGENT_TRIGGERS.includes(trigger);
}

/** Transitions a person can ask for on the order page (not the timers, not the agent's task steps). */
export function isPersonAction(trigger: OrderTrigger): trigger is TOrderAction {
  return trigger !== 'expire' && trigger !== 'auto_complete' && !AGENT_TRIGGERS.includes(trigger);
}

export function transitionsFor(trigger: OrderTrigger): OrderTransition[] {
  return ORDER_TRANSITIONS.filter((transition) => transition.trigger === trigger);
}

/** The row that applies to this trigger from this status, if any. */
export function findTransition(trigger: OrderTrigger, status: TOrderStatus): OrderTransition | undefined {
  return ORDER_TRANSITIONS.find((transition) => transition.trigger === trigger && transition.from.includes(status));
}

export function effectsOf(transition: OrderTransition, fulfilment: TFulfilment): readonly OrderEffect[] {
  return fulfilment === 'pickup' && transition.pickupEffects ? transition.pickupEffects : transition.effects;
}

export function targetStatus(transition: OrderTransition, fulfilment: TFulfilment): TOrderStatus {
  return fulfilment === 'pickup' && transition.pickupTo ? transition.pickupTo : transition.to;
}

/** What the asking person may do now: the buttons of the order page. */
export function allowedActionsFor(status: TOrderStatus, actors: readonly TOrderActor[]): TOrderAction[] {
  const actions: TOrderAction[] = [];
  for (const transition of ORDER_TRANSITIONS) {
    if (!isPersonAction(transition.trigger) || !transition.from.includes(status)) continue;
    if (!transition.actors.some((actor) => actors.includes(actor))) continue;
    if (!actions.includes(transition.trigger)) actions.push(transition.trigger);
  }
  return actions;
}

const ACTOR_NAMES: Record<TOrderActor, MessageDescriptor> = {
  buyer: msg`the buyer`,
  seller: msg`the farm`,
  agent: msg`the delivery agent`,
  admin: msg`the admin`,
  system: msg`the system`,
};

/** "the buyer", "the buyer or the farm", "the buyer, the farm or the admin", in the reader's language. */
export function actorsText(actors: readonly TOrderActor[], i18n: I18n = translatorFor('en')): string {
  const names = actors.map((actor) => i18n._(ACTOR_NAMES[actor]));
  const last = names[names.length - 1];
  if (names.length <= 1 || last === undefined) return names[0] ?? i18n._(msg`nobody`);
  return i18n._(msg`${{ others: names.slice(0, -1).join(', ') }} or ${{ last }}`);
}
