import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payoutRecipients, type PayoutRecipientRow } from '../../db/schema/payments';

export interface PayoutRecipientKey {
  userId: string;
  provider: string;
  bankCode: string;
  accountNumber: string;
}

export async function findPayoutRecipient(db: Db, key: PayoutRecipientKey): Promise<PayoutRecipientRow | null> {
  const [row] = await db
    .select()
    .from(payoutRecipients)
    .where(
      and(
        eq(payoutRecipients.userId, key.userId),
        eq(payoutRecipients.provider, key.provider),
        eq(payoutRecipients.bankCode, key.bankCode),
        eq(payoutRecipients.accountNumber, key.accountNumber),
      ),
    );
  return row ?? null;
}

/** Stores the provider's recipient once per user, provider and account; a concurrent twin's row is returned instead. */
export async function insertPayoutRecipient(
  db: Db,
  values: PayoutRecipientKey & { method: string; accountName: string; recipientCode: string; currency: string },
): Promise<PayoutRecipientRow> {
  const [row] = await db
    .insert(payoutRecipients)
    .values(values)
    .onConflictDoNothing({ target: [payoutRecipients.userId, payoutRecipients.provider, payoutRecipients.bankCode, payoutRecipients.accountNumber] })
    .returning();
  if (row) return row;
  const existing = await findPayoutRecipient(db, values);
  if (!existing) throw new Error('payout recipient conflict without a row');
  return existing;
}
