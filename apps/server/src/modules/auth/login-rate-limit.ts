import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rateLimitedError } from '../../plugins/rate-limits';

function readLoginEmail(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
}

/**
 * preHandler counting every sign-in attempt (failed or not) per e-mail, so one account cannot be
 * guessed at speed from many addresses. The per-address counter is the route's own
 * `config.rateLimit` (plugins/rate-limits.ts); a route has room for one such counter, so this
 * second one uses the same plugin store (Redis when configured) through `createRateLimit`.
 */
export function createLoginEmailRateLimit(app: FastifyInstance) {
  const perEmail = app.createRateLimit({
    max: app.config.loginRateLimit,
    timeWindow: app.config.loginRateWindowSeconds * 1000,
    keyGenerator: (request) => `login-email:${readLoginEmail(request)}`,
  });

  return async function limitLoginAttemptsPerEmail(request: FastifyRequest): Promise<void> {
    const result = await perEmail(request);
    if (!result.isAllowed && result.isExceeded) throw rateLimitedError(app.config, 'login', result.ttlInSeconds);
  };
}
