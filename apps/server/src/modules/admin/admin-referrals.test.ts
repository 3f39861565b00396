import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAuditLogResponse } from '@pulse/contract/admin';
import { ZApiErrorResponse } from '@pulse/contract/errors';
import { ZListNotificationsResponse } from '@pulse/contract/notifications';
import {
  REFERRAL_ALREADY_VOID_MESSAGE,
  REFERRAL_ATTRIBUTION_NOT_FOUND_MESSAGE,
  ZAdminAttributionsResponse,
  ZAdminReferralAgentsResponse,
  ZVoidAttributionResponse,
  type TAdminAttribution,
  type TReferralEarningStatus,
  type TReferralSide,
} from '@pulse/contract/referrals';
import { referralAttributions, referralCodes, referralEarnings, referralVisits } from '../../db/schema/referrals';
import { users } from '../../db/schema/users';
import { bearer } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { createApprovedAgent, type TestAgent } from '../agents/testing/agent-fixtures';
import { createBuyer, createSeller, makeAdmin, placePaidOrder, type TestUser } from '../orders/testing/order-fixtures';
import { createReferralAgent, findAttributionOf, signUpReferredBuyer } from '../referrals/testing/referral-fixtures';

/**
 * The admin side of the referral programme: every referral agent with its figures, the
 * attributions behind them (filters, pages) and voiding one (200 once, 409 after, one winner when
 * two admins void at once; pending earnings reversed, audit row, the agent told).
 */

let testApp: TestApp;
let admin: TestUser;
let seller: TestUser;
const DAY = 24 * 3600_000;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await createBuyer(testApp.app);
  await makeAdmin(testApp.app, admin.id);
  seller = await createSeller(testApp.app, 'Referral Test Farm');
});

afterAll(async () => {
  await testApp?.close();
});

/* ---------------------------------------------------------------- fixtures */

let codeCounter = 0;
/** A fresh code of the AMA-7K2 shape. */
function nextCode(): string {
  codeCounter += 1;
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const pick = (n: number) => letters[n % letters.length] ?? 'A';
  const stamp = Date.now() + codeCounter * 7919;
  return `${pick(stamp)}${pick(stamp >> 5)}${pick(stamp >> 10)}-${pick(codeCounter)}${codeCounter % 10}${pick(codeCounter >> 3)}`;
}

/** An approved referral agent with its code (the referrals fixture); other kinds, a pending one or one without a code directly. */
async function referralAgent(kind: 'referral' | 'both' | 'delivery' = 'referral', options: { status?: 'approved' | 'pending'; code?: boolean } = {}) {
  if (kind !== 'delivery' && options.status !== 'pending' && options.code !== false) {
    const agent = await createReferralAgent(testApp.app, { kind });
    return { ...agent, code: agent.code as string | null };
  }
  const agent = await createApprovedAgent(testApp.app, { kind, status: options.status ?? 'approved' });
  const code = options.code === false ? null : nextCode();
  if (code) await testApp.app.db.insert(referralCodes).values({ code, agentId: agent.agentId, agentUserId: agent.id });
  return { ...agent, code };
}

async function attribute(
  agent: TestAgent & { code: string | null },
  options: { side?: TReferralSide; createdAt?: Date; earnsUntil?: Date; voided?: boolean; referred?: TestUser } = {},
) {
  const referred = options.referred ?? (await createBuyer(testApp.app));
  const createdAt = options.createdAt ?? new Date();
  const [row] = await testApp.app.db
    .insert(referralAttributions)
    .values({
      agentUserId: agent.id,
      code: agent.code ?? 'NONE-1',
      referredUserId: referred.id,
      side: options.side ?? 'buyer',
      source: options.side === 'farm' ? 'seller_form' : 'signup',
      earnsUntil: options.earnsUntil ?? new Date(createdAt.getTime() + 90 * DAY),
      createdAt,
      ...(options.voided ? { voidedAt: new Date(), voidedByUserId: admin.id, voidReason: 'Set up by the test' } : {}),
    })
    .returning();
  if (!row) throw new Error('no attribution');
  return { id: row.id, referred };
}

