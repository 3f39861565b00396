import { eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  REFERRAL_BUYER_DAYS,
  REFERRAL_CODE_INACTIVE_MESSAGE,
  REFERRAL_CODE_UNKNOWN_MESSAGE,
  REFERRAL_SAME_PAYOUT_MESSAGE,
  REFERRAL_SELF_MESSAGE,
  REFERRAL_SELLER_DAYS,
} from '@pulse/contract/referrals';
import { agents } from '../../db/schema/agents';
import { referralAttributions } from '../../db/schema/referrals';
import { bearer, registerTestUser } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { privateUploadFor } from '../agents/testing/agent-fixtures';
import { findUserById } from '../auth/users-repository';
import { attributeSignUp } from './referral-attribution-service';
import { createReferralAgent, findAttributionOf, signUpReferredBuyer, suspendUserDirectly } from './testing/referral-fixtures';

const DAY_MS = 24 * 60 * 60 * 1000;

let issuer: OAuth2Server;
let testApp: TestApp;

beforeAll(async () => {
  issuer = new OAuth2Server();
  await issuer.issuer.keys.generate('RS256');
  await issuer.start(0, '127.0.0.1');
  testApp = await createTestApp({
    OIDC_ISSUER: issuer.issuer.url ?? '',
    OIDC_CLIENT_ID: 'pulse-market',
    OIDC_CLIENT_SECRET: 'pulse-market-secret',
  });
});

afterEach(() => {
  issuer.service.removeAllListeners();
});

afterAll(async () => {
  await testApp?.close();
  await issuer?.stop();
});

function expectDaysFromNow(date: Date, days: number): void {
  expect(Math.abs(date.getTime() - (Date.now() + days * DAY_MS))).toBeLessThan(60_000);
}

describe('attribution at e-mail sign-up', () => {
  it('attributes a new account signed up with a code (any case) to the agent, as a buyer, for REFERRAL_BUYER_DAYS', async () => {
    const agent = await createReferralAgent(testApp.app);
    const buyer = await signUpReferredBuyer(testApp.app, ` ${agent.code.toLowerCase()} `);
    const attribution = await findAttributionOf(testApp.app, buyer.user.id, 'buyer');
    expect(attribution).toMatchObject({ agentUserId: agent.userId, code: agent.code, side: 'buyer', source: 'signup', voidedAt: null });
    expectDaysFromNow(attribution?.earnsUntil ?? new Date(0), REFERRAL_BUYER_DAYS);
    expect(await findAttributionOf(testApp.app, buyer.user.id, 'farm')).toBeNull();
  });

  it('creates the account unattributed for an unknown, malformed, suspended agent’s or delivery-only agent’s code', async () => {
    const suspended = await createReferralAgent(testApp.app);
    await suspendUserDirectly(testApp.app, suspended.userId);
    const nowDelivery = await createReferralAgent(testApp.app);
    await testApp.app.db.update(agents).set({ kind: 'delivery' }).where(eq(agents.id, nowDelivery.agentId));

    for (const code of ['ZZZ-999', 'not a code!', '', suspended.code, nowDelivery.code]) {
      const buyer = await signUpReferredBuyer(testApp.app, code);
      expect(await findUserById(testApp.app.db, buyer.user.id)).not.toBeNull();
      expect(await findAttributionOf(testApp.app, buyer.user.id, 'buyer')).toBeNull();
    }
    const withoutCode = await signUpReferredBuyer(testApp.app, null);
    expect(await findAttributionOf(testApp.app, withoutCode.user.id, 'buyer')).toBeNull();
  });

  it('ignores the code when the new account has the agent’s own e-mail once normalised', async () => {
    const agent = await createReferralAgent(testApp.app, { email: 'ab@googlemail.com' });
    const twin = await signUpReferredBuyer(testApp.app, agent.code, { email: 'a.b+x@gmail.com' });
    expect(twin.user.email).toBe('a.b+x@gmail.com');
    expect(await findAttributionOf(testApp.app, twin.user.id, 'buyer')).toBeNull();
  });

  it('keeps the first attribution: a second attribution of the same person does nothing', async () => {
    const first = await createReferralAgent(testApp.app);
    const second = await createReferralAgent(testApp.app, { kind: 'both' });
    const buyer = await signUpReferredBuyer(testApp.app, first.code);
    const user = await findUserById(testApp.app.db, buyer.user.id);
    if (!user) throw new Error('user missing');
    expect(await attributeSignUp(testApp.app.db, testApp.config, user, second.code, 'oidc_signup')).toBeNull();
    const rows = await testApp.app.db.select().from(referralAttributions).where(eq(referralAttributions.referredUserId, buyer.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ agentUserId: first.userId, source: 'signup' });
  });
});

