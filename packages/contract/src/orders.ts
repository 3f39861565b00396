import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from './messages-i18n';
import { z } from 'zod';
import { ISO_DATE_TIME_MAX_LENGTH, ZId } from './ids';
import { ZMinor } from './money';
import { ZCheckoutDiscount, ZCheckoutDiscountCodes } from './discounts';
import { ZProductUnit } from './products';
import { ZReview } from './reviews';
import { ZMobileMoneyInput, ZPaymentMethod, ZPaymentNextAction, ZTopUpInput, ZTopUpStatus } from './wallet';

export const ORDER_STATUSES = [
  'pending_payment',
  'paid',
  'accepted',
  'ready',
  'in_transit',
  'delivered',
  'completed',
  'cancelled',
  'refund_requested',
  'refund_disputed',
  'refunded',
  'refund_rejected',
] as const;
export const ZOrderStatus = z.enum(ORDER_STATUSES);

/** Longest `?status=` list: every status once with its comma fits well within it. */
const STATUS_LIST_MAX_LENGTH = 300;
/** A basket bought in one checkout holds goods of at most this many farms (one order each). */
export const CHECKOUT_MAX_SELLERS = 100;
/** Final weights name each line of one order once; no real order comes near this many lines. */
export const ORDER_MAX_ITEMS = 1000;

/** A `?status=a,b` query parameter: each part must be one of `values`; absent or empty means all. */
function commaSeparatedList<T extends string>(values: readonly T[], what: string) {
  return z
    .string()
    .max(STATUS_LIST_MAX_LENGTH, { message: contractMessage(msg`Too many ${{ what }} values`) })
    .optional()
    .transform((value, context) => {
      if (!value) return undefined;
      const parts = value.split(',');
      for (const part of parts) {
        if (!(values as readonly string[]).includes(part)) {
          context.addIssue({ code: 'custom', message: `Unknown ${what} "${part}" (use ${values.join(', ')})` });
          return z.NEVER;
        }
      }
      return parts as T[];
    });
}

export type TOrderStatus = z.infer<typeof ZOrderStatus>;

export const orderStatusLabels: Readonly<Record<TOrderStatus, string>> = {
  pending_payment: contractMessage(msg`Awaiting payment`),
  paid: contractMessage(msg`Paid`),
  accepted: contractMessage(msg`Accepted by the farm`),
  ready: contractMessage(msg`Ready`),
  in_transit: contractMessage(msg`On its way`),
  delivered: contractMessage(msg`Delivered`),
  completed: contractMessage(msg`Completed`),
  cancelled: contractMessage(msg`Cancelled`),
  refund_requested: contractMessage(msg`Refund requested`),
  refund_disputed: contractMessage(msg`Refund contested`),
  refunded: contractMessage(msg`Refunded`),
  refund_rejected: contractMessage(msg`Refund refused`),
};

export const ZOrderActor = z.enum(['buyer', 'seller', 'agent', 'admin', 'system']);
export type TOrderActor = z.infer<typeof ZOrderActor>;

/** The actions a person can ask for; the server maps each to a transition of the state machine. */
export const ORDER_ACTIONS = [
  'pay',
  'cancel',
  'accept',
  'mark_ready',
  'hand_over',
  'mark_delivered',
  'confirm_receipt',
  'request_refund',
  'approve_refund',
  'reject_refund',
  'contest_refund',
] as const;
export const ZOrderAction = z.enum(ORDER_ACTIONS);
export type TOrderAction = z.infer<typeof ZOrderAction>;

export const ZFulfilment = z.enum(['pickup', 'delivery']);
export type TFulfilment = z.infer<typeof ZFulfilment>;

export const ZOrderItem = z.object({
  id: ZId,
  productId: ZId.nullable(),
  title: z.string(),
  unit: ZProductUnit,
  imageUrl: z.string().nullable(),
  unitPriceMinor: ZMinor,
  quantity: z.number().int().positive(),
  /** Final weighed quantity in the item's unit (e.g. 1.85 kg), null until recorded. */
  finalQuantity: z.number().nonnegative().nullable(),
  lineTotalMinor: ZMinor,
});
export type TOrderItem = z.infer<typeof ZOrderItem>;