/** An earning of the agent on a new paid order of a buyer who is not the referred person (so no other code adds earnings to it). */
async function earning(agentUserId: string, attributionId: string, status: TReferralEarningStatus, amountMinor: number) {
  const { order } = await placePaidOrder(testApp.app, { seller });
  const [row] = await testApp.app.db
    .insert(referralEarnings)
    .values({ attributionId, agentUserId, orderId: order.id, side: 'buyer', status, commissionMinor: amountMinor * 5, amountMinor, settledAt: status === 'pending' ? null : new Date() })
    .returning();
  if (!row) throw new Error('no earning');
  return row.id;
}

async function visits(agentUserId: string, count: number) {
  await testApp.app.db
    .insert(referralVisits)
    .values(Array.from({ length: count }, (_, index) => ({ agentUserId, visitorKey: `visitor-${agentUserId}-${index}`, ipKey: `ip-${index}`, path: '/' })));
}

function call(method: 'GET' | 'POST', url: string, token: string | null, payload?: object) {
  return testApp.app.inject({ method, url, ...(token ? { headers: bearer(token) } : {}), ...(payload ? { payload } : {}) });
}

async function agentsList() {
  const response = await call('GET', '/api/admin/referrals/agents', admin.token);
  expect(response.statusCode, response.body).toBe(200);
  return ZAdminReferralAgentsResponse.parse(response.json());
}

async function attributions(query: string) {
  const response = await call('GET', `/api/admin/referrals/attributions?${query}`, admin.token);
  expect(response.statusCode, response.body).toBe(200);
  return ZAdminAttributionsResponse.parse(response.json());
}

function voidCall(id: string, reason = 'Both accounts belong to the same family', token = admin.token) {
  return call('POST', `/api/admin/referrals/attributions/${id}/void`, token, { reason });
}

async function earningStatuses(ids: string[]) {
  const rows = await testApp.app.db.select({ id: referralEarnings.id, status: referralEarnings.status }).from(referralEarnings).where(inArray(referralEarnings.id, ids));
  return Object.fromEntries(rows.map((row) => [row.id, row.status]));
}

function errorOf(body: string) {
  return ZApiErrorResponse.parse(JSON.parse(body)).error;
}

/* ------------------------------------------------------------------ access */

describe('who may call the admin referral routes', () => {
  const unknownId = '01900000-0000-7000-8000-000000000000';
  const routes: Array<[string, 'GET' | 'POST', string, object | undefined]> = [
    ['agents', 'GET', '/api/admin/referrals/agents', undefined],
    ['attributions', 'GET', '/api/admin/referrals/attributions', undefined],
    ['void', 'POST', `/api/admin/referrals/attributions/${unknownId}/void`, { reason: 'Testing access' }],
  ];

  it.each(routes)('%s: a visitor gets 401, a buyer and a referral agent 403', async (_name, method, url, payload) => {
    const buyer = await createBuyer(testApp.app);
    const agent = await referralAgent('both');
    expect((await call(method, url, null, payload)).statusCode).toBe(401);
    const asBuyer = await call(method, url, buyer.token, payload);
    expect(asBuyer.statusCode).toBe(403);
    expect(errorOf(asBuyer.body).code).toBe('forbidden');
    expect((await call(method, url, agent.token, payload)).statusCode).toBe(403);
  });

  it('an unknown attribution is 404 for an admin, with the contract message', async () => {
    const response = await voidCall(unknownId);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response.body).message).toBe(REFERRAL_ATTRIBUTION_NOT_FOUND_MESSAGE);
  });

  it('bad input is a 400, never a 5xx', async () => {
    const agent = await referralAgent();
    const { id } = await attribute(agent);
    const short = await voidCall(id, 'no');
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('Give a reason of at least 3 characters');
    expect((await call('POST', '/api/admin/referrals/attributions/not-a-uuid/void', admin.token, { reason: 'Fraud ring' })).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/referrals/attributions?state=gone', admin.token)).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/referrals/attributions?agentUserId=nope', admin.token)).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/referrals/attributions?cursor=abc', admin.token)).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/referrals/attributions?limit=500', admin.token)).statusCode).toBe(400);
  });
});

