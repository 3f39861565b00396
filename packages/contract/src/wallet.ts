import { z } from 'zod';
import { ZId } from './ids';
import { ZMinor, ZSignedMinor } from './money';

export const ZLedgerTransactionKind = z.enum(['top_up', 'order_payment', 'escrow_release', 'refund', 'weight_adjustment', 'payout', 'tip']);
export type TLedgerTransactionKind = z.infer<typeof ZLedgerTransactionKind>;

/** GET /api/wallet: balances derived from the ledger. */
export const ZWalletResponse = z.object({
  currency: z.string(),
  availableMinor: ZMinor,
  escrowMinor: ZMinor,
  paidOutMinor: ZMinor,
});
export type TWalletResponse = z.infer<typeof ZWalletResponse>;

/** One movement as the wallet's owner sees it: the net change of their available + escrow. */
export const ZWalletEntry = z.object({
  id: ZId,
  kind: ZLedgerTransactionKind,
  /** Change of the available balance (negative = money left it). */
  availableChangeMinor: ZSignedMinor,
  escrowChangeMinor: ZSignedMinor,
  orderId: ZId.nullable(),
  memo: z.string(),
  createdAt: z.iso.datetime(),
});
export type TWalletEntry = z.infer<typeof ZWalletEntry>;

export const ZWalletHistoryQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number({ message: 'Must be a number' }).int().min(1).max(100).default(20),
});
export const ZWalletHistoryResponse = z.object({ items: z.array(ZWalletEntry), nextCursor: z.string().nullable() });
export type TWalletHistoryResponse = z.infer<typeof ZWalletHistoryResponse>;

export const TOP_UP_MIN_MINOR = 100;
export const TOP_UP_MAX_MINOR = 1_000_000;

/** POST /api/wallet/top-ups with header Idempotency-Key. */
export const ZTopUpInput = z.object({
  amountMinor: z
    .number({ message: 'Enter an amount' })
    .int({ message: 'Enter a whole number of cents' })
    .min(TOP_UP_MIN_MINOR, { message: 'The smallest top-up is 1.00' })
    .max(TOP_UP_MAX_MINOR, { message: 'The largest top-up is 10,000.00' }),
  /** Sandbox card outcome for tests and demos: `4000 0000 0000 0002` is declined. */
  cardNumber: z.string().trim().regex(/^[0-9 ]{12,23}$/, { message: 'Enter a card number' }).optional(),
});
export type TTopUpInput = z.infer<typeof ZTopUpInput>;

export const ZTopUpResponse = z.object({
  id: ZId,
  status: z.enum(['pending', 'succeeded', 'failed']),
  amountMinor: ZMinor,
  failureReason: z.string().nullable(),
  wallet: ZWalletResponse,
});
export type TTopUpResponse = z.infer<typeof ZTopUpResponse>;
