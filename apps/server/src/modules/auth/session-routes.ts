import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RENEWAL_COOKIE_NAME, SESSION_RENEWAL_PATH, ZSessionRenewalResponse } from '@pulse/contract/account';
import { clearRenewalCookie, setRenewalCookie, setSessionCookie } from './session-cookie';
import { renewSession } from './session-renewal';
import { readRenewalToken } from './session-tokens';
import { getUserJson } from './user-json';

/**
 * POST /api/auth/session (decision 051): the web app asks for a fresh token when half of its
 * token's life is gone, and on start in a new tab. The session comes from the bearer token (or the
 * session cookie) while it is live, else from the "keep me signed in" cookie. No live session is
 * not an error here: the answer is nulls, and the spec's expiry rules follow on the next call.
 */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(SESSION_RENEWAL_PATH, { schema: { response: { 200: ZSessionRenewalResponse } }, preHandler: app.identify }, async (request, reply) => {
    let ids = request.user && request.sessionId ? { sessionId: request.sessionId, userId: request.user.id } : null;
    const cookie = request.cookies[RENEWAL_COOKIE_NAME];
    if (!ids && cookie) ids = await readRenewalToken(app.jwtSecret, cookie);
    const renewed = ids ? await renewSession(app.db, app.jwtSecret, app.config, ids) : null;
    if (!renewed) {
      if (cookie) clearRenewalCookie(reply, app.config);
      return { token: null, user: null };
    }
    setSessionCookie(reply, app.config, renewed.token);
    if (renewed.renewalToken) setRenewalCookie(reply, app.config, renewed.renewalToken);
    return { token: renewed.token, user: await getUserJson(app.db, renewed.user) };
  });
};
