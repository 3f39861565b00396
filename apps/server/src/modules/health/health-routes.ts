import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { ZHealthResponse, ZLivenessResponse, ZReadinessResponse, type TReadinessResponse } from '@pulse/contract/health';
import { migrationsApplied } from '../../db/migrate';
import { pingDatabase } from './health-repository';

/** A check that has not answered by then counts as failed: a load balancer polls every second. */
export const READINESS_CHECK_TIMEOUT_MS = 1000;

/** `check`'s answer, or false when it throws or takes longer than the timeout. */
async function withinTimeout(check: () => Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), READINESS_CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Redis answered PING in time (a client that is not connected now is not asked: it would only queue the command). */
export async function redisAnswers(redis: Redis): Promise<boolean> {
  return withinTimeout(async () => redis.status === 'ready' && (await redis.ping()) === 'PONG');
}

export interface HealthRoutesOptions {
  /** The app's Redis client when REDIS_URL is set (app.ts), else null. */
  redis: Redis | null;
}

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, { redis }) => {
  // A failing database makes this a 500, which is what a load balancer's probe should see.
  app.get('/api/health', { schema: { response: { 200: ZHealthResponse } } }, async () => {
    await pingDatabase(app.db);
    return { status: 'ok' as const, db: app.database.kind };
  });

  // Liveness: the process answers at all. Nothing outside it is asked, so a database outage does
  // not get every process restarted.
  app.get('/api/health/live', { schema: { response: { 200: ZLivenessResponse } } }, async () => ({ status: 'ok' as const }));

  // Migrations once applied stay applied: after the first pass the check costs nothing.
  let migrationsPassed = false;

  async function readiness(): Promise<TReadinessResponse['checks']> {
    const [database, redisAnswered] = await Promise.all([
      withinTimeout(async () => {
        await pingDatabase(app.db);
        return true;
      }),
      redis ? redisAnswers(redis) : Promise.resolve(null),
    ]);
    if (database && !migrationsPassed) migrationsPassed = await withinTimeout(() => migrationsApplied(app.db));
    return {
      database: database ? 'ok' : 'unreachable',
      migrations: migrationsPassed ? 'ok' : database ? 'pending' : 'unknown',
      redis: redisAnswered === null ? 'not_configured' : redisAnswered ? 'ok' : 'unreachable',
      process: app.lifecycle.draining ? 'draining' : 'running',
    };
  }

  // Readiness: whether this process should get new requests. 503 names the failed checks in the
  // same body as the 200, so a person reading the probe's answer sees which one.
  app.get('/api/health/ready', { schema: { response: { 200: ZReadinessResponse, 503: ZReadinessResponse } } }, async (_request, reply) => {
    const checks = await readiness();
    const ready = checks.database === 'ok' && checks.migrations === 'ok' && checks.redis !== 'unreachable' && checks.process === 'running';
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks });
  });
};
