import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from './messages-i18n';
import { z } from 'zod';
import { ZId } from './ids';

/**
 * Reconciliation (issue 24): provider payments and transfers against the ledger, for an admin.
 * matched: decided and, when it succeeded, its ledger transaction exists; waiting: not decided yet;
 * failed: failed or abandoned (nothing credited); mismatch: the provider's verify disagreed with the
 * intent (amount, currency) or an event named an unknown reference (nothing credited).
 */
export const RECONCILIATION_STATES = ['matched', 'waiting', 'failed', 'mismatch'] as const;
export const ZReconciliationState = z.enum(RECONCILIATION_STATES);
export type TReconciliationState = z.infer<typeof ZReconciliationState>;

export const RECONCILIATION_STATE_LABELS: Record<TReconciliationState, string> = {
  matched: contractMessage(msg`Matched`),
  waiting: contractMessage(msg`Waiting`),
  failed: contractMessage(msg`Failed`),
  mismatch: contractMessage(msg`Mismatch`),
};

/** GET /api/admin/payments?state=&cursor=&limit= (newest first). */
export const ZAdminPaymentsQuery = z.object({
  state: ZReconciliationState.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number({ message: contractMessage(msg`Must be a number`) }).int().min(1).max(100).default(20),
});
export type TAdminPaymentsQuery = z.infer<typeof ZAdminPaymentsQuery>;

export const ZAdminPaymentEvent = z.object({
  id: ZId,
  event: z.string(),
  outcome: z.string().nullable(),
  note: z.string().nullable(),
  receivedAt: z.iso.datetime(),
  /** The webhook body as stored (masked card details only). */
  payload: z.unknown(),
});

export const ZAdminPaymentItem = z.object({
  /** payment: a charge (top-up or checkout); transfer: a payout; event: a webhook for no known reference. */
  kind: z.enum(['payment', 'transfer', 'event']),
  id: ZId,
  reference: z.string().nullable(),
  state: ZReconciliationState,
  /** The intent's or payout's own status (pending, succeeded, failed, abandoned, reversed). */
  status: z.string(),
  purpose: z.string().nullable(),
  userId: ZId.nullable(),
  userName: z.string().nullable(),
  amountMinor: z.number().int().nullable(),
  verifiedAmountMinor: z.number().int().nullable(),
  feesMinor: z.number().int().nullable(),
  currency: z.string().nullable(),
  mismatch: z.string().nullable(),
  ledgerTransactionId: ZId.nullable(),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  events: z.array(ZAdminPaymentEvent),
});
export type TAdminPaymentItem = z.infer<typeof ZAdminPaymentItem>;

export const ZAdminPaymentsResponse = z.object({
  items: z.array(ZAdminPaymentItem),
  /** How many items are in each state (all time), for the page's tabs. */
  counts: z.object({ matched: z.number().int(), waiting: z.number().int(), failed: z.number().int(), mismatch: z.number().int() }),
  nextCursor: z.string().nullable(),
});
export type TAdminPaymentsResponse = z.infer<typeof ZAdminPaymentsResponse>;

/** POST /api/wallet/payout-recipients/resolve: the account holder's name, for confirmation before saving. */
export const ZResolveAccountInput = z.object({
  method: z.enum(['mobile_money', 'bank']),
  /** mobile money: the network (mtn, telecel, airteltigo); bank: the provider's bank code. */
  bankCode: z.string().trim().min(2).max(20),
  accountNumber: z
    .string()
    .trim()
    .max(20, { message: contractMessage(msg`Enter the account or mobile money number`) })
    .regex(/^[0-9 +]{6,20}$/, { message: contractMessage(msg`Enter the account or mobile money number`) }),
});
export type TResolveAccountInput = z.infer<typeof ZResolveAccountInput>;
export const ZResolveAccountResponse = z.object({ accountName: z.string().nullable() });
export type TResolveAccountResponse = z.infer<typeof ZResolveAccountResponse>;

/** POST /api/payments/paystack/webhook: the event was stored (or was a replay of a stored one); it is acted on after this answer. */
export const ZPaymentWebhookResponse = z.object({ received: z.literal(true) });
export type TPaymentWebhookResponse = z.infer<typeof ZPaymentWebhookResponse>;
