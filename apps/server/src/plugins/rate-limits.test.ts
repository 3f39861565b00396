import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAuthResponse } from '@pulse/contract/auth';
import type { TConversationSummary } from '@pulse/contract/messages';
import { buildApp } from '../app';
import { createReferralAgent } from '../modules/referrals/testing/referral-fixtures';
import { bearer, TEST_PASSWORD } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/create-test-app';
import { formatWait } from './rate-limits';

/**
 * Abuse limits (decision 027) as a client meets them: past the limit a route answers 429 with
 * Retry-After and a sentence saying how long to wait, while another user or address goes on; with
 * REDIS_URL two processes count together.
 */

const LIMIT = 3;
const LOW_LIMITS: NodeJS.ProcessEnv = {
  RATE_LIMIT_REGISTER_PER_HOUR: String(LIMIT),
  RATE_LIMIT_UPLOADS_PER_HOUR: String(LIMIT),
  RATE_LIMIT_MESSAGES_PER_MINUTE: String(LIMIT),
  RATE_LIMIT_HUB_POSTS_PER_HOUR: String(LIMIT),
  RATE_LIMIT_HUB_COMMENTS_PER_MINUTE: String(LIMIT),
  RATE_LIMIT_ASSISTANT_PER_MINUTE: String(LIMIT),
  RATE_LIMIT_ASSISTANT_VISITOR_PER_MINUTE: String(LIMIT + 2),
  RATE_LIMIT_REFERRAL_VISITS_PER_MINUTE: String(LIMIT),
  RATE_LIMIT_MCP_PER_MINUTE: String(LIMIT),
};

// CI runs Redis here; a developer without one sets REDIS_URL to theirs.
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const issuedIps: string[] = [];

/** A documentation-range address nobody else's run uses: every fixture account and flood gets its own. */
function randomIp(): string {
  const ip = `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  issuedIps.push(ip);
  return ip;
}

interface Account {
  id: string;
  token: string;
}

/** Signs up from an address of its own, so fixtures never spend the sign-up limit under test. */
async function signUp(app: FastifyInstance, ip = randomIp()): Promise<Account> {
  const name = `rl${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email: `${name}@example.com`, username: name, password: TEST_PASSWORD },
    remoteAddress: ip,
  });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const { token, user } = response.json<TAuthResponse>();
  return { id: user.id, token };
}

const BOUNDARY = '----pulse-rate-limit-test';
let png: Buffer;

