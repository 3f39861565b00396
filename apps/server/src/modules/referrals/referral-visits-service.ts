import { createHmac } from 'node:crypto';
import { and, count, eq, gt } from 'drizzle-orm';
import { REFERRAL_VISIT_BROWSER_HOURS, REFERRAL_VISITS_PER_IP_HOUR } from '@pulse/contract/referrals';
import type { Db } from '../../db/client';
import { referralCodes, referralVisits } from '../../db/schema/referrals';
import { resolveActiveCode } from './referral-codes';

const HOUR_MS = 60 * 60 * 1000;

/** Neither the browser's id nor the IP address is stored, only a keyed hash of each. */
export function visitKey(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

/**
 * A page was opened with `?ref=CODE`. Counted (a row stored) when the code is active, this browser
 * has no counted visit for the agent in REFERRAL_VISIT_BROWSER_HOURS, and the IP address has fewer
 * than REFERRAL_VISITS_PER_IP_HOUR in the last hour. The check and the insert hold the agent's code
 * row locked, so parallel visits cannot both slip under a limit.
 */
export async function recordReferralVisit(
  db: Db,
  secret: string,
  input: { code: string; visitorId: string; path: string; ip: string },
  now: Date = new Date(),
): Promise<{ counted: boolean }> {
  const resolved = await resolveActiveCode(db, input.code);
  if (!resolved.ok) return { counted: false };
  const visitorKey = visitKey(secret, input.visitorId);
  const ipKey = visitKey(secret, input.ip);
  const agentUserId = resolved.agentUserId;

  const counted = await db.transaction(async (tx) => {
    await tx.select({ code: referralCodes.code }).from(referralCodes).where(eq(referralCodes.code, resolved.code)).for('update');
    const [sameBrowser] = await tx
      .select({ visits: count() })
      .from(referralVisits)
      .where(
        and(
          eq(referralVisits.agentUserId, agentUserId),
          eq(referralVisits.visitorKey, visitorKey),
          gt(referralVisits.createdAt, new Date(now.getTime() - REFERRAL_VISIT_BROWSER_HOURS * HOUR_MS)),
        ),
      );
    if ((sameBrowser?.visits ?? 0) > 0) return false;
    const [sameIp] = await tx
      .select({ visits: count() })
      .from(referralVisits)
      .where(and(eq(referralVisits.agentUserId, agentUserId), eq(referralVisits.ipKey, ipKey), gt(referralVisits.createdAt, new Date(now.getTime() - HOUR_MS))));
    if ((sameIp?.visits ?? 0) >= REFERRAL_VISITS_PER_IP_HOUR) return false;
    await tx.insert(referralVisits).values({ agentUserId, visitorKey, ipKey, path: input.path.slice(0, 300) || '/', createdAt: now });
    return true;
  });
  return { counted };
}