/* ------------------------------------------------------------------ agents */

describe('GET /api/admin/referrals/agents', () => {
  it('lists approved referral agents (kind referral or both) with their figures, most sign-ups first', async () => {
    const star = await referralAgent('referral');
    const newcomer = await referralAgent('both', { code: false });
    const delivery = await referralAgent('delivery');
    const pending = await referralAgent('referral', { status: 'pending' });

    await visits(star.id, 4);
    const first = await attribute(star);
    const second = await attribute(star);
    await attribute(star);
    await attribute(star, { voided: true });
    await attribute(star, { side: 'farm' });
    await earning(star.id, first.id, 'available', 300);
    await earning(star.id, first.id, 'available', 200);
    await earning(star.id, second.id, 'pending', 150);
    await earning(star.id, second.id, 'reversed', 999);

    const list = await agentsList();
    expect(list.currency).toBe(testApp.config.currency);
    const ids = list.items.map((item) => item.userId);
    expect(ids).not.toContain(delivery.id);
    expect(ids).not.toContain(pending.id);

    const starRow = list.items.find((item) => item.userId === star.id);
    expect(starRow).toEqual({
      agentId: star.agentId,
      userId: star.id,
      username: star.username,
      email: expect.stringContaining('@') as string,
      code: star.code,
      suspended: false,
      visits: 4,
      signUps: 3,
      farms: 1,
      voided: 1,
      earnedMinor: 500,
      pendingMinor: 150,
    });
    expect(list.items.find((item) => item.userId === newcomer.id)).toMatchObject({
      code: null,
      visits: 0,
      signUps: 0,
      farms: 0,
      voided: 0,
      earnedMinor: 0,
      pendingMinor: 0,
    });
    const signUps = list.items.map((item) => item.signUps);
    expect(signUps).toEqual([...signUps].sort((a, b) => b - a));
    expect(ids.indexOf(star.id)).toBeLessThan(ids.indexOf(newcomer.id));
  });

  it('says when an agent is suspended', async () => {
    const agent = await referralAgent('both');
    await testApp.app.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, agent.id));
    const row = (await agentsList()).items.find((item) => item.userId === agent.id);
    expect(row?.suspended).toBe(true);
  });
});

/* ------------------------------------------------------------ attributions */