describe('attribution at single sign-on', () => {
  function withIdTokenClaims(claims: Record<string, unknown>) {
    issuer.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
      Object.assign(token.payload, claims);
    });
  }

  /** Our start (with `?ref=`) -> the issuer -> our callback; returns where the callback sent the browser. */
  async function signInThroughIssuer(ref: string | null): Promise<string> {
    const start = await testApp.app.inject({ method: 'GET', url: `/api/auth/oidc/start${ref === null ? '' : `?ref=${encodeURIComponent(ref)}`}` });
    expect(start.statusCode).toBe(302);
    const pending = start.cookies.find((cookie) => cookie.name === 'pulse_oidc');
    const atIssuer = await fetch(String(start.headers.location), { redirect: 'manual' });
    const callbackUrl = new URL(atIssuer.headers.get('location') ?? '');
    const callback = await testApp.app.inject({
      method: 'GET',
      url: `${callbackUrl.pathname}${callbackUrl.search}`,
      cookies: { pulse_oidc: pending?.value ?? '' },
    });
    expect(callback.statusCode).toBe(302);
    return String(callback.headers.location);
  }

  async function meFrom(location: string): Promise<{ id: string; email: string }> {
    const match = /^\/login#token=(.+)$/.exec(location);
    if (!match?.[1]) throw new Error(`expected a token redirect, got ${location}`);
    const me = await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(decodeURIComponent(match[1])) });
    return me.json().user as { id: string; email: string };
  }

  it('attributes an account the sign-on creates from a link with ?ref=CODE (source oidc_signup)', async () => {
    const agent = await createReferralAgent(testApp.app);
    withIdTokenClaims({ sub: 'esi-at-issuer', email: 'esi@farm.example', email_verified: true, preferred_username: 'esi' });
    const user = await meFrom(await signInThroughIssuer(agent.code));
    expect(user.email).toBe('esi@farm.example');
    expect(await findAttributionOf(testApp.app, user.id, 'buyer')).toMatchObject({ agentUserId: agent.userId, code: agent.code, source: 'oidc_signup' });
  });

  it('never attributes an existing account, linked on this sign-in or signing in again', async () => {
    const agent = await createReferralAgent(testApp.app);
    const local = await registerTestUser(testApp.app, { email: 'kwame@farm.example' });
    withIdTokenClaims({ sub: 'kwame-at-issuer', email: 'kwame@farm.example', email_verified: true });
    const linked = await meFrom(await signInThroughIssuer(agent.code));
    expect(linked.id).toBe(local.user.id);
    expect(await findAttributionOf(testApp.app, local.user.id, 'buyer')).toBeNull();

    issuer.service.removeAllListeners();
    withIdTokenClaims({ sub: 'abena-at-issuer', email: 'abena@farm.example', email_verified: true });
    const created = await meFrom(await signInThroughIssuer(null));
    issuer.service.removeAllListeners();
    withIdTokenClaims({ sub: 'abena-at-issuer', email: 'abena@farm.example', email_verified: true });
    const again = await meFrom(await signInThroughIssuer(agent.code));
    expect(again.id).toBe(created.id);
    expect(await findAttributionOf(testApp.app, created.id, 'buyer')).toBeNull();
  });
});

