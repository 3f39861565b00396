import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { startSession, type IssuedSession } from './auth-service';
import { setRenewalCookie, setSessionCookie } from './session-cookie';
import { signRenewalToken } from './session-tokens';

/**
 * Starts a session for a sign-in or sign-up and sets its cookies: the session cookie always, and
 * the renewal cookie when the person asked to stay signed in (decision 051).
 */
export async function issueSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  keepSignedIn = false,
): Promise<IssuedSession> {
  const now = new Date();
  const session = await startSession(app.db, app.jwtSecret, userId, now, {
    tokenSeconds: app.config.sessionTokenMinutes * 60,
    keepSignedIn,
    keepDays: app.config.keepSignedInDays,
    userAgent: request.headers['user-agent'] ?? null,
  });
  setSessionCookie(reply, app.config, session.token);
  if (keepSignedIn) {
    const expiresAt = new Date(now.getTime() + app.config.keepSignedInDays * 24 * 3600 * 1000);
    setRenewalCookie(reply, app.config, await signRenewalToken(app.jwtSecret, { userId, sessionId: session.sessionId, expiresAt }));
  }
  return session;
}
