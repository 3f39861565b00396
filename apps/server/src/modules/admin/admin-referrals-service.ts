import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import {
  REFERRAL_ALREADY_VOID_MESSAGE,
  REFERRAL_ATTRIBUTION_NOT_FOUND_MESSAGE,
  type TAdminAttribution,
  type TAdminAttributionsResponse,
  type TAdminReferralAgentsResponse,
  type TReferralAttributionState,
  type TReferralSide,
  type TReferralSource,
  type TVoidAttributionResponse,
} from '@pulse/contract/referrals';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { ConflictError, NotFoundError } from '../../errors/domain-errors';
import { notify } from '../notifications/notifications-service';
import { reversePendingEarningsOfAttribution } from '../referrals/referral-earnings-service';
import { recordAdminAction } from './audit-log';
import { readTimeCursor, toPage, writeTimeCursor } from './keyset-cursor';

/**
 * The admin side of the referral programme (issue 13): every referral agent with its figures, the
 * attributions behind them, and voiding one (audit-logged; pending earnings reversed, future
 * orders earn nothing because the earnings code skips voided attributions).
 */

type RawRow = Record<string, unknown>;

async function rowsOf(db: Db, query: SQL): Promise<RawRow[]> {
  return ((await db.execute(query)) as unknown as { rows: RawRow[] }).rows;
}

function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

