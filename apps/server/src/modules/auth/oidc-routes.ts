import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from '@pulse/contract/messages-i18n';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError, NotFoundError } from '../../errors/domain-errors';
import { attributeSignUp } from '../referrals/referral-attribution-service';
import { OidcClient, type PendingOidcSignIn } from './oidc-client';
import { resolveOidcUser } from './oidc-users';
import { issueSession } from './issue-session';

const PENDING_COOKIE = 'pulse_oidc';
const PENDING_COOKIE_PATH = '/api/auth/oidc';
const PENDING_LIFETIME_SECONDS = 600;

const ZPendingSignIn = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  codeVerifier: z.string().min(43),
  /** The `?ref=` code the sign-in started with (decision 023), attributed only if the callback creates the account. */
  ref: z.string().max(40).optional(),
});
/** `?ref=CODE` on the start URL; anything else about it is ignored rather than refused. */
const ZStartQuery = z.object({ ref: z.string().optional().catch(undefined) });

export const SSO_UNAVAILABLE_MESSAGE = contractMessage(msg`Single sign-on is not available right now. Try again later or sign in with your e-mail.`);
export const SSO_EXPIRED_MESSAGE = contractMessage(msg`The single sign-on attempt expired or was started in another browser. Try again.`);
export const SSO_CANCELLED_MESSAGE = contractMessage(msg`Single sign-on was cancelled.`);

/** The web app reads the fragment; a fragment is never sent to any server or written to its logs. */
function redirectToLogin(reply: FastifyReply, fragment: { token: string } | { error: string }) {
  const [key, value] = 'token' in fragment ? ['token', fragment.token] : ['error', fragment.error];
  return reply.header('cache-control', 'no-store').redirect(`/login#${key}=${encodeURIComponent(value)}`, 302);
}

export const oidcRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = app.config.oidc;
  const client = settings ? new OidcClient(settings, `${app.config.publicUrl}/api/auth/oidc/callback`) : null;
  const secureCookie = app.config.publicUrl.startsWith('https://');

  function requireClient(): OidcClient {
    if (!client) throw new NotFoundError(msg`Single sign-on is not configured on this server.`);
    return client;
  }

  app.get('/api/auth/oidc/start', async (request, reply) => {
    const oidc = requireClient();
    const ref = ZStartQuery.parse(request.query ?? {}).ref?.trim().slice(0, 40) || undefined;
    let authorization: { url: URL; pending: PendingOidcSignIn };
    try {
      authorization = await oidc.createAuthorizationRequest();
    } catch (error) {
      app.log.error({ err: error }, 'OpenID Connect discovery failed');
      return redirectToLogin(reply, { error: SSO_UNAVAILABLE_MESSAGE });
    }
    // The state, nonce and PKCE verifier must come back with this browser only: a signed,
    // HttpOnly cookie scoped to the callback path, short-lived. Lax still sends it on the
    // issuer's top-level redirect back to us.
    reply.setCookie(PENDING_COOKIE, JSON.stringify({ ...authorization.pending, ...(ref ? { ref } : {}) }), {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookie,
      path: PENDING_COOKIE_PATH,
      maxAge: PENDING_LIFETIME_SECONDS,
    });
    return reply.header('cache-control', 'no-store').redirect(authorization.url.href, 302);
  });

  app.get('/api/auth/oidc/callback', async (request, reply) => {
    const oidc = requireClient();
    const rawCookie = request.cookies[PENDING_COOKIE];
    reply.clearCookie(PENDING_COOKIE, { path: PENDING_COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure: secureCookie });

    const query = request.query as Record<string, unknown>;
    if (typeof query.error === 'string') {
      return redirectToLogin(reply, { error: query.error === 'access_denied' ? SSO_CANCELLED_MESSAGE : SSO_UNAVAILABLE_MESSAGE });
    }

    const unsigned = rawCookie ? request.unsignCookie(rawCookie) : null;
    let pending: PendingOidcSignIn | null = null;
    let ref: string | undefined;
    if (unsigned?.valid && unsigned.value) {
      try {
        const { ref: pendingRef, ...parsed } = ZPendingSignIn.parse(JSON.parse(unsigned.value));
        pending = parsed;
        ref = pendingRef;
      } catch {
        pending = null;
      }
    }
    if (!pending) return redirectToLogin(reply, { error: SSO_EXPIRED_MESSAGE });

    try {
      const callbackUrl = new URL(request.url, app.config.publicUrl);
      const claims = await oidc.completeAuthorization(callbackUrl, pending);
      const { user, created } = await resolveOidcUser(app.db, { provider: oidc.provider, ...claims });
      if (created && ref) {
        // A bad code is ignored; a failure here must not undo the sign-in of the account just made.
        await attributeSignUp(app.db, app.config, user, ref, 'oidc_signup').catch((error: unknown) => {
          request.log.error({ err: error }, 'Referral attribution at single sign-on failed');
        });
      }
      const session = await issueSession(app, request, reply, user.id);
      return redirectToLogin(reply, { token: session.token });
    } catch (error) {
      if (error instanceof DomainError) return redirectToLogin(reply, { error: error.message });
      request.log.warn({ err: error }, 'OpenID Connect callback failed');
      return redirectToLogin(reply, { error: SSO_UNAVAILABLE_MESSAGE });
    }
  });
};
