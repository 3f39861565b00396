import { z } from 'zod';

export const ZHealthResponse = z.object({
  status: z.literal('ok'),
  db: z.enum(['pglite', 'postgres']),
});
export type THealthResponse = z.infer<typeof ZHealthResponse>;

/** GET /api/health/live: the process is up and its event loop answers (nothing else is asked). */
export const ZLivenessResponse = z.object({ status: z.literal('ok') });
export type TLivenessResponse = z.infer<typeof ZLivenessResponse>;

/**
 * GET /api/health/ready, 200 and 503 alike: whether this process should get traffic, and each
 * check's answer, so whoever reads a 503 sees which one failed.
 */
export const ZReadinessResponse = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({
    /** `select 1` answered. */
    database: z.enum(['ok', 'unreachable']),
    /** The database has the newest migration this build carries (`unknown` while the database does not answer). */
    migrations: z.enum(['ok', 'pending', 'unknown']),
    /** Redis answered PING (`not_configured` without REDIS_URL). */
    redis: z.enum(['ok', 'unreachable', 'not_configured']),
    /** `draining` from the moment SIGTERM or SIGINT arrived. */
    process: z.enum(['running', 'draining']),
  }),
});
export type TReadinessResponse = z.infer<typeof ZReadinessResponse>;
