import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { THubPostCreatedPayload } from '@pulse/contract/hub';
import type { TNotification } from '@pulse/contract/notifications';
import { registerTestUser } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/create-test-app';
import { listenOnFreePort, openTestSocket, waitForConnect, waitForDisconnect, type TestSocket } from './realtime-test-client';

// CI runs Redis here; a developer without one sets REDIS_URL to theirs.
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let processA: TestApp;
let processB: TestApp;
let urlA: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  processA = await createTestApp({ REDIS_URL: redisUrl });
  processB = await createTestApp({ REDIS_URL: redisUrl });
  urlA = await listenOnFreePort(processA.app);
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await processA.close();
  await processB.close();
});

/** Emits from B until A's socket hears it: the adapters subscribe to Redis asynchronously after start. */
async function emitUntilHeard(emit: () => void, heard: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!heard()) {
    if (Date.now() > deadline) throw new Error('The event never crossed to the other process');
    emit();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('Redis adapter', () => {
  it('carries an event emitted on one process to a socket on another', async () => {
    const { token, user } = await registerTestUser(processA.app);
    const socket = openTestSocket(urlA, { token });
    sockets.push(socket);
    await waitForConnect(socket);
    const received: TNotification[] = [];
    socket.on('newNotification', (payload) => received.push(payload));
    const notification: TNotification = {
      id: user.id,
      type: 'tip',
      source: 'pulse_hub',
      message: 'Chidi sent you a tip',
      content_type: 'post',
      related_entity_id: 'post-3',
      read: false,
      created_at: new Date().toISOString(),
    };
    await emitUntilHeard(
      () => processB.app.realtime.emitToUser(user.id, 'newNotification', notification),
      () => received.length > 0,
    );
    expect(received[0]).toEqual(notification);
  });

  it('carries a Pulse Hub new-post event to every signed-in socket on another process', async () => {
    const { token } = await registerTestUser(processA.app);
    const socket = openTestSocket(urlA, { token });
    sockets.push(socket);
    await waitForConnect(socket);
    const received: THubPostCreatedPayload[] = [];
    socket.on('hubPostCreated', (payload) => received.push(payload));
    const payload: THubPostCreatedPayload = { postId: randomUUID(), authorId: randomUUID(), createdAt: new Date().toISOString() };
    await emitUntilHeard(
      () => processB.app.realtime.emitToSignedIn('hubPostCreated', payload),
      () => received.length > 0,
    );
    expect(received[0]).toEqual(payload);
  });

  it('closes a session’s sockets on another process', async () => {
    const { token } = await registerTestUser(processA.app);
    const socket = openTestSocket(urlA, { token });
    sockets.push(socket);
    await waitForConnect(socket);
    const sessionId = decodeJwt(token).jti ?? '';
    const closed = waitForDisconnect(socket);
    processB.app.realtime.disconnectSession(sessionId);
    await expect(closed).resolves.toBe('io server disconnect');
  });
});
