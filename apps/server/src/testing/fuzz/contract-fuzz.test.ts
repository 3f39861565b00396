import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { generateSync } from 'json-schema-faker';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { sellerApplications } from '../../db/schema/seller-applications';
import { OPENAPI_PATH } from '../../plugins/openapi';
import { bearer } from '../auth-helpers';
import { createTestApp } from '../create-test-app';
import { createFreshActor, createWorld, type ActorName, type World, type WorldUser } from '../authorization/authorization-world';
import { ROUTE_TABLE, type Call, type Row } from '../authorization/route-table';
import { evilId, evilValue } from './evil-values';
import { operationsOf, ResponseValidator, type OpenApiDocument, type Operation } from './openapi-operations';

/**
 * Contract fuzzing (decision 025): every operation of GET /api/openapi.json, driven by a visitor,
 * a buyer, a seller, an agent and an admin with valid requests (the authorization table's, and
 * bodies and queries generated from the document's schemas) and broken ones. No answer may be a
 * 5xx, carry a status the document does not list for the operation, differ from the documented
 * schema, or show one user another user's private fields.
 *
 * FUZZ_SEED makes a run reproducible (printed with every failure); FUZZ_RUNS is the number of
 * generated requests per operation on top of each actor's valid one.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_126);
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);

const FUZZ_ACTORS = ['visitor', 'buyer', 'seller', 'agent', 'admin'] as const;
type FuzzActor = (typeof FUZZ_ACTORS)[number];

const KINDS = ['base', 'generated', 'generated', 'field', 'missing', 'unknown', 'body', 'param', 'param', 'query', 'content-type'] as const;
type Kind = (typeof KINDS)[number];

interface Plan {
  actor: FuzzActor;
  kind: Kind;
  rowPick: number;
  fieldPick: number;
  value: unknown;
  id: string;
  fakerSeed: number;
}

/**
 * The fixtures of the authorization world post, upload and register through the API many times
 * over; these limits are raised so the fixtures are not refused (the limits have tests of their own).
 */
const FIXTURE_LIMITS = {
  RATE_LIMIT_REGISTER_PER_HOUR: '1000000',
  RATE_LIMIT_UPLOADS_PER_HOUR: '1000000',
  RATE_LIMIT_HUB_POSTS_PER_HOUR: '1000000',
  RATE_LIMIT_HUB_COMMENTS_PER_MINUTE: '1000000',
  RATE_LIMIT_MESSAGES_PER_MINUTE: '1000000',
};

const testApp = await createTestApp(FIXTURE_LIMITS);
const documentResponse = await testApp.app.inject({ method: 'GET', url: OPENAPI_PATH });
const document = documentResponse.json<OpenApiDocument>();
const operations = operationsOf(document);
const validator = new ResponseValidator(document);

let world: World;
/** Strings only their owner (and, for some, an admin) may ever see. */
let privateMarkers: Array<{ owner: WorldUser; value: string; adminMaySee: boolean }>;

beforeAll(async () => {
  world = await createWorld(testApp.app);
  privateMarkers = [];
  for (const user of FUZZ_ACTORS.map(userOf).filter((user): user is WorldUser => user !== null)) {
    privateMarkers.push({ owner: user, value: user.email, adminMaySee: true }, { owner: user, value: user.token, adminMaySee: false });
  }
  // Payout details are the seller's and the admins' (who review applications) only.
  const sellers = [world.ownerSeller, world.otherSeller];
  for (const seller of sellers) {
    const value = `PAYOUT-MARKER-${randomUUID()}`;
    await testApp.app.db.update(sellerApplications).set({ payoutAccountNumber: value }).where(eq(sellerApplications.userId, seller.id));
    privateMarkers.push({ owner: seller, value, adminMaySee: true });
  }
  const rows = await testApp.app.db.select({ userId: sellerApplications.userId }).from(sellerApplications).where(inArray(sellerApplications.userId, sellers.map((seller) => seller.id)));
  if (rows.length !== sellers.length) throw new Error('the world has no seller applications to mark');
  console.info(`contract fuzzing: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}, ${operations.length} operations`);
});

afterAll(async () => {
  await testApp.close();
});

function userOf(actor: FuzzActor): WorldUser | null {
  switch (actor) {
    case 'visitor':
      return null;
    case 'buyer':
      return world.ownerBuyer;
    case 'seller':
      return world.ownerSeller;
    case 'agent':
      return world.holdingAgent;
    case 'admin':
      return world.admin;
  }
}

