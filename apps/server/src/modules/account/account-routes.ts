import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAccountSessionsResponse,
  ZChangePasswordRequest,
  ZChangePasswordResponse,
  ZSessionIdParams,
  ZSignedOutResponse,
} from '@pulse/contract/account';
import { requireUser } from '../../plugins/auth';
import { rateLimitedError, rateLimitFor } from '../../plugins/rate-limits';
import { clearSessionCookie } from '../auth/session-cookie';
import { ZChangeEmailRequest, ZEmailMailSentResponse } from '@pulse/contract/email-verification';
import { changePassword, listDevices, signOutDevice, signOutEverywhere } from './account-service';
import { CHANGE_EMAIL_SENT_MESSAGE, requestEmailChange } from './change-email-service';

/** The change-password body is two passwords of at most 128 characters. */
const PASSWORD_BODY_LIMIT_BYTES = 2048;

/**
 * The account page (decision 051): the signed-in devices, signing one or all of them out, and
 * changing the password. Every route acts on the caller's own account only.
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  // Guessing the current password from a borrowed session is limited like signing in (per account).
  const passwordAttempts = app.createRateLimit({
    max: app.config.loginRateLimit,
    timeWindow: app.config.loginRateWindowSeconds * 1000,
    keyGenerator: (request) => `password-change:${request.user?.id ?? ''}`,
  });

  app.get('/api/account/sessions', { schema: { response: { 200: ZAccountSessionsResponse } }, onRequest: app.authenticate }, async (request) => {
    const user = requireUser(request);
    return { sessions: await listDevices(app.db, user.id, request.sessionId) };
  });

  app.delete(
    '/api/account/sessions/:sessionId',
    { schema: { params: ZSessionIdParams, response: { 200: ZSignedOutResponse } }, onRequest: app.authenticate },
    async (request, reply) => {
      const user = requireUser(request);
      await signOutDevice(app.db, user.id, request.params.sessionId);
      app.realtime.disconnectSession(request.params.sessionId);
      const endedCurrent = request.params.sessionId === request.sessionId;
      if (endedCurrent) clearSessionCookie(reply, app.config);
      return { ended: 1, endedCurrent };
    },
  );

  app.post('/api/account/sessions/sign-out-everywhere', { schema: { response: { 200: ZSignedOutResponse } }, onRequest: app.authenticate }, async (request, reply) => {
    const user = requireUser(request);
    const ended = await signOutEverywhere(app.db, user.id);
    for (const sessionId of ended) app.realtime.disconnectSession(sessionId);
    clearSessionCookie(reply, app.config);
    return { ended: ended.length, endedCurrent: request.sessionId !== null && ended.includes(request.sessionId) };
  });

  app.put(
    '/api/account/password',
    {
      schema: { body: ZChangePasswordRequest, response: { 200: ZChangePasswordResponse } },
      bodyLimit: PASSWORD_BODY_LIMIT_BYTES,
      preValidation: app.authenticate,
      preHandler: async (request) => {
        const result = await passwordAttempts(request);
        if (!result.isAllowed && result.isExceeded) throw rateLimitedError(app.config, 'login', result.ttlInSeconds);
      },
    },
    async (request) => {
      const user = requireUser(request);
      const ended = await changePassword(app.db, user, request.sessionId, request.body);
      for (const sessionId of ended) app.realtime.disconnectSession(sessionId);
      return { otherSessionsEnded: ended.length };
    },
  );

  // Change e-mail (decision 053): as many mails per user and hour as "send the confirmation again"
  // (RATE_LIMIT_VERIFICATION_MAILS_PER_HOUR, its own counter), which also bounds guessing the current password.
  app.put(
    '/api/account/email',
    {
      schema: { body: ZChangeEmailRequest, response: { 202: ZEmailMailSentResponse } },
      bodyLimit: PASSWORD_BODY_LIMIT_BYTES,
      preValidation: app.authenticate,
      config: { rateLimit: rateLimitFor(app.config, 'verificationMail') },
    },
    async (request, reply) => {
      await requestEmailChange(app, requireUser(request), request.body);
      return reply.code(202).send({ ok: true as const, message: request.i18n._(CHANGE_EMAIL_SENT_MESSAGE) });
    },
  );
};