export const ZOrderEvent = z.object({
  id: ZId,
  fromStatus: ZOrderStatus.nullable(),
  toStatus: ZOrderStatus,
  actor: ZOrderActor,
  actorUsername: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type TOrderEvent = z.infer<typeof ZOrderEvent>;

export const ZOrderAddress = z.object({
  recipientName: z.string(),
  phone: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  region: z.string(),
  postalCode: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});

/**
 * Where a pickup order is collected, for its buyer (checkout, confirmation, order page) and its
 * farm: the farm's name, its town or region, its point (for a map link; null when the farm gave
 * none) and its phone (null when the farm gave none). Decision 038.
 */
export const ZPickupPoint = z.object({
  farmName: z.string(),
  place: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  phone: z.string().nullable(),
});
export type TPickupPoint = z.infer<typeof ZPickupPoint>;

export const ZOrderSummary = z.object({
  id: ZId,
  status: ZOrderStatus,
  buyerUserId: ZId,
  sellerUserId: ZId,
  shopName: z.string(),
  buyerUsername: z.string(),
  fulfilment: ZFulfilment,
  currency: z.string(),
  subtotalMinor: ZMinor,
  deliveryFeeMinor: ZMinor,
  totalMinor: ZMinor,
  refundedMinor: ZMinor,
  /** Discount of the farm's code (the farm pays it) and of a platform code (Pulse Market pays it); totalMinor is after both. */
  farmDiscountMinor: ZMinor.optional(),
  platformDiscountMinor: ZMinor.optional(),
  /** The codes applied, as stored (upper-case); null without one. */
  farmDiscountCode: z.string().nullable().optional(),
  platformDiscountCode: z.string().nullable().optional(),
  itemCount: z.number().int().nonnegative(),
  firstItemTitle: z.string(),
  thumbUrl: z.string().nullable(),
  slotStartsAt: z.iso.datetime().nullable(),
  slotEndsAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TOrderSummary = z.infer<typeof ZOrderSummary>;

export const ZOrderDetails = ZOrderSummary.extend({
  items: z.array(ZOrderItem),
  events: z.array(ZOrderEvent),
  deliveryAddress: ZOrderAddress.nullable(),
  distanceKm: z.number().nullable(),
  /** Shown to the buyer (and to nobody else) to confirm the hand-over. */
  confirmationCode: z.string().nullable(),
  refundReason: z.string().nullable(),
  /** The farm's reason for contesting the refund (status refund_disputed and after). */
  refundContestReason: z.string().nullable().optional(),
  /** Why the refund was refused (by the farm or Pulse Market support). */
  refundDecisionReason: z.string().nullable().optional(),
  cancelReason: z.string().nullable(),
  autoCompleteAt: z.iso.datetime().nullable(),
  /** The actions the asking user may take now (drives the buttons). */
  allowedActions: z.array(ZOrderAction),
  /** Whether the buyer may still write the review of this order. */
  canReview: z.boolean(),
  /** Where the goods are collected (the farm and its region), for the pickup side of the delivery page. */
  pickupLocation: z.object({ farmName: z.string(), region: z.string() }).nullable().optional(),
  /** A pickup order's pickup point (address, map point, phone); null for a delivery. */
  pickupPoint: ZPickupPoint.nullable().optional(),
  /** The buyer's review of this order and the seller's reply (null until written); the order page shows it. */
  review: ZReview.nullable().optional(),
});
export type TOrderDetails = z.infer<typeof ZOrderDetails>;

export const ZOrderParams = z.object({ orderId: ZId });

export const ZOrderListQuery = z.object({
  /** `buyer` (default): orders I placed; `seller`: orders placed with me. */
  role: z.enum(['buyer', 'seller']).default('buyer'),
  status: commaSeparatedList(ORDER_STATUSES, 'order status'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number({ message: contractMessage(msg`Must be a number`) }).int().min(1).max(50).default(20),
});
export type TOrderListQuery = z.input<typeof ZOrderListQuery>;

export const ZOrderListResponse = z.object({ items: z.array(ZOrderSummary), nextCursor: z.string().nullable() });
export type TOrderListResponse = z.infer<typeof ZOrderListResponse>;

/** POST /api/orders/{orderId}/actions */
export const ZOrderActionInput = z.object({
  action: ZOrderAction,
  /** Needed for cancel (optional), request_refund, reject_refund and contest_refund (required). */
  reason: z.string().trim().max(1000, { message: contractMessage(msg`Too long (1000 characters at most)`) }).optional(),
  /** For hand_over / mark_delivered of a delivery: the buyer's confirmation code. */
  confirmationCode: z.string().trim().max(20).optional(),
});
export type TOrderActionInput = z.infer<typeof ZOrderActionInput>;

/** POST /api/orders/{orderId}/final-weights (seller, before hand-over): final quantities per item. */
export const ZFinalWeightsInput = z.object({
  items: z
    .array(
      z.object({
        itemId: ZId,
        finalQuantity: z.number({ message: contractMessage(msg`Enter the weighed quantity`) }).nonnegative({ message: contractMessage(msg`Cannot be negative`) }),
      }),
    )
    .min(1)
    .max(ORDER_MAX_ITEMS, { message: contractMessage(msg`At most ${{ orderMaxItems: ORDER_MAX_ITEMS }} items`) }),
});
export type TFinalWeightsInput = z.infer<typeof ZFinalWeightsInput>;

/** A seller's pickup or delivery window. */
export const ZDeliverySlot = z.object({
  id: ZId,
  sellerUserId: ZId,
  method: ZFulfilment,
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  cutoffAt: z.iso.datetime(),
  remaining: z.number().int().nonnegative().nullable(),
});
export type TDeliverySlot = z.infer<typeof ZDeliverySlot>;

export const ZDeliverySlotInput = z
  .object({
    method: ZFulfilment,
    startsAt: z.iso.datetime({ message: contractMessage(msg`Enter a start time`) }).max(ISO_DATE_TIME_MAX_LENGTH, { message: contractMessage(msg`Enter a start time`) }),
    endsAt: z.iso.datetime({ message: contractMessage(msg`Enter an end time`) }).max(ISO_DATE_TIME_MAX_LENGTH, { message: contractMessage(msg`Enter an end time`) }),
    cutoffAt: z.iso.datetime({ message: contractMessage(msg`Enter a cut-off time`) }).max(ISO_DATE_TIME_MAX_LENGTH, { message: contractMessage(msg`Enter a cut-off time`) }),
    capacity: z.number().int().min(1).max(10_000).nullable().default(null),
  })
  .refine((slot) => Date.parse(slot.endsAt) > Date.parse(slot.startsAt), { message: contractMessage(msg`The slot must end after it starts`), path: ['endsAt'] })
  .refine((slot) => Date.parse(slot.cutoffAt) <= Date.parse(slot.startsAt), { message: contractMessage(msg`The cut-off must be before the start`), path: ['cutoffAt'] });
export type TDeliverySlotInput = z.input<typeof ZDeliverySlotInput>;

/** GET /api/checkout/quote and POST /api/checkout share this per-seller choice. */
export const ZCheckoutSellerChoice = z.object({
  sellerUserId: ZId,
  fulfilment: ZFulfilment,
  slotId: ZId,
});

/** POST /api/checkout with header Idempotency-Key: the whole basket, one order per seller. */
export const ZCheckoutInput = z.object({
  /** Required when any seller's fulfilment is delivery. */
  addressId: ZId.nullable().default(null),
  sellers: z
    .array(ZCheckoutSellerChoice)
    .min(1, { message: contractMessage(msg`Choose pickup or delivery for each farm`) })
    .max(CHECKOUT_MAX_SELLERS, { message: contractMessage(msg`At most ${{ checkoutMaxSellers: CHECKOUT_MAX_SELLERS }} farms in one checkout`) }),
  /** Pay from the wallet at once (default); false leaves the orders awaiting payment. Ignored with payWith. */
  payNow: z.boolean().default(true),
  /**
   * Pay the exact total through the payment provider instead of the wallet (issue 24): the orders
   * wait for the payment (stock reserved for PAYMENT_EXPIRY_MINUTES) and are paid when it succeeds.
   */
  payWith: z
    .object({
      method: ZPaymentMethod,
      /** Required with method mobile_money. */
      mobileMoney: ZMobileMoneyInput.optional(),
      /** Sandbox card outcome for tests and demos (method card): `4000 0000 0000 0002` is declined. */
      cardNumber: ZTopUpInput.shape.cardNumber,
    })
    .optional(),
  /** Discount codes (decision 062): at most one farm code per farm's order plus one platform code; a refused code refuses the checkout. */
  discountCodes: ZCheckoutDiscountCodes,
});
export type TCheckoutInput = z.input<typeof ZCheckoutInput>;
export type TCheckoutPayWith = NonNullable<z.infer<typeof ZCheckoutInput>['payWith']>;

export const ZDeliveryRefusal = z.enum(['address_not_located', 'too_far', 'no_delivery_times']);
export type TDeliveryRefusal = z.infer<typeof ZDeliveryRefusal>;

export const ZCheckoutQuoteSeller = z.object({
  sellerUserId: ZId,
  shopName: z.string(),
  subtotalMinor: ZMinor,
  deliveryFeeMinor: ZMinor,
  distanceKm: z.number().nullable(),
  /** The discounts of the codes applied to this farm's order; totalMinor is after them. */
  farmDiscountMinor: ZMinor.optional(),
  platformDiscountMinor: ZMinor.optional(),
  totalMinor: ZMinor,
  slots: z.array(ZDeliverySlot),
  pickupAvailable: z.boolean(),
  deliveryAvailable: z.boolean(),
  /**
   * Why delivery is not available, null when it is: the address is not on the map yet (the buyer
   * places a pin), it is beyond the farm's last distance band, or the farm has no delivery times.
   */
  deliveryRefusal: ZDeliveryRefusal.nullable(),
  /** The farm's point (its products' origin), where a pin map opens; null when the farm gave none. */
  farmLocation: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  /** Where an order of this farm is collected when the buyer picks up (shown beside the pickup choice). */
  pickupPoint: ZPickupPoint.nullable().optional(),
});

/** POST /api/checkout/quote: what each order would cost (same computation as checkout). */
export const ZCheckoutQuoteInput = z.object({
  addressId: ZId.nullable().default(null),
  sellers: z
    .array(z.object({ sellerUserId: ZId, fulfilment: ZFulfilment }))
    .max(CHECKOUT_MAX_SELLERS, { message: contractMessage(msg`At most ${{ checkoutMaxSellers: CHECKOUT_MAX_SELLERS }} farms in one checkout`) })
    .default([]),
  discountCodes: ZCheckoutDiscountCodes,
});
export const ZCheckoutQuoteResponse = z.object({
  currency: z.string(),
  sellers: z.array(ZCheckoutQuoteSeller),
  /** Each code sent, applied or refused with the reason. */
  discounts: z.array(ZCheckoutDiscount).optional(),
  totalMinor: ZMinor,
  walletAvailableMinor: ZMinor,
  /** True when the chosen address has no coordinates: delivery waits for the buyer's pin. */
  addressNeedsPin: z.boolean(),
});
export type TCheckoutQuoteResponse = z.infer<typeof ZCheckoutQuoteResponse>;

/**
 * A checkout paid through the payment provider: pending while the buyer approves (the provider's
 * page, the phone, an SMS code), then decided by the provider's verify. Succeeded: the orders are
 * paid. Failed or abandoned: nothing was charged, the orders are cancelled and the basket is back.
 */
export const ZCheckoutPayment = z.object({
  intentId: ZId,
  status: ZTopUpStatus,
  /** While pending, what the buyer does next: open the provider's page, type the SMS code, approve on the phone. */
  nextAction: ZPaymentNextAction.nullable(),
  /** The provider's page to open (nextAction redirect). */
  authorizationUrl: z.string().nullable(),
  /** The instruction while pending ("Approve the payment on your phone"), in the reader's words. */
  displayText: z.string().nullable(),
  /** Why it failed or was abandoned, in the reader's words ("Declined by your bank"). */
  failureReason: z.string().nullable(),
  /** The exact total of the checkout's orders. */
  amountMinor: ZMinor,
});
export type TCheckoutPayment = z.infer<typeof ZCheckoutPayment>;

const ZCheckoutOrders = z.array(ZOrderSummary.extend({ pickupPoint: ZPickupPoint.nullable().optional() }));

export const ZCheckoutResponse = z.object({
  checkoutId: ZId,
  /** Each pickup order carries its pickup point for the confirmation (null for a delivery). */
  orders: ZCheckoutOrders,
  /** True when this response replays an earlier request with the same Idempotency-Key. */
  replayed: z.boolean(),
  /** The provider payment of a checkout placed with payWith (a replay answers the same one); null when paid from the wallet. */
  payment: ZCheckoutPayment.nullable(),
});
export type TCheckoutResponse = z.infer<typeof ZCheckoutResponse>;

/** GET /api/checkout/{checkoutId}/payment and POST .../payment/otp (the buyer's own checkout only). */
export const ZCheckoutPaymentParams = z.object({ checkoutId: ZId });
export const ZCheckoutPaymentResponse = z.object({
  checkoutId: ZId,
  orders: ZCheckoutOrders,
  payment: ZCheckoutPayment,
});
export type TCheckoutPaymentResponse = z.infer<typeof ZCheckoutPaymentResponse>;

/** Distance bands for delivery fees (configurable on the server, reported to the web). */
export const ZDeliveryFeeBand = z.object({ upToKm: z.number().positive().nullable(), feeMinor: ZMinor });
export type TDeliveryFeeBand = z.infer<typeof ZDeliveryFeeBand>;

export const PAYMENT_EXPIRY_MINUTES = 15;

/** GET /api/sellers/{userId}/slots?method= : open slots (future, before cut-off, with room). */
export const ZSellerSlotsQuery = z.object({ method: ZFulfilment.optional() });
export const ZSellerSlotsParams = z.object({ userId: ZId });
export const ZSlotListResponse = z.object({ items: z.array(ZDeliverySlot) });
export type TSlotListResponse = z.infer<typeof ZSlotListResponse>;
/** DELETE /api/seller/slots/{slotId} */
export const ZSlotParams = z.object({ slotId: ZId });

/** Header a checkout must carry; a retry with the same value returns the same orders. */
export const CHECKOUT_IDEMPOTENCY_HEADER = 'idempotency-key';

/* ------------------------------------------------------------- refunds */

/** The refund statuses listed on /refunds-history and in the admin's dispute list. */
export const REFUND_STATUSES = ['refund_requested', 'refund_disputed', 'refunded', 'refund_rejected'] as const satisfies readonly TOrderStatus[];
export const ZRefundStatus = z.enum(REFUND_STATUSES);
export type TRefundStatus = z.infer<typeof ZRefundStatus>;

/** One refund case: the order (as in lists) and what happened to the refund request. */
export const ZRefundCase = ZOrderSummary.extend({
  refund: z.object({
    /** The buyer's reason. */
    reason: z.string().nullable(),
    /** The farm's reason when it contested the request. */
    contestReason: z.string().nullable(),
    /** Why the refund was refused, when it was. */
    decisionReason: z.string().nullable(),
    /** Open: what would go back to the buyer now; refunded: what went back when approved. */
    amountMinor: ZMinor,
    requestedAt: z.iso.datetime().nullable(),
    resolvedAt: z.iso.datetime().nullable(),
  }),
});
export type TRefundCase = z.infer<typeof ZRefundCase>;

/** GET /api/seller/refunds and GET /api/admin/refunds: `status` is one or more refund statuses, comma separated. */
export const ZRefundListQuery = z.object({
  status: commaSeparatedList(REFUND_STATUSES, 'refund status'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number({ message: contractMessage(msg`Must be a number`) }).int().min(1).max(50).default(20),
});
export type TRefundListQuery = z.input<typeof ZRefundListQuery>;

export const ZRefundListResponse = z.object({ items: z.array(ZRefundCase), nextCursor: z.string().nullable() });
export type TRefundListResponse = z.infer<typeof ZRefundListResponse>;