function multipartImage(): Buffer {
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="crate.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/** Who sends: a signed-in account (counted per user) or a visitor (counted per address). */
interface Client {
  account: Account | null;
  ip: string;
}

interface LimitedRoute {
  name: string;
  /** Requests that pass before the refusal. */
  limit: number;
  success: number;
  refusal: string;
  windowSeconds: number;
  /** true: counted per signed-in user; false: per address. */
  perUser: boolean;
  send(app: FastifyInstance, client: Client): Promise<LightMyRequestResponse>;
  /** A new client to be limited (and a second one that must not be). */
  newClient(app: FastifyInstance): Promise<Client>;
}

function headersOf(client: Client): Record<string, string> {
  return client.account ? bearer(client.account.token) : {};
}

async function signedInClient(app: FastifyInstance): Promise<Client> {
  return { account: await signUp(app), ip: randomIp() };
}

let testApp: TestApp;
let seller: Account;
let publicPostId: string;
let referralCode: string;

const routes: LimitedRoute[] = [
  {
    name: 'POST /api/auth/register',
    limit: LIMIT,
    success: 201,
    refusal: 'Too many sign-ups from this address.',
    windowSeconds: 3600,
    perUser: false,
    newClient: async () => ({ account: null, ip: randomIp() }),
    send: (app, client) => {
      const name = `rl${randomUUID().replaceAll('-', '').slice(0, 16)}`;
      return app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: `${name}@example.com`, username: name, password: TEST_PASSWORD },
        remoteAddress: client.ip,
      });
    },
  },
  {
    name: 'POST /api/uploads/images',
    limit: LIMIT,
    success: 201,
    refusal: 'Too many uploads in a short time.',
    windowSeconds: 3600,
    perUser: true,
    newClient: signedInClient,
    send: (app, client) =>
      app.inject({
        method: 'POST',
        url: '/api/uploads/images',
        headers: { ...headersOf(client), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        payload: multipartImage(),
        remoteAddress: client.ip,
      }),
  },
  {
    name: 'POST /api/conversations/:id/messages',
    limit: LIMIT,
    success: 201,
    refusal: 'You are sending messages very quickly.',
    windowSeconds: 60,
    perUser: true,
    newClient: signedInClient,
    send: async (app, client) => {
      const conversation = await app.inject({
        method: 'POST',
        url: '/api/conversations',
        headers: headersOf(client),
        payload: { otherUserId: seller.id },
        remoteAddress: client.ip,
      });
      const conversationId = conversation.json<TConversationSummary>().id;
      return app.inject({
        method: 'POST',
        url: `/api/conversations/${conversationId}/messages`,
        headers: headersOf(client),
        payload: { body: 'Are the yams still available?' },
        remoteAddress: client.ip,
      });
    },
  },
  {
    name: 'POST /api/hub/posts',
    limit: LIMIT,
    success: 201,
    refusal: 'Too many posts in a short time.',
    windowSeconds: 3600,
    perUser: true,
    newClient: signedInClient,
    send: (app, client) =>
      app.inject({
        method: 'POST',
        url: '/api/hub/posts',
        headers: headersOf(client),
        payload: { clientId: randomUUID(), text: `Harvest note ${randomUUID().slice(0, 8)}` },
        remoteAddress: client.ip,
      }),
  },
  {
    name: 'POST /api/hub/posts/:id/comments',
    limit: LIMIT,
    success: 201,
    refusal: 'You are commenting very quickly.',
    windowSeconds: 60,
    perUser: true,
    newClient: signedInClient,
    send: (app, client) =>
      app.inject({
        method: 'POST',
        url: `/api/hub/posts/${publicPostId}/comments`,
        headers: headersOf(client),
        payload: { text: 'Lovely colour on those peppers' },
        remoteAddress: client.ip,
      }),
  },
  {
    name: 'POST /api/assistant/messages (signed in)',
    limit: LIMIT,
    success: 200,
    refusal: 'You are asking very quickly.',
    windowSeconds: 60,
    perUser: true,
    newClient: signedInClient,
    send: (app, client) =>
      app.inject({ method: 'POST', url: '/api/assistant/messages', headers: headersOf(client), payload: { text: 'hello' }, remoteAddress: client.ip }),
  },
  {
    name: 'POST /api/assistant/messages (visitor)',
    limit: LIMIT + 2,
    success: 200,
    refusal: 'You are asking very quickly.',
    windowSeconds: 60,
    perUser: false,
    newClient: async () => ({ account: null, ip: randomIp() }),
    send: (app, client) => app.inject({ method: 'POST', url: '/api/assistant/messages', payload: { text: 'hello' }, remoteAddress: client.ip }),
  },
  {
    name: 'POST /api/referrals/visits',
    limit: LIMIT,
    success: 202,
    refusal: 'Too many visits from this address.',
    windowSeconds: 60,
    perUser: false,
    newClient: async () => ({ account: null, ip: randomIp() }),
    send: (app, client) =>
      app.inject({ method: 'POST', url: '/api/referrals/visits', payload: { code: referralCode, visitorId: randomUUID() }, remoteAddress: client.ip }),
  },
  {
    name: 'POST /api/mcp',
    limit: LIMIT,
    success: 200,
    refusal: 'Too many tool requests.',
    windowSeconds: 60,
    perUser: true,
    newClient: signedInClient,
    send: (app, client) =>
      app.inject({
        method: 'POST',
        url: '/api/mcp',
        headers: { ...headersOf(client), accept: 'application/json, text/event-stream' },
        payload: { jsonrpc: '2.0', id: 1, method: 'ping' },
        remoteAddress: client.ip,
      }),
  },
];