describe('attribution of a farm by the seller application', () => {
  function applicationBody(idDocumentUploadId: string, overrides: Record<string, unknown> = {}) {
    return {
      businessName: 'Green Acre Farm',
      region: 'Ashanti',
      lat: 6.69,
      lng: -1.62,
      produceTypes: ['vegetables'],
      phone: '+233 24 700 1234',
      payout: { method: 'mobile_money', accountName: 'Akosua Farm', accountNumber: '0247001234', providerName: 'MTN MoMo' },
      idDocumentUploadId,
      termsAccepted: true,
      ...overrides,
    };
  }

  async function apply(token: string, userId: string, overrides: Record<string, unknown> = {}) {
    const uploadId = await privateUploadFor(testApp.app, userId);
    return testApp.app.inject({ method: 'POST', url: '/api/sellers/application', headers: bearer(token), payload: applicationBody(uploadId, overrides) });
  }

  async function expectRefused(token: string, userId: string, overrides: Record<string, unknown>, message: string) {
    const response = await apply(token, userId, overrides);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ message, fields: { referralCode: message } });
    const mine = await testApp.app.inject({ method: 'GET', url: '/api/sellers/application/mine', headers: bearer(token) });
    expect(mine.statusCode).toBe(404);
    expect(await findAttributionOf(testApp.app, userId, 'farm')).toBeNull();
  }

  it('attributes the farm to the agent of a typed code (source seller_form) for REFERRAL_SELLER_DAYS', async () => {
    const agent = await createReferralAgent(testApp.app);
    const farmer = await registerTestUser(testApp.app);
    const response = await apply(farmer.token, farmer.user.id, { referralCode: agent.code.toLowerCase() });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ referralCode: agent.code, status: 'pending' });
    const attribution = await findAttributionOf(testApp.app, farmer.user.id, 'farm');
    expect(attribution).toMatchObject({ agentUserId: agent.userId, code: agent.code, side: 'farm', source: 'seller_form' });
    expectDaysFromNow(attribution?.earnsUntil ?? new Date(0), REFERRAL_SELLER_DAYS);
  });

  it('refuses an unknown or inactive typed code with a field message, saving nothing', async () => {
    const farmer = await registerTestUser(testApp.app);
    await expectRefused(farmer.token, farmer.user.id, { referralCode: 'ZZZ-999' }, REFERRAL_CODE_UNKNOWN_MESSAGE);
    const suspended = await createReferralAgent(testApp.app);
    await suspendUserDirectly(testApp.app, suspended.userId);
    await expectRefused(farmer.token, farmer.user.id, { referralCode: suspended.code }, REFERRAL_CODE_INACTIVE_MESSAGE);
    // Nothing of the refused attempts stuck: the same person can still apply.
    expect((await apply(farmer.token, farmer.user.id)).statusCode).toBe(201);
  });

  it('refuses the applicant’s own code, the agent’s e-mail in another form, and the agent’s payout account', async () => {
    const agent = await createReferralAgent(testApp.app, { kind: 'both', email: 'ama.k@gmail.com', payoutAccountNumber: '0245550101' });
    await expectRefused(agent.token, agent.userId, { referralCode: agent.code }, REFERRAL_SELF_MESSAGE);

    const twin = await registerTestUser(testApp.app, { email: 'amak+farm@googlemail.com' });
    await expectRefused(twin.token, twin.user.id, { referralCode: agent.code }, REFERRAL_SELF_MESSAGE);

    const samePayout = await registerTestUser(testApp.app);
    const payout = { method: 'mobile_money', accountName: 'Someone Else', accountNumber: '024 555-0101', providerName: 'MTN MoMo' };
    await expectRefused(samePayout.token, samePayout.user.id, { referralCode: agent.code, payout }, REFERRAL_SAME_PAYOUT_MESSAGE);
  });

  it('gives the farm of a person referred at sign-up to that first agent, whatever code is typed', async () => {
    const first = await createReferralAgent(testApp.app);
    const other = await createReferralAgent(testApp.app);
    const buyer = await signUpReferredBuyer(testApp.app, first.code);
    const response = await apply(buyer.token, buyer.user.id, { referralCode: other.code });
    expect(response.statusCode).toBe(201);
    expect(await findAttributionOf(testApp.app, buyer.user.id, 'farm')).toMatchObject({ agentUserId: first.userId, code: first.code, source: 'referred_person' });

    const untyped = await signUpReferredBuyer(testApp.app, first.code);
    expect((await apply(untyped.token, untyped.user.id)).statusCode).toBe(201);
    expect(await findAttributionOf(testApp.app, untyped.user.id, 'farm')).toMatchObject({ agentUserId: first.userId, source: 'referred_person' });
  });

  it('passes over a first agent who is suspended since: the typed code’s agent gets the farm, or nobody', async () => {
    const first = await createReferralAgent(testApp.app);
    const other = await createReferralAgent(testApp.app);
    const typed = await signUpReferredBuyer(testApp.app, first.code);
    const untyped = await signUpReferredBuyer(testApp.app, first.code);
    await suspendUserDirectly(testApp.app, first.userId);

    expect((await apply(typed.token, typed.user.id, { referralCode: other.code })).statusCode).toBe(201);
    expect(await findAttributionOf(testApp.app, typed.user.id, 'farm')).toMatchObject({ agentUserId: other.userId, source: 'seller_form' });
    expect((await apply(untyped.token, untyped.user.id)).statusCode).toBe(201);
    expect(await findAttributionOf(testApp.app, untyped.user.id, 'farm')).toBeNull();
  });
});
