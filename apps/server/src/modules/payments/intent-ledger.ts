import type { Db } from '../../db/client';
import type { PaymentIntentRow } from '../../db/schema/payments';
import { postLedgerTransaction } from '../wallet/ledger-service';

/*
 * The ledger side of a decided intent, shared by every purpose (top-up, checkout). Kept apart from
 * intent-purposes.ts so a purpose's own module can use it without importing the purposes' table.
 */

/** The ledger key of an intent's credit; the admin's reconciliation finds the transaction by it. */
export function intentLedgerKey(intentId: string): string {
  return `intent:${intentId}`;
}

export function intentFeeLedgerKey(intentId: string): string {
  return `intent-fee:${intentId}`;
}

/**
 * The provider's fee, so provider_clearing ends at what the provider settles: the credit moved the
 * whole amount out of clearing (negative: money the provider holds for us), the fee brings it back
 * by what the provider kept, and the platform bears it (platform_provider_fees goes negative).
 */
export async function postProviderFee(db: Db, intent: PaymentIntentRow, feesMinor: number): Promise<void> {
  if (feesMinor <= 0) return;
  await postLedgerTransaction(db, {
    kind: 'provider_fee',
    idempotencyKey: intentFeeLedgerKey(intent.id),
    memo: `Provider fee on ${intent.reference}`,
    currency: intent.currency,
    postings: [
      { account: { ownerUserId: null, kind: 'provider_clearing' }, amountMinor: feesMinor },
      { account: { ownerUserId: null, kind: 'platform_provider_fees' }, amountMinor: -feesMinor },
    ],
  });
}
