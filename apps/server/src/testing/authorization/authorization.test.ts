import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ZApiErrorResponse, type TErrorCode } from '@pulse/contract/errors';
import { users } from '../../db/schema/users';
import { bearer } from '../auth-helpers';
import { createTestApp, type TestApp } from '../create-test-app';
import { ACTORS, createFreshActor, createWorld, userOf, type ActorName, type World } from './authorization-world';
import { ROUTE_TABLE, statusOf, type Row } from './route-table';
import type { LoggedRoute } from '../route-log';

/**
 * The authorization table: every route of the real app, called by a visitor, a buyer, a pending
 * applicant, another seller, the resource's owner, an admin, a pending agent and another agent, each with a valid request, and the
 * status each gets. A route without a row fails the test, so no route ships without a decision
 * about who may call it.
 */

/** Every route the app registers, seen through an onRoute hook on the root instance. */
const registered = vi.hoisted(() => [] as LoggedRoute[]);

vi.mock('fastify', async (importOriginal) => (await import('../route-log')).fastifyWithRouteLog(importOriginal, registered));

/** HEAD copies of GET routes and the CORS pre-flight are the framework's, not ours. */
function isTableRoute(route: { method: string; url: string }): boolean {
  return route.method !== 'HEAD' && route.method !== 'OPTIONS' && (route.url.startsWith('/api/') || route.url.startsWith('/uploads/'));
}

const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

const REFUSAL_CODES: Record<number, TErrorCode> = { 401: 'unauthorized', 403: 'forbidden', 404: 'not_found' };

/** A refusal (any 4xx) is the error envelope and nothing else. */
const ZStrictError = z.object({ error: ZApiErrorResponse.shape.error.strict() }).strict();

function rowTitle(row: Row): string {
  return `${row.method} ${row.path}${row.note ? ` (${row.note})` : ''}`;
}

const cells = ROUTE_TABLE.flatMap((row) =>
  ACTORS.map((actor: ActorName) => ({ name: `${rowTitle(row)} as ${actor} -> ${statusOf(row, actor)}`, row, actor, status: statusOf(row, actor) })),
);

/**
 * 401 and role 403s come before the request is validated: a caller who may not call a route
 * learns nothing of its rules. Each refusal is sent again with a body (or, for GET, a query)
 * that fails validation.
 */
const JUNK_QUERY = `limit=abc&status=nope&cursor=%25%25&source=zz&kind=zz&method=zz&tzOffsetMinutes=zz&q=${'x'.repeat(300)}`;

const badBodyCells = ROUTE_TABLE.filter((row) => !row.freshActor).flatMap((row) =>
  ACTORS.filter((actor) => statusOf(row, actor) === 401 || (statusOf(row, actor) === 403 && !row.forbiddenAfterBody)).map((actor) => ({
    name: `${rowTitle(row)} as ${actor} with a ${row.method === 'GET' ? 'query' : 'body'} it cannot read -> ${statusOf(row, actor)}`,
    row,
    actor,
    status: statusOf(row, actor),
  })),
);

/** A suspended account and a token that is no longer valid get exactly what a visitor gets. */
const notSignedInCells = ROUTE_TABLE.flatMap((row) =>
  (['suspended', 'stale token'] as const).map((who) => ({
    name: `${rowTitle(row)} with a ${who === 'suspended' ? "suspended account's token" : 'stale token'} -> ${row.expect.visitor}`,
    row,
    who,
    status: row.expect.visitor,
  })),
);

let testApp: TestApp;
let suspendedToken: string;
let staleToken: string;
let world: World;

beforeAll(async () => {
  testApp = await createTestApp();
  world = await createWorld(testApp.app);
  const suspended = await createFreshActor(world, 'buyer');
  suspendedToken = suspended.token;
  await testApp.app.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));
  const signedOut = await createFreshActor(world, 'buyer');
  staleToken = signedOut.token;
  await testApp.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(staleToken) });
});

afterAll(async () => {
  await testApp?.close();
});

describe('the route table', () => {
  it('has a row for every route the app registers', () => {
    const covered = new Set(ROUTE_TABLE.map((row) => routeKey({ method: row.method, url: row.path })));
    const missing = registered.filter(isTableRoute).map(routeKey).filter((key) => !covered.has(key));
    expect(missing, 'routes nobody decided who may call: add rows to route-table.ts').toEqual([]);
  });

  it('names only routes that exist', () => {
    const existing = new Set(registered.map(routeKey));
    const unknown = [...new Set(ROUTE_TABLE.map((row) => routeKey({ method: row.method, url: row.path })))].filter((key) => !existing.has(key));
    expect(unknown).toEqual([]);
  });
});

describe('who gets what', () => {
  it.each(cells)('$name', async ({ row, actor, status }) => {
    const caller = row.freshActor && actor !== 'visitor' ? await createFreshActor(world, actor, row.owner) : userOf(world, actor, row.owner ?? 'seller');
    const call = await row.call({ world, actor, user: caller });
    const token = call.token ?? caller?.token;
    const response = await testApp.app.inject({
      method: row.method,
      url: call.url,
      headers: { ...(token ? bearer(token) : {}), ...call.headers },
      ...(call.payload === undefined ? {} : { payload: call.payload as string | object | Buffer }),
      ...(call.remoteAddress ? { remoteAddress: call.remoteAddress } : {}),
    });
    expect(response.statusCode, response.body).toBe(status);

    if (status >= 400) {
      const body = ZStrictError.parse(response.json());
      const refusal = REFUSAL_CODES[status];
      if (refusal) expect(body.error.code).toBe(refusal);
      for (const leak of call.leaks ?? []) expect(response.body).not.toContain(leak);
    }
  });
});

describe('refused before the request is validated', () => {
  it.each(badBodyCells)('$name', async ({ row, actor, status }) => {
    const caller = userOf(world, actor, row.owner ?? 'seller');
    const call = await row.call({ world, actor, user: caller });
    const token = call.token ?? caller?.token;
    const response = await testApp.app.inject(
      row.method === 'GET'
        ? { method: row.method, url: `${call.url}${call.url.includes('?') ? '&' : '?'}${JUNK_QUERY}`, headers: token ? bearer(token) : {} }
        : {
            method: row.method,
            url: call.url,
            headers: { ...(token ? bearer(token) : {}), 'content-type': 'application/json' },
            payload: JSON.stringify({ unexpected: ['not', 'a', 'valid', 'body'] }),
          },
    );
    expect(response.statusCode, response.body).toBe(status);
    expect(ZStrictError.parse(response.json()).error.code).toBe(REFUSAL_CODES[status]);
  });
});

describe('a suspended account or a stale token is a visitor', () => {
  it.each(notSignedInCells)('$name', async ({ row, who, status }) => {
    const call = await row.call({ world, actor: 'visitor', user: null });
    const response = await testApp.app.inject({
      method: row.method,
      url: call.url,
      headers: { ...bearer(who === 'suspended' ? suspendedToken : staleToken), ...call.headers },
      ...(call.payload === undefined ? {} : { payload: call.payload as string | object | Buffer }),
      ...(call.remoteAddress ? { remoteAddress: call.remoteAddress } : {}),
    });
    expect(response.statusCode, response.body).toBe(status);
    if (status >= 400) {
      ZStrictError.parse(response.json());
      for (const leak of call.leaks ?? []) expect(response.body).not.toContain(leak);
    }
  });
});