function expectRefusal(response: LightMyRequestResponse, route: LimitedRoute): void {
  expect(response.statusCode, response.body).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(route.windowSeconds);
  expect(response.json()).toEqual({ error: { code: 'rate_limited', message: `${route.refusal} Try again in ${formatWait(retryAfter)}.` } });
}

beforeAll(async () => {
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 40, g: 160, b: 60 } } }).png().toBuffer();
  testApp = await createTestApp(LOW_LIMITS);
  seller = await signUp(testApp.app);
  const post = await testApp.app.inject({
    method: 'POST',
    url: '/api/hub/posts',
    headers: bearer(seller.token),
    payload: { clientId: randomUUID(), text: 'Sweet peppers picked this morning' },
  });
  publicPostId = post.json<{ id: string }>().id;
  referralCode = (await createReferralAgent(testApp.app)).code;
});

afterAll(async () => {
  await testApp.close();
});

describe.each(routes)('$name', (route) => {
  it(`refuses request ${route.limit + 1} with 429, Retry-After and how long to wait; others go on`, async () => {
    const flooder = await route.newClient(testApp.app);
    for (let index = 0; index < route.limit; index += 1) {
      const response = await route.send(testApp.app, flooder);
      expect(response.statusCode, response.body).toBe(route.success);
    }
    expectRefusal(await route.send(testApp.app, flooder), route);

    if (route.perUser) {
      // The count follows the account, not the address: a new address does not help it...
      expectRefusal(await route.send(testApp.app, { ...flooder, ip: randomIp() }), route);
      // ...and another account behind the same address is not held back.
      const neighbour = { account: await signUp(testApp.app), ip: flooder.ip };
      expect((await route.send(testApp.app, neighbour)).statusCode).toBe(route.success);
    } else {
      expect((await route.send(testApp.app, { account: null, ip: randomIp() })).statusCode).toBe(route.success);
    }
  });
});

describe('formatWait', () => {
  it.each([
    [0.2, '1 second'],
    [1, '1 second'],
    [40, '40 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [719, '12 minutes'],
    [5400, '90 minutes'],
    [5401, '2 hours'],
  ])('%d s reads "%s"', (seconds, words) => {
    expect(formatWait(seconds)).toBe(words);
  });
});

describe('two processes on one Redis', () => {
  let processA: TestApp;
  let appB: FastifyInstance;
  let redis: Redis;

  beforeAll(async () => {
    processA = await createTestApp({ ...LOW_LIMITS, REDIS_URL: redisUrl });
    // The second process serves the same database (as two nodes behind a load balancer do).
    appB = await buildApp({ config: processA.config, db: processA.database, logger: false });
    await appB.ready();
    redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  });

  afterAll(async () => {
    // Counters of this run only: the addresses it made up (accounts' counters go in their test).
    for (const ip of issuedIps) {
      const keys = await redis.keys(`pulse-rate-limit:*:ip:${ip}`);
      if (keys.length) await redis.del(...keys);
    }
    redis.disconnect();
    await appB.close();
    await processA.close();
  });

  const register = routes[0]!;
  const post = routes[3]!;

  it('counts sign-ups from one address on both processes', async () => {
    const client: Client = { account: null, ip: randomIp() };
    for (let index = 0; index < LIMIT; index += 1) {
      const target = index % 2 === 0 ? processA.app : appB;
      expect((await register.send(target, client)).statusCode).toBe(201);
    }
    expectRefusal(await register.send(appB, client), register);
    expectRefusal(await register.send(processA.app, client), register);
    expect((await register.send(appB, { account: null, ip: randomIp() })).statusCode).toBe(201);
  });

  it('counts one user’s posts on both processes', async () => {
    const author: Client = { account: await signUp(processA.app), ip: randomIp() };
    for (let index = 0; index < LIMIT; index += 1) {
      expect((await post.send(index % 2 === 0 ? appB : processA.app, author)).statusCode).toBe(201);
    }
    expectRefusal(await post.send(processA.app, author), post);
    expectRefusal(await post.send(appB, author), post);
    const keys = await redis.keys(`pulse-rate-limit:*:user:${author.account!.id}`);
    expect(keys.length).toBe(1);
    await redis.del(...keys);
  });
});
