import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from './messages-i18n';
import { z } from 'zod';
import { ZId } from './ids';
import { ZMinor, ZSignedMinor } from './money';

export const ZLedgerTransactionKind = z.enum(['top_up', 'order_payment', 'escrow_release', 'refund', 'weight_adjustment', 'payout', 'tip', 'referral_earning', 'provider_fee', 'payout_return', 'platform_discount']);
export type TLedgerTransactionKind = z.infer<typeof ZLedgerTransactionKind>;

/** The deployment's payment provider (PAYMENT_PROVIDER). */
export const ZPaymentProviderName = z.enum(['sandbox', 'paystack']);
export type TPaymentProviderName = z.infer<typeof ZPaymentProviderName>;

/** GET /api/wallet: balances derived from the ledger. */
export const ZWalletResponse = z.object({
  currency: z.string(),
  availableMinor: ZMinor,
  escrowMinor: ZMinor,
  paidOutMinor: ZMinor,
  /**
   * Which payment provider takes top-ups (issue 24): the wallet offers the card form with the
   * sandbox, mobile money and the provider's hosted page with Paystack. Absent means the sandbox.
   */
  paymentProvider: ZPaymentProviderName.optional(),
});
export type TWalletResponse = z.infer<typeof ZWalletResponse>;

/**
 * Where the money of a buyer's order payment is now (decision 037): held in escrow until the
 * order is received, paid to the farm once it completes, or back in the wallet after a refund or a
 * cancellation. The payment is one line whose state changes; the ledger's later movements out of
 * the buyer's escrow (to the farm, to the delivery agent) are not lines of their own.
 */
export const ZWalletPaymentState = z.object({
  status: z.enum(['held', 'paid', 'refunded']),
  /** Still in escrow for this order. */
  heldMinor: ZMinor,
  /** Gone on to the farm (and the delivery agent). */
  paidMinor: ZMinor,
  /** Back in the available balance (refund, cancellation, final weights). */
  refundedMinor: ZMinor,
  /** When the money last moved on or back (null while all of it is held). */
  settledAt: z.iso.datetime().nullable(),
});
export type TWalletPaymentState = z.infer<typeof ZWalletPaymentState>;

/** One movement as the wallet's owner sees it: the net change of their available + escrow. */
export const ZWalletEntry = z.object({
  id: ZId,
  kind: ZLedgerTransactionKind,
  /** Change of the available balance (negative = money left it). */
  availableChangeMinor: ZSignedMinor,
  escrowChangeMinor: ZSignedMinor,
  orderId: ZId.nullable(),
  memo: z.string(),
  /** When the movement happened (the list is newest first by this time). */
  createdAt: z.iso.datetime(),
  /** An order payment's state (null for every other kind). */
  payment: ZWalletPaymentState.nullable(),
});
export type TWalletEntry = z.infer<typeof ZWalletEntry>;

export const ZWalletHistoryQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number({ message: contractMessage(msg`Must be a number`) }).int().min(1).max(100).default(20),
});
export const ZWalletHistoryResponse = z.object({ items: z.array(ZWalletEntry), nextCursor: z.string().nullable() });
export type TWalletHistoryResponse = z.infer<typeof ZWalletHistoryResponse>;

export const TOP_UP_MIN_MINOR = 100;
export const TOP_UP_MAX_MINOR = 1_000_000;

/** Ghana's mobile money networks (issue 24), as the person picks them. */
export const MOBILE_MONEY_NETWORKS = ['mtn', 'telecel', 'airteltigo'] as const;
export const ZMobileMoneyNetwork = z.enum(MOBILE_MONEY_NETWORKS, { message: contractMessage(msg`Choose the mobile money network`) });
export type TMobileMoneyNetwork = z.infer<typeof ZMobileMoneyNetwork>;

/** A Ghanaian mobile number as typed: 10 digits starting 0 (024 000 0000) or +233 and 9 digits. */
export const ZMobileMoneyPhone = z
  .string()
  .trim()
  .max(20, { message: contractMessage(msg`Enter a mobile money number such as 024 123 4567`) })
  .regex(/^(\+?233|0)[0-9 ]{9,12}$/, { message: contractMessage(msg`Enter a mobile money number such as 024 123 4567`) });

