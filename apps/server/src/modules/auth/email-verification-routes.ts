import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ZEmailConfirmRequest, ZEmailConfirmResponse, ZEmailMailSentResponse } from '@pulse/contract/email-verification';
import { requireUser } from '../../plugins/auth';
import { rateLimitedError } from '../../plugins/rate-limits';
import { confirmEmailToken, EMAIL_CHANGED_MESSAGE, EMAIL_CONFIRMED_MESSAGE, resendVerificationMail, VERIFICATION_SENT_MESSAGE } from './email-verification-service';

type LimitHook = (request: FastifyRequest) => Promise<void>;
/** One limiter per app (keyed by its config object, which every encapsulated child shares). */
const limiters = new WeakMap<object, LimitHook>();

/**
 * One counter per user shared by every route that mails a confirmation link on request ("send it
 * again" here, "change e-mail" on the account page): RATE_LIMIT_VERIFICATION_MAILS_PER_HOUR.
 * Runs after `authenticate`, so the key is the signed-in user.
 */
export function verificationMailLimit(app: FastifyInstance): LimitHook {
  const existing = limiters.get(app.config);
  if (existing) return existing;
  const limiter = app.createRateLimit({
    max: app.config.rateLimits.verificationMailsPerHour,
    timeWindow: 3_600_000,
    keyGenerator: (request) => `verification-mail:${request.user?.id ?? ''}`,
  });
  const hook: LimitHook = async (request) => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) throw rateLimitedError(app.config, 'verificationMail', result.ttlInSeconds);
  };
  limiters.set(app.config, hook);
  return hook;
}

/** E-mail verification (issue 25, decision 053): the link's confirmation and "send it again". */
export const emailVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/auth/email-verification',
    { schema: { response: { 202: ZEmailMailSentResponse } }, preValidation: app.authenticate, preHandler: verificationMailLimit(app) },
    async (request, reply) => {
      await resendVerificationMail(app, requireUser(request));
      return reply.code(202).send({ ok: true as const, message: request.i18n._(VERIFICATION_SENT_MESSAGE) });
    },
  );

  // No sign-in: the link works on any device (a phone's mail app opens it in another browser).
  app.post('/api/auth/email-verification/confirm', { schema: { body: ZEmailConfirmRequest, response: { 200: ZEmailConfirmResponse } } }, async (request) => {
    const confirmed = await confirmEmailToken(app, request.body.token);
    const message = request.i18n._(confirmed.purpose === 'change' ? EMAIL_CHANGED_MESSAGE : EMAIL_CONFIRMED_MESSAGE);
    return { ...confirmed, message };
  });
};