describe('GET /api/admin/referrals/attributions', () => {
  it('lists newest first with the earned and pending sums of each, filtered by agent and state', async () => {
    const agent = await referralAgent('both');
    const other = await referralAgent('referral');
    const now = Date.now();
    const expired = await attribute(agent, { createdAt: new Date(now - 120 * DAY), earnsUntil: new Date(now - 30 * DAY) });
    const voided = await attribute(agent, { createdAt: new Date(now - 60 * DAY), voided: true });
    const farm = await attribute(agent, { side: 'farm', createdAt: new Date(now - 2 * DAY), earnsUntil: new Date(now + 178 * DAY) });
    const active = await attribute(agent, { createdAt: new Date(now - DAY) });
    const othersOwn = await attribute(other);
    await earning(agent.id, active.id, 'available', 120);
    await earning(agent.id, active.id, 'pending', 80);
    await earning(agent.id, active.id, 'reversed', 40);

    const all = await attributions(`agentUserId=${agent.id}`);
    expect(all.items.map((item) => item.id)).toEqual([active.id, farm.id, voided.id, expired.id]);
    expect(all.nextCursor).toBeNull();
    expect(all.currency).toBe(testApp.config.currency);
    expect(all.items.map((item) => item.id)).not.toContain(othersOwn.id);

    const first = all.items[0] as TAdminAttribution;
    expect(first).toMatchObject({
      agentUserId: agent.id,
      agentUsername: agent.username,
      code: agent.code,
      referredUserId: active.referred.id,
      referredUsername: active.referred.username,
      side: 'buyer',
      source: 'signup',
      state: 'active',
      earnedMinor: 120,
      pendingMinor: 80,
      voidedAt: null,
      voidReason: null,
      voidedByUsername: null,
    });
    expect(first.referredEmail).toContain('@');
    expect(all.items.find((item) => item.id === voided.id)).toMatchObject({ state: 'void', voidReason: 'Set up by the test', voidedByUsername: admin.username });

    expect((await attributions(`agentUserId=${agent.id}&state=active`)).items.map((item) => item.id)).toEqual([active.id, farm.id]);
    expect((await attributions(`agentUserId=${agent.id}&state=expired`)).items.map((item) => item.id)).toEqual([expired.id]);
    expect((await attributions(`agentUserId=${agent.id}&state=void`)).items.map((item) => item.id)).toEqual([voided.id]);

    // Without an agent: everyone's, the other agent's included.
    const everyone = await attributions('limit=50');
    expect(everyone.items.map((item) => item.id)).toContain(othersOwn.id);
  });

  it('pages with a keyset cursor: every row once, in order, even when rows share a time', async () => {
    const agent = await referralAgent('referral');
    const at = new Date(Date.now() - 5 * DAY);
    const made: string[] = [];
    for (let index = 0; index < 5; index += 1) made.push((await attribute(agent, { createdAt: index < 3 ? at : new Date(at.getTime() + index * 1000) })).id);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await attributions(`agentUserId=${agent.id}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);

    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(5);
    expect([...seen].sort()).toEqual([...made].sort());
    const full = await attributions(`agentUserId=${agent.id}`);
    expect(seen).toEqual(full.items.map((item) => item.id));
  });
});

/* -------------------------------------------------------------------- void */

describe('POST /api/admin/referrals/attributions/:id/void', () => {
  it('voids once: pending earnings reversed, earned ones kept, audit row, the agent told; a second void is 409', async () => {
    const agent = await referralAgent('both');
    // The person signed up through the agent's link, as in the product.
    const signedUp = await signUpReferredBuyer(testApp.app, agent.code);
    const attribution = await findAttributionOf(testApp.app, signedUp.user.id, 'buyer');
    if (!attribution) throw new Error('the sign-up with the code attributed nothing');
    const { id } = attribution;
    const referred = { id: signedUp.user.id, username: signedUp.user.username };
    const kept = await attribute(agent);
    const pendingOne = await earning(agent.id, id, 'pending', 70);
    const pendingTwo = await earning(agent.id, id, 'pending', 30);
    const earned = await earning(agent.id, id, 'available', 100);
    const otherPending = await earning(agent.id, kept.id, 'pending', 55);

    const before = (await agentsList()).items.find((item) => item.userId === agent.id);
    expect(before).toMatchObject({ signUps: 2, voided: 0, earnedMinor: 100, pendingMinor: 155 });

    const response = await voidCall(id, 'Same household as the agent');
    expect(response.statusCode, response.body).toBe(200);
    const body = ZVoidAttributionResponse.parse(response.json());
    expect(body.reversedEarnings).toBe(2);
    expect(body.attribution).toMatchObject({
      id,
      state: 'void',
      voidReason: 'Same household as the agent',
      voidedByUsername: admin.username,
      earnedMinor: 100,
      pendingMinor: 0,
    });
    expect(body.attribution.voidedAt).not.toBeNull();

    expect(await earningStatuses([pendingOne, pendingTwo, earned, otherPending])).toEqual({
      [pendingOne]: 'reversed',
      [pendingTwo]: 'reversed',
      [earned]: 'available',
      [otherPending]: 'pending',
    });

    const after = (await agentsList()).items.find((item) => item.userId === agent.id);
    expect(after).toMatchObject({ signUps: 1, voided: 1, earnedMinor: 100, pendingMinor: 55 });

    const log = ZAuditLogResponse.parse((await call('GET', '/api/admin/audit-log?limit=100', admin.token)).json());
    const entries = log.items.filter((entry) => entry.targetId === id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'referral.void',
      targetType: 'referral_attribution',
      admin: { id: admin.id, username: admin.username },
      details: {
        agentUserId: agent.id,
        agentUsername: agent.username,
        referredUserId: referred.id,
        referredUsername: referred.username,
        side: 'buyer',
        reason: 'Same household as the agent',
      },
    });

    const inbox = ZListNotificationsResponse.parse((await call('GET', '/api/notifications?limit=50', agent.token)).json());
    expect(inbox.items.map((item) => item.message)).toContain(`An admin voided the referral of @${referred.username}. Reason: Same household as the agent`);

    const again = await voidCall(id, 'Trying a second time');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again.body)).toMatchObject({ code: 'conflict', message: REFERRAL_ALREADY_VOID_MESSAGE });
    const [row] = await testApp.app.db.select().from(referralAttributions).where(eq(referralAttributions.id, id));
    expect(row?.voidReason).toBe('Same household as the agent');
  });

  it('two admins voiding at once: one 200, one 409, one audit row', async () => {
    const second = await createBuyer(testApp.app);
    await makeAdmin(testApp.app, second.id);
    const agent = await referralAgent('referral');
    const { id } = await attribute(agent);
    await earning(agent.id, id, 'pending', 90);

    const responses = await Promise.all([voidCall(id, 'Duplicate account A'), voidCall(id, 'Duplicate account B', second.token)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const winner = ZVoidAttributionResponse.parse(responses.find((response) => response.statusCode === 200)?.json());
    expect(winner.reversedEarnings).toBe(1);

    const audit = await testApp.app.db.execute(sql`select count(*)::int as n from admin_audit_log where target_id = ${id} and action = 'referral.void'`);
    expect(Number((audit as unknown as { rows: Array<{ n: number }> }).rows[0]?.n)).toBe(1);
  });
});

/* ------------------------------------------- an agent sees only its own rows */

describe("a referral agent's own lists", () => {
  it("never contain another agent's referred people or earnings", async () => {
    const mine = await referralAgent('referral');
    const theirs = await referralAgent('both');
    const myPerson = await attribute(mine);
    const theirPerson = await attribute(theirs);
    const theirFarm = await attribute(theirs, { side: 'farm' });
    const myEarning = await earning(mine.id, myPerson.id, 'pending', 40);
    const theirEarning = await earning(theirs.id, theirPerson.id, 'available', 60);

    const listOf = async (agent: TestAgent, path: 'people' | 'earnings') => {
      const response = await call('GET', `/api/referrals/me/${path}?limit=50`, agent.token);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { items: Array<{ attributionId?: string; id?: string; username?: string; referredUsername?: string }> };
    };

    const myPeople = await listOf(mine, 'people');
    expect(myPeople.items.map((item) => item.attributionId)).toEqual([myPerson.id]);
    expect(JSON.stringify(myPeople)).not.toContain(theirPerson.referred.username);
    expect(JSON.stringify(myPeople)).not.toContain(theirFarm.referred.username);
    const theirPeople = await listOf(theirs, 'people');
    expect(theirPeople.items.map((item) => item.attributionId).sort()).toEqual([theirPerson.id, theirFarm.id].sort());

    const myEarnings = await listOf(mine, 'earnings');
    expect(myEarnings.items.map((item) => item.id)).toEqual([myEarning]);
    expect(JSON.stringify(myEarnings)).not.toContain(theirPerson.referred.username);
    expect((await listOf(theirs, 'earnings')).items.map((item) => item.id)).toEqual([theirEarning]);
  });
});
