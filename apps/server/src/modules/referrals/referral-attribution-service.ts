import {
  REFERRAL_CODE_INACTIVE_MESSAGE,
  REFERRAL_CODE_UNKNOWN_MESSAGE,
  REFERRAL_SAME_PAYOUT_MESSAGE,
  REFERRAL_SELF_MESSAGE,
} from '@pulse/contract/referrals';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { AgentRow } from '../../db/schema/agents';
import type { ReferralAttributionRow } from '../../db/schema/referrals';
import type { UserRow } from '../../db/schema/users';
import { InvalidError } from '../../errors/domain-errors';
import { isSameMailbox } from '../../lib/normalize-email';
import { findAgentByUserId } from '../agents/agents-repository';
import { findUserById } from '../auth/users-repository';
import { findAttribution, insertAttributionIfFirst } from './referral-attribution-repository';
import { findCodeByAgentUserId, isReferralAgent, resolveActiveCode } from './referral-codes';

const DAY_MS = 24 * 60 * 60 * 1000;

function daysAfter(now: Date, days: number): Date {
  return new Date(now.getTime() + days * DAY_MS);
}

/** The digits of a payout account number: "024 555-0101" and "0245550101" are the same account. */
export function payoutDigits(accountNumber: string | null | undefined): string {
  return (accountNumber ?? '').replace(/\D/g, '');
}

function samePayoutAccount(agent: Pick<AgentRow, 'payoutAccountNumber'>, accountNumber: string): boolean {
  const agentDigits = payoutDigits(agent.payoutAccountNumber);
  return agentDigits !== '' && agentDigits === payoutDigits(accountNumber);
}

function isSelfReferral(agentUser: Pick<UserRow, 'id' | 'email'>, user: Pick<UserRow, 'id' | 'email'>): boolean {
  return agentUser.id === user.id || isSameMailbox(agentUser.email, user.email);
}

/**
 * Attributes a user who has just signed up (e-mail or OpenID Connect) to the agent of the `?ref=`
 * code the browser remembered: side `buyer`, earning for REFERRAL_BUYER_DAYS. Never refuses: an
 * absent, malformed, unknown or inactive code, the agent's own account or e-mail (normalised), or a
 * user already attributed (first touch wins) all give null and the account stays as it is.
 * Call it only for an account this request created; an existing account is never attributed.
 */
export async function attributeSignUp(
  db: Db,
  config: Pick<Config, 'referrals'>,
  user: UserRow,
  rawCode: string | null | undefined,
  source: 'signup' | 'oidc_signup',
  now: Date = new Date(),
): Promise<ReferralAttributionRow | null> {
  if (!rawCode) return null;
  const resolved = await resolveActiveCode(db, rawCode);
  if (!resolved.ok) return null;
  if (isSelfReferral(resolved.agentUser, user)) return null;
  return insertAttributionIfFirst(db, {
    agentUserId: resolved.agentUserId,
    code: resolved.code,
    referredUserId: user.id,
    side: 'buyer',
    source,
    earnsUntil: daysAfter(now, config.referrals.buyerDays),
    createdAt: now,
  });
}

function refuse(message: string): never {
  throw new InvalidError(message, { referralCode: message });
}

/**
 * The farm's attribution at its seller application (run inside the application's transaction, so a
 * refusal saves nothing). A farm already attributed keeps its agent and nothing is checked. A typed
 * code must exist, be active, not be the applicant's own (account or normalised e-mail) and not
 * belong to an agent paid to the same account number (digits compared); otherwise 400 with the
 * message on `referralCode`. The farm then goes to the agent who referred the person at sign-up
 * (first touch, source `referred_person`) while that agent is still active and the payout guard
 * passes; else to the typed code's agent (source `seller_form`). Earns for REFERRAL_SELLER_DAYS.
 */
export async function attributeFarm(
  db: Db,
  config: Pick<Config, 'referrals'>,
  caller: UserRow,
  typedCode: string | null,
  payout: { accountNumber: string },
  now: Date = new Date(),
): Promise<ReferralAttributionRow | null> {
  if (await findAttribution(db, caller.id, 'farm')) return null;

  let typed: { agentUserId: string; code: string } | null = null;
  if (typedCode && typedCode.trim() !== '') {
    const resolved = await resolveActiveCode(db, typedCode);
    if (!resolved.ok) refuse(resolved.reason === 'unknown' ? REFERRAL_CODE_UNKNOWN_MESSAGE : REFERRAL_CODE_INACTIVE_MESSAGE);
    if (isSelfReferral(resolved.agentUser, caller)) refuse(REFERRAL_SELF_MESSAGE);
    if (samePayoutAccount(resolved.agent, payout.accountNumber)) refuse(REFERRAL_SAME_PAYOUT_MESSAGE);
    typed = { agentUserId: resolved.agentUserId, code: resolved.code };
  }

  const farm = { referredUserId: caller.id, side: 'farm' as const, earnsUntil: daysAfter(now, config.referrals.sellerDays), createdAt: now };

  const firstTouch = await findAttribution(db, caller.id, 'buyer');
  if (firstTouch && firstTouch.voidedAt === null) {
    const agent = await findAgentByUserId(db, firstTouch.agentUserId);
    const agentUser = await findUserById(db, firstTouch.agentUserId);
    const eligible =
      agent !== null &&
      agentUser !== null &&
      isReferralAgent(agent) &&
      agentUser.suspendedAt === null &&
      !isSelfReferral(agentUser, caller) &&
      !samePayoutAccount(agent, payout.accountNumber);
    if (eligible) {
      const code = (await findCodeByAgentUserId(db, agentUser.id)) ?? firstTouch.code;
      return insertAttributionIfFirst(db, { ...farm, agentUserId: agentUser.id, code, source: 'referred_person' });
    }
  }

  if (!typed) return null;
  return insertAttributionIfFirst(db, { ...farm, agentUserId: typed.agentUserId, code: typed.code, source: 'seller_form' });
}