/** The authorization table's actor for this caller on this row: the owner where the row is theirs. */
function tableActor(actor: FuzzActor, row: Row): ActorName {
  const owner = row.owner ?? 'seller';
  if (actor === 'buyer') return owner === 'buyer' ? 'owner' : 'buyer';
  if (actor === 'seller') return owner === 'seller' ? 'owner' : 'otherSeller';
  if (actor === 'agent') return owner === 'agent' ? 'owner' : 'otherAgent';
  return actor;
}

const baseCalls = new Map<string, Promise<Call>>();

/** A valid request of the authorization table for this operation and caller, with real ids (made once). */
function baseCall(operation: Operation, actor: FuzzActor, rowPick: number): Promise<Call> {
  const rows = ROUTE_TABLE.filter((row) => row.method === operation.method && row.path === operation.route);
  const row = rows[rowPick % Math.max(1, rows.length)];
  // A row that ends the caller's sessions or changes their password (freshActor) gets a fresh user of
  // the actor's kind for every request, as in the authorization test: the world's tokens stay valid.
  const freshName = row?.freshActor ? tableActor(actor, row) : 'visitor';
  if (row && freshName !== 'visitor') {
    return (async () => {
      const fresh = await createFreshActor(world, freshName, row.owner);
      const call = await row.call({ world, actor: freshName, user: fresh });
      return { ...call, token: call.token ?? fresh.token };
    })();
  }
  const key = `${operation.method} ${operation.route} ${actor} ${rowPick % Math.max(1, rows.length)}`;
  let call = baseCalls.get(key);
  if (!call) {
    call = row
      ? Promise.resolve(row.call({ world, actor: tableActor(actor, row), user: userOf(actor) }))
      : Promise.resolve({ url: operation.route.replace(/:[^/]+/g, () => randomUUID()) });
    baseCalls.set(key, call);
  }
  return call;
}