export const ZMobileMoneyInput = z.object({ phone: ZMobileMoneyPhone, network: ZMobileMoneyNetwork });
export type TMobileMoneyInput = z.infer<typeof ZMobileMoneyInput>;

/**
 * How a payment is made: `hosted` opens the provider's page (card or mobile money) and comes back;
 * `mobile_money` prompts the phone without leaving the app; `card` is the sandbox's typed card.
 */
export const ZPaymentMethod = z.enum(['hosted', 'mobile_money', 'card']);
export type TPaymentMethod = z.infer<typeof ZPaymentMethod>;

/** POST /api/wallet/top-ups with header Idempotency-Key. */
export const ZTopUpInput = z.object({
  amountMinor: z
    .number({ message: contractMessage(msg`Enter an amount`) })
    .int({ message: contractMessage(msg`Enter a whole number of cents`) })
    .min(TOP_UP_MIN_MINOR, { message: contractMessage(msg`The smallest top-up is 1.00`) })
    .max(TOP_UP_MAX_MINOR, { message: contractMessage(msg`The largest top-up is 10,000.00`) }),
  /** Default: card with the sandbox provider, hosted with Paystack. */
  method: ZPaymentMethod.optional(),
  /** Sandbox card outcome for tests and demos: `4000 0000 0000 0002` is declined. */
  cardNumber: z.string().trim().max(23, { message: contractMessage(msg`Enter a card number`) }).regex(/^[0-9 ]{12,23}$/, { message: contractMessage(msg`Enter a card number`) }).optional(),
  /** Required with method mobile_money. */
  mobileMoney: ZMobileMoneyInput.optional(),
});
export type TTopUpInput = z.infer<typeof ZTopUpInput>;

/** pending: waiting for the person (hosted page, phone) or the provider; decided by a verify only. */
export const ZTopUpStatus = z.enum(['pending', 'succeeded', 'failed', 'abandoned']);
export type TTopUpStatus = z.infer<typeof ZTopUpStatus>;

/** While pending, what the person does next: open the page, type the SMS code, approve on the phone. */
export const ZPaymentNextAction = z.enum(['redirect', 'send_otp', 'pay_offline']);
export type TPaymentNextAction = z.infer<typeof ZPaymentNextAction>;

export const ZTopUpResponse = z.object({
  id: ZId,
  status: ZTopUpStatus,
  amountMinor: ZMinor,
  /** Why it failed or was abandoned, in the reader's words ("Declined by your bank"). */
  failureReason: z.string().nullable(),
  nextAction: ZPaymentNextAction.nullable(),
  /** The provider's page to open (nextAction redirect). */
  authorizationUrl: z.string().nullable(),
  /** The provider's instruction while pending ("Approve the payment on your phone"). */
  displayText: z.string().nullable(),
  /** The payment's reference at the provider, for support. */
  reference: z.string().nullable(),
  wallet: ZWalletResponse,
});
export type TTopUpResponse = z.infer<typeof ZTopUpResponse>;

/** POST /api/wallet/top-ups/{id}/otp: the one-time code the network sent by SMS (nextAction send_otp). */
export const ZPaymentOtpInput = z.object({
  otp: z
    .string()
    .trim()
    .max(8, { message: contractMessage(msg`Enter the code from the SMS`) })
    .regex(/^[0-9]{4,8}$/, { message: contractMessage(msg`Enter the code from the SMS`) }),
});
export type TPaymentOtpInput = z.infer<typeof ZPaymentOtpInput>;

/**
 * The mark on the address Paystack's page sends a person to when they press Cancel there (its
 * `metadata.cancel_action`): `/wallet?topUp=<id>&cancelled=1`, `/basket?payment=<checkoutId>&cancelled=1`.
 * The page then asks the server to give the payment up (POST .../cancel), which verifies first.
 */
export const PAYMENT_CANCELLED_PARAM = 'cancelled';

/* ---------------------------------------------------------------- payouts */

export const PAYOUT_MIN_MINOR = 100;
export const PAYOUT_MAX_MINOR = 10_000_000;

