import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAuthProvidersResponse,
  ZAuthResponse,
  ZLoginRequest,
  ZLogoutResponse,
  ZMeResponse,
  ZRegisterRequest,
} from '@pulse/contract/auth';
import { ZSetLanguageRequest, ZSetLanguageResponse } from '@pulse/contract/users';
import { requireUser } from '../../plugins/auth';
import { rateLimitFor } from '../../plugins/rate-limits';
import { endSession, registerUser, verifyCredentials } from './auth-service';
import { queueVerificationMail } from './email-verification-service';
import { issueSession } from './issue-session';
import { listDemoAccounts } from './demo-accounts';
import { createLoginRateLimits } from './login-rate-limit';
import { clearSessionCookie } from './session-cookie';
import { getUserJson } from './user-json';
import { updateUserLanguage } from './users-repository';

/** The language body is `{"language":"fr"}`: a few bytes are plenty. */
const LANGUAGE_BODY_LIMIT_BYTES = 1024;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const loginLimits = createLoginRateLimits(app);

  app.post(
    '/api/auth/register',
    { schema: { body: ZRegisterRequest, response: { 201: ZAuthResponse } }, config: { rateLimit: rateLimitFor(app.config, 'register') } },
    async (request, reply) => {
      const user = await registerUser(
        app.db,
        request.body,
        { config: app.config, onAttributionError: (error) => request.log.error({ err: error }, 'Referral attribution at sign-up failed') },
        (tx, created) => queueVerificationMail(app, tx, created),
      );
      app.mailOutbox.wake();
      const session = await issueSession(app, request, reply, user.id);
      return reply.code(201).send({ token: session.token, user: await getUserJson(app.db, user) });
    },
  );

  app.post(
    '/api/auth/login',
    {
      schema: { body: ZLoginRequest, response: { 200: ZAuthResponse } },
      config: { rateLimit: rateLimitFor(app.config, 'login') },
      preHandler: loginLimits.limitLoginAttempts,
      onError: loginLimits.countFailedLogin,
    },
    async (request, reply) => {
      const user = await verifyCredentials(app.db, request.body.email, request.body.password);
      const session = await issueSession(app, request, reply, user.id, request.body.keepSignedIn ?? false);
      return { token: session.token, user: await getUserJson(app.db, user) };
    },
  );

  app.get('/api/auth/me', { schema: { response: { 200: ZMeResponse } }, preHandler: app.authenticate }, async (request) => {
    return { user: await getUserJson(app.db, requireUser(request)) };
  });

  // The user's language, used for everything written to them (notifications, push, errors).
  app.put(
    '/api/users/me/language',
    { schema: { body: ZSetLanguageRequest, response: { 200: ZSetLanguageResponse } }, bodyLimit: LANGUAGE_BODY_LIMIT_BYTES, preValidation: app.authenticate },
    async (request) => {
      const user = requireUser(request);
      await updateUserLanguage(app.db, user.id, request.body.language);
      return { language: request.body.language };
    },
  );

  // Signing out twice, or with a stale token, still ends with the visitor signed out: 200.
  app.post('/api/auth/logout', { schema: { response: { 200: ZLogoutResponse } }, preHandler: app.identify }, async (request, reply) => {
    if (request.sessionId) await endSession(app.db, request.sessionId);
    clearSessionCookie(reply, app.config);
    return { ok: true as const };
  });

  app.get('/api/auth/providers', { schema: { response: { 200: ZAuthProvidersResponse } } }, async () => ({
    oidc: app.config.oidc ? { enabled: true, name: app.config.oidc.name } : { enabled: false, name: null },
    demoAccounts: await listDemoAccounts(app.db, app.config),
  }));
};