function toNullableString(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

/* ------------------------------------------------------------------ agents */

/**
 * Approved agents of kind referral or both, with their figures aggregated in one statement (one
 * grouped subquery per table, no query per agent): most sign-ups first, then by name.
 */
export async function listReferralAgents(db: Db, currency: string): Promise<TAdminReferralAgentsResponse> {
  const rows = await rowsOf(
    db,
    sql`select a.id as agent_id, u.id as user_id, u.username, u.email, rc.code, u.suspended_at is not null as suspended,
        coalesce(v.visits, 0)::int as visits,
        coalesce(ra.sign_ups, 0)::int as sign_ups,
        coalesce(ra.farms, 0)::int as farms,
        coalesce(ra.voided, 0)::int as voided,
        coalesce(e.earned, 0)::bigint as earned_minor,
        coalesce(e.pending, 0)::bigint as pending_minor
      from agents a
      join users u on u.id = a.user_id
      left join referral_codes rc on rc.agent_id = a.id
      left join (select agent_user_id, count(*) as visits from referral_visits group by agent_user_id) v on v.agent_user_id = a.user_id
      left join (
        select agent_user_id,
          count(*) filter (where voided_at is null and side = 'buyer') as sign_ups,
          count(*) filter (where voided_at is null and side = 'farm') as farms,
          count(*) filter (where voided_at is not null) as voided
        from referral_attributions group by agent_user_id
      ) ra on ra.agent_user_id = a.user_id
      left join (
        select agent_user_id,
          sum(amount_minor) filter (where status = 'available') as earned,
          sum(amount_minor) filter (where status = 'pending') as pending
        from referral_earnings group by agent_user_id
      ) e on e.agent_user_id = a.user_id
      where a.status = 'approved' and a.kind in ('referral', 'both')
      order by coalesce(ra.sign_ups, 0) desc, lower(u.username) asc, a.id asc`,
  );
  return {
    currency,
    items: rows.map((row) => ({
      agentId: String(row.agent_id),
      userId: String(row.user_id),
      username: String(row.username),
      email: String(row.email),
      code: toNullableString(row.code),
      suspended: Boolean(row.suspended),
      visits: Number(row.visits),
      signUps: Number(row.sign_ups),
      farms: Number(row.farms),
      voided: Number(row.voided),
      earnedMinor: Number(row.earned_minor),
      pendingMinor: Number(row.pending_minor),
    })),
  };
}

/* ------------------------------------------------------------ attributions */

interface AttributionRecord {
  attribution: TAdminAttribution;
  cursorAt: string;
}

/** active: earning; expired: past its window; void: voided by an admin. */
export function attributionState(row: { voidedAt: Date | null; earnsUntil: Date }, now: Date): TReferralAttributionState {
  if (row.voidedAt !== null) return 'void';
  return row.earnsUntil.getTime() > now.getTime() ? 'active' : 'expired';
}

function stateCondition(state: TReferralAttributionState, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  switch (state) {
    case 'void':
      return sql`ra.voided_at is not null`;
    case 'active':
      return sql`ra.voided_at is null and ra.earns_until > ${at}`;
    case 'expired':
      return sql`ra.voided_at is null and ra.earns_until <= ${at}`;
  }
}

async function selectAttributions(
  db: Db,
  filter: { id?: string; agentUserId?: string | undefined; state?: TReferralAttributionState | undefined; after?: { at: string; id: string } | null; limit?: number },
  now: Date,
): Promise<AttributionRecord[]> {
  const conditions: SQL[] = [];
  if (filter.id !== undefined) conditions.push(sql`ra.id = ${filter.id}`);
  if (filter.agentUserId !== undefined) conditions.push(sql`ra.agent_user_id = ${filter.agentUserId}`);
  if (filter.state !== undefined) conditions.push(stateCondition(filter.state, now));
  if (filter.after) {
    const at = sql`${filter.after.at}::timestamptz`;
    conditions.push(sql`(ra.created_at < ${at} or (ra.created_at = ${at} and ra.id < ${filter.after.id}))`);
  }
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const limit = filter.limit === undefined ? sql`` : sql`limit ${filter.limit}`;
  const rows = await rowsOf(
    db,
    sql`select ra.id, ra.agent_user_id, au.username as agent_username, ra.code, ra.referred_user_id,
        ru.username as referred_username, ru.email as referred_email, ra.side, ra.source, ra.created_at, ra.earns_until,
        ra.voided_at, ra.void_reason, vu.username as voided_by_username,
        coalesce(e.earned, 0)::bigint as earned_minor, coalesce(e.pending, 0)::bigint as pending_minor,
        to_char(ra.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at
      from referral_attributions ra
      join users au on au.id = ra.agent_user_id
      join users ru on ru.id = ra.referred_user_id
      left join users vu on vu.id = ra.voided_by_user_id
      left join lateral (
        select sum(re.amount_minor) filter (where re.status = 'available') as earned,
          sum(re.amount_minor) filter (where re.status = 'pending') as pending
        from referral_earnings re where re.attribution_id = ra.id
      ) e on true
      ${where}
      order by ra.created_at desc, ra.id desc
      ${limit}`,
  );
  return rows.map((row) => {
    const voidedAt = row.voided_at === null || row.voided_at === undefined ? null : toDate(row.voided_at);
    const earnsUntil = toDate(row.earns_until);
    return {
      cursorAt: String(row.cursor_at),
      attribution: {
        id: String(row.id),
        agentUserId: String(row.agent_user_id),
        agentUsername: String(row.agent_username),
        code: String(row.code),
        referredUserId: String(row.referred_user_id),
        referredUsername: String(row.referred_username),
        referredEmail: String(row.referred_email),
        side: String(row.side) as TReferralSide,
        source: String(row.source) as TReferralSource,
        state: attributionState({ voidedAt, earnsUntil }, now),
        attributedAt: toDate(row.created_at).toISOString(),
        earnsUntil: earnsUntil.toISOString(),
        earnedMinor: Number(row.earned_minor),
        pendingMinor: Number(row.pending_minor),
        voidedAt: voidedAt?.toISOString() ?? null,
        voidReason: toNullableString(row.void_reason),
        voidedByUsername: toNullableString(row.voided_by_username),
      },
    };
  });
}

/** GET /api/admin/referrals/attributions: newest first, keyset on (created_at, id), filtered by agent and state. */
export async function listAttributions(
  db: Db,
  currency: string,
  query: { agentUserId?: string | undefined; state?: TReferralAttributionState | undefined; cursor?: string | undefined; limit: number },
  now: Date = new Date(),
): Promise<TAdminAttributionsResponse> {
  const after = readTimeCursor(query.cursor);
  const rows = await selectAttributions(db, { agentUserId: query.agentUserId, state: query.state, after, limit: query.limit + 1 }, now);
  const { page, nextCursor } = toPage(rows, query.limit, (row) => writeTimeCursor(row.cursorAt, row.attribution.id));
  return { items: page.map((row) => row.attribution), nextCursor, currency };
}

async function findAttribution(db: Db, id: string, now: Date): Promise<TAdminAttribution | null> {
  const [row] = await selectAttributions(db, { id }, now);
  return row?.attribution ?? null;
}

/* -------------------------------------------------------------------- void */

export function voidNotificationMessage(referredUsername: string, reason: string): MessageDescriptor {
  return msg`An admin voided the referral of @${{ referredUsername }}. Reason: ${{ reason }}`;
}

/**
 * POST /api/admin/referrals/attributions/{id}/void. One transaction: the attribution is marked void
 * only if it is not void yet (so of two admins at once, the second waits for the first's row lock,
 * finds it void and gets 409), its pending earnings are reversed, and the audit row is written. The
 * agent is told after the commit; a failing notification never fails the request.
 */
export async function voidAttribution(app: FastifyInstance, admin: UserRow, attributionId: string, reason: string): Promise<TVoidAttributionResponse> {
  const now = new Date();
  const voided = await app.db.transaction(async (tx) => {
    const [row] = await rowsOf(
      tx,
      sql`update referral_attributions set voided_at = ${now.toISOString()}::timestamptz, voided_by_user_id = ${admin.id}, void_reason = ${reason}
        where id = ${attributionId} and voided_at is null
        returning id, agent_user_id, referred_user_id, side,
          (select username from users where id = referral_attributions.agent_user_id) as agent_username,
          (select username from users where id = referral_attributions.referred_user_id) as referred_username`,
    );
    if (!row) {
      const [existing] = await rowsOf(tx, sql`select id from referral_attributions where id = ${attributionId}`);
      if (!existing) throw new NotFoundError(REFERRAL_ATTRIBUTION_NOT_FOUND_MESSAGE);
      throw new ConflictError(REFERRAL_ALREADY_VOID_MESSAGE);
    }
    const agentUserId = String(row.agent_user_id);
    const referredUserId = String(row.referred_user_id);
    const side = String(row.side);
    const reversedEarnings = await reversePendingEarningsOfAttribution(tx, attributionId, now);
    await recordAdminAction(tx, {
      adminUserId: admin.id,
      action: 'referral.void',
      targetType: 'referral_attribution',
      targetId: attributionId,
      // The names as they were, so the audit log reads without looking the ids up.
      details: { agentUsername: String(row.agent_username), referredUsername: String(row.referred_username), side, reason, agentUserId, referredUserId },
    });
    return { agentUserId, reversedEarnings };
  });

  const attribution = await findAttribution(app.db, attributionId, now);
  if (!attribution) throw new NotFoundError(REFERRAL_ATTRIBUTION_NOT_FOUND_MESSAGE);
  try {
    await notify(app, voided.agentUserId, {
      type: 'announcement',
      source: 'marketplace',
      message: voidNotificationMessage(attribution.referredUsername, reason),
      content_type: 'referral_attribution',
      related_entity_id: attributionId,
      idempotencyKey: `referral-void:${attributionId}`,
    });
  } catch (error) {
    app.log.error({ err: error, attributionId }, 'Referral void notification failed');
  }
  return { attribution, reversedEarnings: voided.reversedEarnings };
}
