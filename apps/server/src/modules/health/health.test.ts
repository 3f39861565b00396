import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { ZReadinessResponse } from '@pulse/contract/health';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { redisAnswers } from './health-routes';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

describe('GET /api/health', () => {
  it('reports ok and which database is in use', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', db: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });
});

describe('GET /api/health/live', () => {
  it('answers ok while the process runs', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /api/health/ready', () => {
  it('is ready with the database answering, its migrations applied and no Redis configured', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', redis: 'not_configured', process: 'running' },
    });
  });

  it('is not ready (503, the migrations named) on a database that lacks the newest migration', async () => {
    const other = await createTestApp();
    try {
      // As if this build carried a migration the database has not had yet.
      await other.app.db.execute("delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)");
      const response = await other.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(ZReadinessResponse.parse(response.json())).toEqual({
        status: 'not_ready',
        checks: { database: 'ok', migrations: 'pending', redis: 'not_configured', process: 'running' },
      });
    } finally {
      await other.close();
    }
  });

  it('checks Redis when it is configured', async () => {
    // CI runs Redis here, as for the realtime adapter's test; a developer without one sets REDIS_URL to theirs.
    const other = await createTestApp({ REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' });
    try {
      // The client connects in the background: ready once it has.
      const deadline = Date.now() + 5000;
      let response = await other.app.inject({ method: 'GET', url: '/api/health/ready' });
      while (response.statusCode !== 200 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        response = await other.app.inject({ method: 'GET', url: '/api/health/ready' });
      }
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ status: 'ready', checks: { redis: 'ok' } });
    } finally {
      await other.close();
    }
  });

  it('counts a Redis that is not connected as unreachable, without queueing a PING for later', async () => {
    // Never connected (nothing listens on port 1 either): the route would answer 503 with redis "unreachable".
    const client = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0 });
    try {
      expect(await redisAnswers(client)).toBe(false);
    } finally {
      client.disconnect();
    }
  });

  it('turns 503 the moment the process starts draining, while liveness stays ok', async () => {
    testApp.app.lifecycle.startDraining();
    const ready = await testApp.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: 'not_ready',
      checks: { database: 'ok', migrations: 'ok', redis: 'not_configured', process: 'draining' },
    });
    const live = await testApp.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
  });
});
