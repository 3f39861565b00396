import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERRAL_VISITS_PER_IP_HOUR, REFERRAL_VISIT_BROWSER_HOURS } from '@pulse/contract/referrals';
import { referralVisits } from '../../db/schema/referrals';
import { bearer } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { recordReferralVisit, visitKey } from './referral-visits-service';
import { createReferralAgent, suspendUserDirectly } from './testing/referral-fixtures';

const HOUR_MS = 60 * 60 * 1000;

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

function visit(code: string, visitorId: string, ip: string, headers: Record<string, string> = {}) {
  return testApp.app.inject({ method: 'POST', url: '/api/referrals/visits', remoteAddress: ip, headers, payload: { code, visitorId, path: '/products' } });
}

async function countedVisits(agentUserId: string): Promise<number> {
  const [row] = await testApp.app.db.select({ visits: count() }).from(referralVisits).where(eq(referralVisits.agentUserId, agentUserId));
  return row?.visits ?? 0;
}

describe('POST /api/referrals/visits', () => {
  it('counts a browser once per code in REFERRAL_VISIT_BROWSER_HOURS, signed in or not, and stores no raw id or address', async () => {
    const agent = await createReferralAgent(testApp.app);
    const other = await createReferralAgent(testApp.app, { kind: 'both' });
    const visitorId = randomUUID();
    const first = await visit(agent.code, visitorId, '203.0.113.10');
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ counted: true });
    const again = await visit(agent.code.toLowerCase(), visitorId, '203.0.113.10', bearer(agent.token));
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ counted: false });
    expect(await countedVisits(agent.userId)).toBe(1);
    // Another agent's link in the same browser is that agent's visit.
    expect((await visit(other.code, visitorId, '203.0.113.10')).json()).toEqual({ counted: true });

    const [row] = await testApp.app.db.select().from(referralVisits).where(eq(referralVisits.agentUserId, agent.userId));
    expect(row).toMatchObject({ visitorKey: visitKey(testApp.app.jwtSecret, visitorId), ipKey: visitKey(testApp.app.jwtSecret, '203.0.113.10'), path: '/products' });
    expect(JSON.stringify(row)).not.toContain(visitorId);
    expect(JSON.stringify(row)).not.toContain('203.0.113.10');
  });

  it('counts at most REFERRAL_VISITS_PER_IP_HOUR browsers from one IP address in an hour', async () => {
    const agent = await createReferralAgent(testApp.app);
    const answers: boolean[] = [];
    for (let index = 0; index < REFERRAL_VISITS_PER_IP_HOUR + 1; index += 1) {
      const response = await visit(agent.code, randomUUID(), '198.51.100.7');
      expect(response.statusCode).toBe(202);
      answers.push(response.json().counted as boolean);
    }
    expect(answers).toEqual([true, true, true, true, true, false]);
    expect(await countedVisits(agent.userId)).toBe(REFERRAL_VISITS_PER_IP_HOUR);
    // Another address still counts.
    expect((await visit(agent.code, randomUUID(), '198.51.100.8')).json()).toEqual({ counted: true });
  });

  it('counts one of many parallel visits from one browser, and five of many parallel browsers from one address', async () => {
    const agent = await createReferralAgent(testApp.app);
    const visitorId = randomUUID();
    const sameBrowser = await Promise.all(Array.from({ length: 8 }, () => visit(agent.code, visitorId, '203.0.113.50')));
    expect(sameBrowser.filter((response) => response.json().counted === true)).toHaveLength(1);
    const sameAddress = await Promise.all(Array.from({ length: 8 }, () => visit(agent.code, randomUUID(), '203.0.113.51')));
    expect(sameAddress.filter((response) => response.json().counted === true)).toHaveLength(REFERRAL_VISITS_PER_IP_HOUR);
    expect(await countedVisits(agent.userId)).toBe(1 + REFERRAL_VISITS_PER_IP_HOUR);
  });

  it('counts the same browser again after REFERRAL_VISIT_BROWSER_HOURS, and an address again after an hour', async () => {
    const agent = await createReferralAgent(testApp.app);
    const db = testApp.app.db;
    const secret = testApp.app.jwtSecret;
    const start = new Date(Date.now() - 2 * REFERRAL_VISIT_BROWSER_HOURS * HOUR_MS);
    const input = { code: agent.code, visitorId: randomUUID(), path: '/', ip: '192.0.2.1' };
    expect(await recordReferralVisit(db, secret, input, start)).toEqual({ counted: true });
    expect(await recordReferralVisit(db, secret, input, new Date(start.getTime() + (REFERRAL_VISIT_BROWSER_HOURS - 1) * HOUR_MS))).toEqual({ counted: false });
    expect(await recordReferralVisit(db, secret, input, new Date(start.getTime() + (REFERRAL_VISIT_BROWSER_HOURS + 1) * HOUR_MS))).toEqual({ counted: true });

    for (let index = 0; index < REFERRAL_VISITS_PER_IP_HOUR; index += 1) {
      await recordReferralVisit(db, secret, { ...input, visitorId: randomUUID(), ip: '192.0.2.2' }, start);
    }
    expect(await recordReferralVisit(db, secret, { ...input, visitorId: randomUUID(), ip: '192.0.2.2' }, start)).toEqual({ counted: false });
    expect(await recordReferralVisit(db, secret, { ...input, visitorId: randomUUID(), ip: '192.0.2.2' }, new Date(start.getTime() + HOUR_MS + 1000))).toEqual({ counted: true });
  });

  it('answers 202 counting nothing for an unknown code or a suspended agent’s code', async () => {
    const unknown = await visit('ZZZ-999', randomUUID(), '203.0.113.20');
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual({ counted: false });

    const agent = await createReferralAgent(testApp.app);
    await suspendUserDirectly(testApp.app, agent.userId);
    expect((await visit(agent.code, randomUUID(), '203.0.113.20')).json()).toEqual({ counted: false });
    expect(await countedVisits(agent.userId)).toBe(0);
  });

  it('refuses a malformed request with 400, not 500', async () => {
    const response = await visit('ok-code', 'not-a-uuid', '203.0.113.30');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({ visitorId: 'visitorId must be a UUID' });
  });

  it('cuts off a flood of requests from one address with 429', async () => {
    const agent = await createReferralAgent(testApp.app);
    const limit = testApp.config.rateLimits.referralVisitsPerMinute;
    const statuses: number[] = [];
    for (let index = 0; index < limit + 1; index += 1) {
      statuses.push((await visit(agent.code, randomUUID(), '203.0.113.99')).statusCode);
    }
    expect(statuses.slice(0, limit).every((status) => status === 202)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Other addresses are not affected.
    expect((await visit(agent.code, randomUUID(), '203.0.113.98')).statusCode).toBe(202);
  });
});
