import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TAuthResponse } from '@pulse/contract/auth';
import { agents } from '../../../db/schema/agents';
import { referralAttributions, type ReferralAttributionRow } from '../../../db/schema/referrals';
import { users } from '../../../db/schema/users';
import { TEST_PASSWORD, bearer, nextSignUpAddress } from '../../../testing/auth-helpers';
import { createApprovedAgent, type TestAgent } from '../../agents/testing/agent-fixtures';
import { findAgentById } from '../../agents/agents-repository';
import { ensureReferralCode } from '../referral-codes';

/**
 * Referral test fixtures (issue 13), shared by the referral, earnings, admin and seed tests:
 * an approved referral agent with its code, and a buyer who signed up through that code.
 */

export interface TestReferralAgent extends TestAgent {
  /** The agent's user id (same as `id`). */
  userId: string;
  email: string;
  /** The agent's referral code, e.g. `AMA-7K2`. */
  code: string;
}

export interface ReferralAgentOptions {
  kind?: 'referral' | 'both';
  /** The agent account's e-mail (lower case); a unique one when not given. */
  email?: string;
  /** The payout account number on the agent's application (default `0245550101`). */
  payoutAccountNumber?: string;
}

/** An approved referral agent (kind `referral` unless told) with its code, made as approval makes it. */
export async function createReferralAgent(app: FastifyInstance, options: ReferralAgentOptions = {}): Promise<TestReferralAgent> {
  const agent = await createApprovedAgent(app, { kind: options.kind ?? 'referral' });
  if (options.email) await app.db.update(users).set({ email: options.email.toLowerCase() }).where(eq(users.id, agent.id));
  if (options.payoutAccountNumber !== undefined) {
    await app.db.update(agents).set({ payoutAccountNumber: options.payoutAccountNumber }).where(eq(agents.id, agent.agentId));
  }
  const row = await findAgentById(app.db, agent.agentId);
  if (!row) throw new Error('referral agent row missing');
  const code = await ensureReferralCode(app.db, row);
  const [user] = await app.db.select({ email: users.email }).from(users).where(eq(users.id, agent.id));
  return { ...agent, userId: agent.id, email: user?.email ?? '', code };
}

/** Suspends the account (as an admin would), which makes its referral code inactive. */
export async function suspendUserDirectly(app: FastifyInstance, userId: string): Promise<void> {
  await app.db.update(users).set({ suspendedAt: new Date(), suspensionReason: 'Test suspension' }).where(eq(users.id, userId));
}

let counter = 0;

/**
 * Signs up a new buyer through POST /api/auth/register with `referralCode` (what the web sends
 * after a `?ref=` link). The sign-up never fails because of the code; whether it attributed is
 * for the test to check (findBuyerAttribution).
 */
export async function signUpReferredBuyer(
  app: FastifyInstance,
  referralCode: string | null,
  overrides: Partial<{ email: string; username: string }> = {},
): Promise<TAuthResponse & { password: string }> {
  counter += 1;
  const suffix = `${Date.now().toString(36)}r${counter}`;
  const body = {
    email: overrides.email ?? `referred${suffix}@example.com`,
    username: overrides.username ?? `referred${suffix}`,
    password: TEST_PASSWORD,
    referralCode,
  };
  const response = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body, remoteAddress: nextSignUpAddress() });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const registered = response.json() as TAuthResponse;
  // As if the mailed link was followed: these people go on to apply (decision 053).
  await app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, registered.user.id));
  return { ...registered, user: { ...registered.user, email_verified: true }, password: body.password };
}

/** The referred user's attribution on one side, or null. */
export async function findAttributionOf(app: FastifyInstance, referredUserId: string, side: 'buyer' | 'farm'): Promise<ReferralAttributionRow | null> {
  const rows = await app.db.select().from(referralAttributions).where(eq(referralAttributions.referredUserId, referredUserId));
  return rows.find((row) => row.side === side) ?? null;
}

export { bearer };