let ipCounter = 0;
function nextIp(): string {
  ipCounter += 1;
  return `10.99.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
}

function queryValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

interface Request {
  method: Operation['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** The request a plan makes of the operation's valid request. */
async function buildRequest(operation: Operation, plan: Plan): Promise<Request> {
  const base = await baseCall(operation, plan.actor, plan.rowPick);
  const [basePath = '', baseQuery = ''] = base.url.split('?');
  const segments = basePath.split('/');
  const query = new URLSearchParams(baseQuery);
  const headers: Record<string, string> = { ...base.headers };
  let payload: unknown = base.payload;
  const token = base.token ?? userOf(plan.actor)?.token;
  const fields = isPlainObject(payload) ? Object.keys(payload) : [];
  const pick = <T>(items: readonly T[]): T | undefined => items[plan.fieldPick % Math.max(1, items.length)];

  switch (plan.kind) {
    case 'base':
      break;
    case 'generated': {
      if (operation.jsonBody) payload = generateSync(operation.jsonBody, { seed: plan.fakerSeed, optionalsProbability: 0.5 });
      for (const parameter of operation.query) {
        if (!parameter.schema || plan.fakerSeed % 2 === 0) continue;
        query.set(parameter.name, queryValue(generateSync(parameter.schema, { seed: plan.fakerSeed })));
      }
      if (headers['idempotency-key']) headers['idempotency-key'] = randomUUID();
      break;
    }
    case 'field': {
      const field = pick(fields);
      payload = field ? { ...(payload as object), [field]: plan.value } : { value: plan.value };
      break;
    }
    case 'missing': {
      const field = pick(fields);
      if (field) {
        const rest = { ...(payload as Record<string, unknown>) };
        delete rest[field];
        payload = rest;
      } else payload = {};
      break;
    }
    case 'unknown':
      payload = { ...(isPlainObject(payload) ? payload : {}), [`unexpected${plan.fieldPick % 3}`]: plan.value };
      break;
    case 'body':
      payload = plan.value;
      break;
    case 'param': {
      const positions = operation.route
        .split('/')
        .map((segment, index) => (segment.startsWith(':') ? index : -1))
        .filter((index) => index >= 0);
      const position = pick(positions);
      if (position !== undefined) segments[position] = plan.id;
      else query.set(pick(operation.query.map((parameter) => parameter.name)) ?? 'id', plan.id);
      break;
    }
    case 'query':
      query.set(pick(operation.query.map((parameter) => parameter.name)) ?? 'q', queryValue(plan.value));
      break;
    case 'content-type':
      headers['content-type'] = pick(['text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/json; charset=latin1']) ?? 'text/plain';
      payload = Buffer.isBuffer(payload) ? payload : JSON.stringify(payload ?? { value: plan.value });
      break;
  }

  const search = query.toString();
  const request: Request = { method: operation.method, url: `${segments.join('/')}${search ? `?${search}` : ''}`, headers: { ...(token ? bearer(token) : {}), ...headers } };
  if (payload !== undefined) {
    request.payload = Buffer.isBuffer(payload) || typeof payload === 'string' && plan.kind === 'content-type' ? payload : JSON.stringify(payload);
    if (!Object.keys(request.headers).some((name) => name.toLowerCase() === 'content-type')) request.headers['content-type'] = 'application/json';
  }
  return request;
}

function mediaTypeOf(response: LightMyRequestResponse): string {
  return String(response.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
}

/** What is wrong with the answer, by the document and the privacy rule; [] when nothing. */
function problemsOf(operation: Operation, actor: FuzzActor, response: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  const status = response.statusCode;
  if (status >= 500) problems.push(`server error ${status}`);
  if (!operation.statuses.has(status)) {
    problems.push(`status ${status} is not documented (documented: ${[...operation.statuses].join(', ')})`);
  } else {
    const documented = operation.responses[String(status)] ?? {};
    const types = Object.keys(documented);
    const type = mediaTypeOf(response);
    if (types.length === 0) {
      if (response.body.length > 0) problems.push(`a body where the document says none: ${type}`);
    } else {
      const match = types.find((candidate) => candidate === type || (candidate.endsWith('/*') && type.startsWith(candidate.slice(0, -1))));
      if (!match) problems.push(`content type "${type}" is not documented for ${status} (documented: ${types.join(', ')})`);
      else if (match === 'application/json') {
        try {
          problems.push(...validator.check(operation, status, match, JSON.parse(response.body)));
        } catch (error) {
          problems.push(`the body is not JSON: ${(error as Error).message}`);
        }
      } else if (match === 'application/x-ndjson') {
        for (const line of response.body.split('\n').filter(Boolean)) problems.push(...validator.check(operation, status, match, JSON.parse(line)));
      }
    }
  }
  const self = userOf(actor);
  for (const marker of privateMarkers) {
    if (marker.owner.id === self?.id || (actor === 'admin' && marker.adminMaySee)) continue;
    if (response.body.includes(marker.value)) problems.push(`shows ${actor} a private field of ${marker.owner.username}`);
  }
  return problems;
}

function describeRequest(request: Request): string {
  const payload = request.payload === undefined ? '' : Buffer.isBuffer(request.payload) ? `<${request.payload.length} bytes>` : request.payload;
  const clip = (text: string) => (text.length > 600 ? `${text.slice(0, 600)}... (${text.length} characters)` : text);
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'authorization'));
  return `${request.method} ${clip(request.url)} headers=${JSON.stringify(headers)} body=${clip(payload)}`;
}

async function send(operation: Operation, plan: Plan): Promise<void> {
  const request = await buildRequest(operation, plan);
  const response = await testApp.app.inject({ ...request, remoteAddress: nextIp() });
  const problems = problemsOf(operation, plan.actor, response);
  if (problems.length > 0) {
    const body = response.body.length > 600 ? `${response.body.slice(0, 600)}...` : response.body;
    throw new Error(
      `FUZZ_SEED=${SEED} ${operation.method} ${operation.route} as ${plan.actor} (${plan.kind})\n` +
        `request: ${describeRequest(request)}\nanswer: ${response.statusCode} ${body}\nproblems:\n- ${problems.join('\n- ')}`,
    );
  }
}

function seedOf(operation: Operation): number {
  let hash = SEED | 0;
  for (const char of `${operation.method} ${operation.route}`) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

describe('contract fuzzing of every operation in the OpenAPI document', () => {
  it.each(operations.map((operation) => ({ name: `${operation.method} ${operation.route}`, operation })))(
    '$name',
    async ({ operation }) => {
      // Each actor's valid request first, so every operation is called as each of them at least once.
      for (const actor of FUZZ_ACTORS) await send(operation, { actor, kind: 'base', rowPick: 0, fieldPick: 0, value: null, id: '', fakerSeed: 1 });

      const otherIds = [world.ownerBuyer.id, world.ownerSeller.id, world.holdingAgent.id, world.bystander.id, world.otherSeller.id, world.activeProductId, world.conversationId];
      const plan: fc.Arbitrary<Plan> = fc.record({
        actor: fc.constantFrom(...FUZZ_ACTORS),
        kind: fc.constantFrom(...KINDS),
        rowPick: fc.nat({ max: 7 }),
        fieldPick: fc.nat({ max: 50 }),
        value: evilValue,
        id: evilId(otherIds),
        fakerSeed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
      });
      await fc.assert(
        fc.asyncProperty(plan, (planned) => send(operation, planned)),
        { seed: seedOf(operation), numRuns: RUNS, endOnFailure: true },
      );
    },
    120_000,
  );
});
