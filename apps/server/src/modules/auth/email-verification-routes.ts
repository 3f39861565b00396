import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEmailConfirmRequest, ZEmailConfirmResponse, ZEmailMailSentResponse } from '@pulse/contract/email-verification';
import { requireUser } from '../../plugins/auth';
import { rateLimitFor } from '../../plugins/rate-limits';
import { confirmEmailToken, EMAIL_CHANGED_MESSAGE, EMAIL_CONFIRMED_MESSAGE, resendVerificationMail, VERIFICATION_SENT_MESSAGE } from './email-verification-service';

/** E-mail verification (issue 25, decision 053): the link's confirmation and "send it again". */
export const emailVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/auth/email-verification',
    {
      schema: { response: { 202: ZEmailMailSentResponse } },
      preValidation: app.authenticate,
      // Per user (RATE_LIMIT_VERIFICATION_MAILS_PER_HOUR), counted after the sign-in check.
      config: { rateLimit: rateLimitFor(app.config, 'verificationMail') },
    },
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
