import { and, eq } from 'drizzle-orm';
import type { TReferralSide, TReferralSource } from '@pulse/contract/referrals';
import type { Db } from '../../db/client';
import { referralAttributions, type ReferralAttributionRow } from '../../db/schema/referrals';

/** The user's attribution on one side (voided ones included), or null. */
export async function findAttribution(db: Db, referredUserId: string, side: TReferralSide): Promise<ReferralAttributionRow | null> {
  const [row] = await db
    .select()
    .from(referralAttributions)
    .where(and(eq(referralAttributions.referredUserId, referredUserId), eq(referralAttributions.side, side)));
  return row ?? null;
}

export interface NewAttribution {
  agentUserId: string;
  code: string;
  referredUserId: string;
  side: TReferralSide;
  source: TReferralSource;
  earnsUntil: Date;
  createdAt: Date;
}

/**
 * First touch wins: null when the user already has an attribution on this side (the unique
 * (referred_user_id, side) index decides, also between two racing requests).
 */
export async function insertAttributionIfFirst(db: Db, values: NewAttribution): Promise<ReferralAttributionRow | null> {
  const [row] = await db
    .insert(referralAttributions)
    .values(values)
    .onConflictDoNothing({ target: [referralAttributions.referredUserId, referralAttributions.side] })
    .returning();
  return row ?? null;
}
