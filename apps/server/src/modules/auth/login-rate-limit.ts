import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import { LOGIN_ADDRESS_FAILURES_FACTOR, rateLimitedError } from '../../plugins/rate-limits';

function readLoginEmail(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
}

/**
 * The sign-in counters beside the route's own `config.rateLimit` (a high per-address ceiling on
 * every attempt, plugins/rate-limits.ts), all in the plugin's one store (Redis when configured)
 * through `createRateLimit` (decision 027):
 * - per e-mail, every attempt, LOGIN_RATE_LIMIT in the window: one account cannot be guessed at
 *   speed from many addresses;
 * - per address, failed attempts only (wrong e-mail or password), LOGIN_ADDRESS_FAILURES_FACTOR
 *   times that: a town behind one carrier's NAT shares an address, and its people signing in
 *   with the right password never use it up; a script trying many accounts from one address does.
 */
export function createLoginRateLimits(app: FastifyInstance) {
  const windowMs = app.config.loginRateWindowSeconds * 1000;
  const perEmail = app.createRateLimit({
    max: app.config.loginRateLimit,
    timeWindow: windowMs,
    keyGenerator: (request) => `login-email:${readLoginEmail(request)}`,
  });
  const failuresPerAddress = app.createRateLimit({
    max: app.config.loginRateLimit * LOGIN_ADDRESS_FAILURES_FACTOR,
    timeWindow: windowMs,
    keyGenerator: (request) => `login-failures:ip:${normalizeIP(request.ip)}`,
  });

  /** preHandler: refuses an address whose failures are used up (read only), then counts the e-mail. */
  async function limitLoginAttempts(request: FastifyRequest): Promise<void> {
    const failures = await failuresPerAddress(request, { increment: false });
    if (!failures.isAllowed && failures.remaining === 0 && failures.ttl > 0) throw rateLimitedError(app.config, 'login', failures.ttlInSeconds);
    const result = await perEmail(request);
    if (!result.isAllowed && result.isExceeded) throw rateLimitedError(app.config, 'login', result.ttlInSeconds);
  }

  /** onError: a wrong e-mail or password (401) counts against the address; nothing else does. */
  async function countFailedLogin(request: FastifyRequest, _reply: unknown, error: FastifyError): Promise<void> {
    if (error.statusCode === 401) await failuresPerAddress(request);
  }

  return { limitLoginAttempts, countFailedLogin };
}
