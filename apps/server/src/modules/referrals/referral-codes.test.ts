import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERRAL_CODE_SHAPE, REFERRAL_CODE_UNKNOWN_MESSAGE, REFERRAL_NOT_REFERRAL_AGENT_MESSAGE, ZReferralCodeResponse } from '@pulse/contract/referrals';
import { referralCodes } from '../../db/schema/referrals';
import { bearer, registerTestUser } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { findAgentById } from '../agents/agents-repository';
import { agentApplicationBody, createApprovedAgent, privateUploadFor } from '../agents/testing/agent-fixtures';
import { makeAdmin } from '../orders/testing/order-fixtures';
import { REFERRAL_CODE_ALPHABET, ensureReferralCode, generateReferralCode, referralCodePrefix } from './referral-codes';
import { createReferralAgent, suspendUserDirectly } from './testing/referral-fixtures';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

async function codesOf(agentId: string): Promise<string[]> {
  const rows = await testApp.app.db.select({ code: referralCodes.code }).from(referralCodes).where(eq(referralCodes.agentId, agentId));
  return rows.map((row) => row.code);
}

/** Applies as an agent of `kind` through the API and has an admin approve it through the queue. */
async function approvedThroughQueue(kind: 'delivery' | 'referral' | 'both', username: string) {
  const applicant = await registerTestUser(testApp.app, { username });
  const uploadId = await privateUploadFor(testApp.app, applicant.user.id);
  const applied = await testApp.app.inject({
    method: 'POST',
    url: '/api/agents/applications',
    headers: bearer(applicant.token),
    payload: agentApplicationBody(uploadId, { kind, vehicle: kind === 'referral' ? null : 'motorbike' }),
  });
  expect(applied.statusCode).toBe(201);
  const admin = await registerTestUser(testApp.app);
  await makeAdmin(testApp.app, admin.user.id);
  const approved = await testApp.app.inject({ method: 'POST', url: `/api/admin/applications/${applied.json().id}/approve`, headers: bearer(admin.token) });
  expect(approved.statusCode).toBe(200);
  return { agentId: applied.json().id as string, userId: applicant.user.id };
}

describe('referral code shape', () => {
  it.each([
    ['ama_mensah', 'AMA'],
    ['Ọlá.Adé', 'OLA'],
    ['k2', 'KXX'],
    ['9_9', 'XXX'],
    ['Zoë', 'ZOE'],
  ])('takes the prefix of %s as %s', (username, prefix) => {
    expect(referralCodePrefix(username)).toBe(prefix);
  });

  it('is three letters, a dash and three characters without 0/O or 1/I', () => {
    for (let index = 0; index < 200; index += 1) {
      const code = generateReferralCode('kofi');
      expect(code).toMatch(REFERRAL_CODE_SHAPE);
      expect(code.startsWith('KOF-')).toBe(true);
      for (const character of code.slice(4)) expect(REFERRAL_CODE_ALPHABET).toContain(character);
    }
  });
});

describe('codes at approval', () => {
  it('gives an approved referral agent a code of its name, and a delivery-only agent none', async () => {
    const referral = await approvedThroughQueue('referral', `amarefer${Date.now().toString(36)}`);
    const referralCodesMade = await codesOf(referral.agentId);
    expect(referralCodesMade).toHaveLength(1);
    expect(referralCodesMade[0]).toMatch(/^AMA-[A-HJ-NP-Z2-9]{3}$/);

    const both = await approvedThroughQueue('both', `kofiboth${Date.now().toString(36)}`);
    expect((await codesOf(both.agentId))[0]).toMatch(/^KOF-[A-HJ-NP-Z2-9]{3}$/);

    const delivery = await approvedThroughQueue('delivery', `yawdeliv${Date.now().toString(36)}`);
    expect(await codesOf(delivery.agentId)).toEqual([]);
  });

  it('keeps one code per agent, also when two requests make it at once', async () => {
    const agent = await createApprovedAgent(testApp.app, { kind: 'referral' });
    const row = await findAgentById(testApp.app.db, agent.agentId);
    if (!row) throw new Error('agent missing');
    const [first, second] = await Promise.all([ensureReferralCode(testApp.app.db, row), ensureReferralCode(testApp.app.db, row)]);
    expect(first).toBe(second);
    expect(await ensureReferralCode(testApp.app.db, row)).toBe(first);
    expect(await codesOf(agent.agentId)).toEqual([first]);
  });

  it('refuses to make a code for a delivery-only agent', async () => {
    const agent = await createApprovedAgent(testApp.app, { kind: 'delivery' });
    const row = await findAgentById(testApp.app.db, agent.agentId);
    if (!row) throw new Error('agent missing');
    await expect(ensureReferralCode(testApp.app.db, row)).rejects.toThrow(REFERRAL_NOT_REFERRAL_AGENT_MESSAGE);
  });
});

describe('GET /api/referrals/codes/{code}', () => {
  it('names the agent of an active code, typed in any case, without signing in', async () => {
    const agent = await createReferralAgent(testApp.app, { kind: 'both' });
    const response = await testApp.app.inject({ method: 'GET', url: `/api/referrals/codes/${agent.code.toLowerCase()}` });
    expect(response.statusCode).toBe(200);
    expect(ZReferralCodeResponse.parse(response.json())).toEqual({ code: agent.code, agentUsername: agent.username, agentProfilePictureUrl: null });
  });

  it('answers 404 for an unknown code and for a suspended agent’s code alike', async () => {
    const unknown = await testApp.app.inject({ method: 'GET', url: '/api/referrals/codes/ZZZ-999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(REFERRAL_CODE_UNKNOWN_MESSAGE);

    const agent = await createReferralAgent(testApp.app);
    await suspendUserDirectly(testApp.app, agent.userId);
    const suspended = await testApp.app.inject({ method: 'GET', url: `/api/referrals/codes/${agent.code}` });
    expect(suspended.statusCode).toBe(404);
    expect(suspended.json().error.message).toBe(REFERRAL_CODE_UNKNOWN_MESSAGE);
  });

  it('answers 400, not 500, for a code that cannot be one', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/referrals/codes/%20!' });
    expect(response.statusCode).toBe(400);
  });
});
