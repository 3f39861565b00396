import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAuthResponse } from '@pulse/contract/auth';
import type { TConversationSummary, TMessage } from '@pulse/contract/messages';
import { openTestSocket, waitForConnect, waitForEvent, type TestSocket } from '../plugins/realtime-test-client';
import {
  assertRedisReachable,
  createThrowAwayDatabase,
  DEFAULT_DATABASE_URL,
  DEFAULT_REDIS_URL,
  type ThrowAwayDatabase,
} from './scale-services';
import { startServerProcess, type ServerProcess } from './server-process';

/**
 * Two real server processes (the production entry point) share one PostgreSQL database and one
 * Redis. A socket connected to process 2 must receive what a request on process 1 caused.
 */
const databaseServerUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
const redisUrl = process.env.REDIS_URL || DEFAULT_REDIS_URL;

let database: ThrowAwayDatabase | null = null;
let dataDir: string | null = null;
const servers: ServerProcess[] = [];
const sockets: TestSocket[] = [];

beforeAll(async () => {
  await assertRedisReachable(redisUrl);
  database = await createThrowAwayDatabase(databaseServerUrl);
  // Uploads go under DATA_DIR; the database itself is PostgreSQL.
  dataDir = await mkdtemp(join(tmpdir(), 'pulse-scale-'));
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: join(dataDir, 'no-web'),
    // The sign-up counter per address lives in the shared Redis for an hour, so runs of this file
    // (all from 127.0.0.1) would add up to the limit; the limits are tested in plugins/rate-limits.test.ts.
    RATE_LIMIT_REGISTER_PER_HOUR: '100000',
    RATE_LIMIT_MESSAGES_PER_MINUTE: '100000',
  };
  // Started together, as a scaled-out deploy does: migrations and the generated JWT secret must
  // come out the same for both.
  const started = await Promise.allSettled([startServerProcess(env), startServerProcess(env)]);
  for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await Promise.all(servers.map((server) => server.stop()));
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

function server(index: 0 | 1): ServerProcess {
  const found = servers[index];
  if (!found) throw new Error(`server process ${index + 1} did not start`);
  return found;
}

async function callJson<T>(baseUrl: string, path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function register(baseUrl: string, name: string): Promise<TAuthResponse> {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const { status, body } = await callJson<TAuthResponse>(baseUrl, '/api/auth/register', {
    method: 'POST',
    body: { email: `${name}${suffix}@example.com`, username: `${name}${suffix}`, password: 'meadow-tractor-91' },
  });
  expect(status).toBe(201);
  return body;
}

describe('two server processes sharing PostgreSQL and Redis', () => {
  it('delivers a message sent through process 1 to a socket on process 2, with its notification', async () => {
    const first = server(0);
    const second = server(1);
    const alice = await register(first.baseUrl, 'alice');
    const bob = await register(second.baseUrl, 'bob');

    // Bob's session, made on process 2, is good on process 1 too (one shared JWT secret).
    const me = await callJson<{ user: { id: string } }>(first.baseUrl, '/api/auth/me', { token: bob.token });
    expect(me.status).toBe(200);

    const bobSocket = openTestSocket(second.baseUrl, { token: bob.token });
    sockets.push(bobSocket);
    await waitForConnect(bobSocket);
    bobSocket.emit('userConnected', { userId: bob.user.id });

    const messageArrival = waitForEvent(bobSocket, 'messageReceived', 15_000);
    const notificationArrival = waitForEvent(bobSocket, 'newNotification', 15_000);

    const conversation = await callJson<TConversationSummary>(first.baseUrl, '/api/conversations', {
      method: 'POST',
      token: alice.token,
      body: { otherUserId: bob.user.id },
    });
    expect(conversation.status).toBe(201);
    const sent = await callJson<TMessage>(first.baseUrl, `/api/conversations/${conversation.body.id}/messages`, {
      method: 'POST',
      token: alice.token,
      body: { body: 'Hello from process 1' },
    });
    expect(sent.status).toBe(201);

    expect(await messageArrival).toEqual({ conversationId: conversation.body.id, message: sent.body });
    expect(await notificationArrival).toMatchObject({
      type: 'new_message',
      source: 'marketplace',
      related_entity_id: conversation.body.id,
      message: `${alice.user.username}: Hello from process 1`,
    });

    // And back: Bob reads through process 1; his socket on process 2 hears chatOpened.
    const opened = waitForEvent(bobSocket, 'chatOpened', 15_000);
    const read = await callJson<{ readCount: number }>(first.baseUrl, `/api/conversations/${conversation.body.id}/read`, {
      method: 'POST',
      token: bob.token,
    });
    expect(read.body.readCount).toBe(1);
    expect(await opened).toEqual({ conversationId: conversation.body.id, userId: bob.user.id, readCount: 1 });
  });
});
