import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  REFERRAL_CODE_UNKNOWN_MESSAGE,
  REFERRAL_NOT_REFERRAL_AGENT_MESSAGE,
  ZReferralCode,
  type TReferralCodeResponse,
} from '@pulse/contract/referrals';
import type { Db } from '../../db/client';
import { agents, type AgentRow } from '../../db/schema/agents';
import { referralCodes } from '../../db/schema/referrals';
import { users, type UserRow } from '../../db/schema/users';
import { ForbiddenError, NotFoundError } from '../../errors/domain-errors';

/** The random half of a code: no 0/O, 1/I, so a code read aloud or off paper is typed right. */
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const RANDOM_PART_LENGTH = 3;
const PREFIX_LENGTH = 3;
const MAX_ATTEMPTS = 10;

/** `Ama_Mensah` -> `AMA`, `Ọla` -> `OLA`, `k2` -> `KXX`: the first three ASCII letters, upper case, padded with X. */
export function referralCodePrefix(username: string): string {
  const letters = username
    .normalize('NFKD')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase()
    .slice(0, PREFIX_LENGTH);
  return letters.padEnd(PREFIX_LENGTH, 'X');
}

/** `AMA-7K2`: the prefix, a dash and three random characters of REFERRAL_CODE_ALPHABET. */
export function generateReferralCode(username: string): string {
  let random = '';
  for (let index = 0; index < RANDOM_PART_LENGTH; index += 1) random += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  return `${referralCodePrefix(username)}-${random}`;
}

/** Approved, kind referral or both: the agents who refer (a delivery-only agent has no code). */
export function isReferralAgent(agent: Pick<AgentRow, 'kind' | 'status'>): boolean {
  return agent.status === 'approved' && (agent.kind === 'referral' || agent.kind === 'both');
}

export async function findCodeByAgentId(db: Db, agentId: string): Promise<string | null> {
  const [row] = await db.select({ code: referralCodes.code }).from(referralCodes).where(eq(referralCodes.agentId, agentId));
  return row?.code ?? null;
}

export async function findCodeByAgentUserId(db: Db, agentUserId: string): Promise<string | null> {
  const [row] = await db.select({ code: referralCodes.code }).from(referralCodes).where(eq(referralCodes.agentUserId, agentUserId));
  return row?.code ?? null;
}

/**
 * The agent's code, made on first need (at approval, or lazily by the referrals pages). One code
 * per agent: a taken code is retried with new random characters, and when two requests make the
 * agent's first code at once, the unique agent index keeps one and both answer with it.
 * Refused (403) for an agent that is not an approved referral agent.
 */
export async function ensureReferralCode(db: Db, agent: AgentRow): Promise<string> {
  const existing = await findCodeByAgentId(db, agent.id);
  if (existing) return existing;
  if (!isReferralAgent(agent)) throw new ForbiddenError(REFERRAL_NOT_REFERRAL_AGENT_MESSAGE);
  const [owner] = await db.select({ username: users.username }).from(users).where(eq(users.id, agent.userId));
  const username = owner?.username ?? '';
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const [inserted] = await db
      .insert(referralCodes)
      .values({ code: generateReferralCode(username), agentId: agent.id, agentUserId: agent.userId })
      .onConflictDoNothing()
      .returning({ code: referralCodes.code });
    if (inserted) return inserted.code;
    // Either the code belongs to someone else (try another) or a parallel request gave this agent one.
    const winner = await findCodeByAgentId(db, agent.id);
    if (winner) return winner;
  }
  throw new Error(`Could not find a free referral code for agent ${agent.id} after ${MAX_ATTEMPTS} attempts`);
}

export type ResolvedReferralCode =
  | { ok: true; code: string; agentUserId: string; agent: AgentRow; agentUser: UserRow }
  | { ok: false; reason: 'unknown' | 'inactive' };

/**
 * What a typed or remembered code points at. Case and surrounding spaces do not matter; a malformed
 * or unknown code is `unknown`; a code whose agent is no longer an approved referral agent, or whose
 * account is suspended, is `inactive`.
 */
export async function resolveActiveCode(db: Db, rawCode: string | null | undefined): Promise<ResolvedReferralCode> {
  const parsed = ZReferralCode.safeParse(rawCode ?? '');
  if (!parsed.success) return { ok: false, reason: 'unknown' };
  const [row] = await db
    .select({ code: referralCodes.code, agent: agents, agentUser: users })
    .from(referralCodes)
    .innerJoin(agents, eq(agents.id, referralCodes.agentId))
    .innerJoin(users, eq(users.id, referralCodes.agentUserId))
    .where(eq(referralCodes.code, parsed.data));
  if (!row) return { ok: false, reason: 'unknown' };
  if (!isReferralAgent(row.agent) || row.agentUser.suspendedAt !== null) return { ok: false, reason: 'inactive' };
  return { ok: true, code: row.code, agentUserId: row.agentUser.id, agent: row.agent, agentUser: row.agentUser };
}

/** GET /api/referrals/codes/{code}: whose code it is ("Invited by ..."); an unknown or inactive code is 404 alike. */
export async function lookupReferralCode(db: Db, rawCode: string): Promise<TReferralCodeResponse> {
  const resolved = await resolveActiveCode(db, rawCode);
  if (!resolved.ok) throw new NotFoundError(REFERRAL_CODE_UNKNOWN_MESSAGE);
  return { code: resolved.code, agentUsername: resolved.agentUser.username, agentProfilePictureUrl: resolved.agentUser.profilePictureUrl };
}