/**
 * POST /api/wallet/payouts with header Idempotency-Key (seller role). The money goes to the payout
 * details of the seller's approved application; `destination` is used only when the application
 * has none (e.g. "MTN mobile money 024 000 0000").
 */
export const ZPayoutInput = z.object({
  amountMinor: z
    .number({ message: contractMessage(msg`Enter an amount`) })
    .int({ message: contractMessage(msg`Enter a whole number of cents`) })
    .min(PAYOUT_MIN_MINOR, { message: contractMessage(msg`The smallest payout is 1.00`) })
    .max(PAYOUT_MAX_MINOR, { message: contractMessage(msg`The largest payout is 100,000.00`) }),
  destination: z
    .string()
    .trim()
    .min(3, { message: contractMessage(msg`Enter where the money should go`) })
    .max(200, { message: contractMessage(msg`Too long (200 characters at most)`) })
    .optional(),
});
export type TPayoutInput = z.infer<typeof ZPayoutInput>;

/** pending until the provider settles the transfer; failed or reversed put the money back. */
export const ZPayoutStatus = z.enum(['pending', 'succeeded', 'failed', 'reversed']);

export const ZPayout = z.object({
  id: ZId,
  status: ZPayoutStatus,
  amountMinor: ZMinor,
  currency: z.string(),
  /** Where the money went, as the seller gave it. */
  destination: z.string(),
  /** The provider's reference (for support), null when the provider was unreachable. */
  providerReference: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type TPayout = z.infer<typeof ZPayout>;

/** The answer to POST /api/wallet/payouts: the payout and the balances after it. */
export const ZPayoutResponse = ZPayout.extend({ wallet: ZWalletResponse });
export type TPayoutResponse = z.infer<typeof ZPayoutResponse>;

export const ZPayoutListQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number({ message: contractMessage(msg`Must be a number`) }).int().min(1).max(100).default(20),
});
export const ZPayoutListResponse = z.object({ items: z.array(ZPayout), nextCursor: z.string().nullable() });
export type TPayoutListResponse = z.infer<typeof ZPayoutListResponse>;

/* ---------------------------------------------------------- seller wallet */

export const ZSellerWalletDay = z.object({
  /** Calendar day (YYYY-MM-DD) in the asked time zone offset. */
  date: z.string(),
  /** Earnings released to the available balance that day (orders completed, less commission). */
  releasedMinor: ZMinor,
  /** Paid out to the seller's payout details that day. */
  paidOutMinor: ZMinor,
});
export type TSellerWalletDay = z.infer<typeof ZSellerWalletDay>;

/** GET /api/seller/wallet (seller role). */
export const ZSellerWalletResponse = z.object({
  currency: z.string(),
  /** Can be paid out now (ledger). */
  availableMinor: ZMinor,
  /** What the seller will receive from open paid orders once they complete: the escrow less refunds and commission. */
  pendingMinor: ZMinor,
  /** How many open paid orders make up pendingMinor. */
  pendingOrderCount: z.number().int().nonnegative(),
  /** Paid out so far (ledger). */
  paidOutMinor: ZMinor,
  /** Commission in basis points applied to the farm's part (1000 = 10%). */
  commissionBps: z.number().int().nonnegative(),
  /** Where payouts go (from the approved application), null when none is on file. */
  payoutDestination: z.string().nullable(),
  /** The last 30 days, oldest first, today last. */
  series: z.array(ZSellerWalletDay),
});
export type TSellerWalletResponse = z.infer<typeof ZSellerWalletResponse>;

/** Query of the seller's dashboard and wallet: the viewer's UTC offset decides where days start. */
export const ZTimezoneQuery = z.object({
  /** Minutes east of UTC (Accra 0, Nairobi 180, New York -300); default 0. */
  tzOffsetMinutes: z.coerce
    .number({ message: contractMessage(msg`Must be a number`) })
    .int({ message: contractMessage(msg`Whole minutes`) })
    .min(-840, { message: contractMessage(msg`At least -840`) })
    .max(840, { message: contractMessage(msg`At most 840`) })
    .default(0),
});
export type TTimezoneQuery = z.input<typeof ZTimezoneQuery>;
