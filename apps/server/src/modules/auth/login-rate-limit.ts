import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RateLimitedError } from '../../errors/domain-errors';

export function formatSignInLockout(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

function readLoginEmail(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.toLowerCase() : '';
}

/**
 * preHandler counting every sign-in attempt (failed or not) per client IP and per e-mail, so
 * neither one address nor one account can be guessed at speed. The counters live in the
 * rate-limit plugin's store: Redis when configured (shared by all processes), memory otherwise.
 */
export function createLoginRateLimit(app: FastifyInstance) {
  const options = { max: app.config.loginRateLimit, timeWindow: app.config.loginRateWindowSeconds * 1000 };
  const perIp = app.createRateLimit({ ...options, keyGenerator: (request) => `login-ip:${request.ip}` });
  const perEmail = app.createRateLimit({ ...options, keyGenerator: (request) => `login-email:${readLoginEmail(request)}` });

  return async function limitLoginAttempts(request: FastifyRequest): Promise<void> {
    const results = [await perIp(request), await perEmail(request)];
    let retryAfterSeconds = 0;
    for (const result of results) {
      if (!result.isAllowed && result.isExceeded) retryAfterSeconds = Math.max(retryAfterSeconds, result.ttlInSeconds);
    }
    if (retryAfterSeconds > 0) throw new RateLimitedError(formatSignInLockout(retryAfterSeconds), retryAfterSeconds);
  };
}
