import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { ZAuthResponse } from '@pulse/contract/auth';
import { ZPasswordResetConfirm, ZPasswordResetRequest, ZPasswordResetRequested } from '@pulse/contract/mail';
import { rateLimitedError, rateLimitFor } from '../../plugins/rate-limits';
import { startSession } from './auth-service';
import { confirmPasswordReset, requestPasswordReset, RESET_REQUESTED_MESSAGE } from './password-reset-service';
import { setSessionCookie } from './session-cookie';
import { getUserJson } from './user-json';

function readEmail(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
}

/** Password reset (issue 25): ask for a link by e-mail, then set a new password with it. */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  // Per e-mail, beside the route's per-address limit: one inbox cannot be flooded from many addresses.
  const perEmail = app.createRateLimit({
    max: app.config.rateLimits.passwordResetsPerEmailPerHour,
    timeWindow: 3_600_000,
    keyGenerator: (request) => `password-reset-email:${readEmail(request)}`,
  });

  app.post(
    '/api/auth/password-reset',
    {
      schema: { body: ZPasswordResetRequest, response: { 202: ZPasswordResetRequested } },
      config: { rateLimit: rateLimitFor(app.config, 'passwordReset') },
      preHandler: async (request) => {
        const result = await perEmail(request);
        if (!result.isAllowed && result.isExceeded) throw rateLimitedError(app.config, 'passwordReset', result.ttlInSeconds);
      },
    },
    async (request, reply) => {
      await requestPasswordReset(app, request.body.email);
      return reply.code(202).send({ ok: true as const, message: request.i18n._(RESET_REQUESTED_MESSAGE) });
    },
  );

  app.post(
    '/api/auth/password-reset/confirm',
    { schema: { body: ZPasswordResetConfirm, response: { 200: ZAuthResponse } }, config: { rateLimit: rateLimitFor(app.config, 'passwordReset') } },
    async (request, reply) => {
      const user = await confirmPasswordReset(app, request.body.token, request.body.password);
      const session = await startSession(app.db, app.jwtSecret, user.id);
      setSessionCookie(reply, app.config, session.token);
      request.log.info({ userId: user.id, ip: normalizeIP(request.ip) }, 'Password reset: every session revoked, signed in anew');
      return { token: session.token, user: await getUserJson(app.db, user) };
    },
  );
};
