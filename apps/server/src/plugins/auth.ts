import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from '@pulse/contract/messages-i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ACCOUNT_SUSPENDED_MESSAGE } from '@pulse/contract/admin';
import { SESSION_COOKIE_NAME } from '@pulse/contract/auth';
import type { UserRow } from '../db/schema/users';
import { UnauthorizedError } from '../errors/domain-errors';
import { resolveSessionToken } from '../modules/auth/auth-service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, once `authenticate` or `identify` ran; null for a visitor. */
    user: UserRow | null;
    sessionId: string | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless a live session token came with the request. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** preHandler: reads a token if present; a visitor or a stale token just means no user. */
    identify(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

export const SIGN_IN_REQUIRED_MESSAGE = contractMessage(msg`Sign in to continue.`);
export const SESSION_EXPIRED_MESSAGE = contractMessage(msg`Your session has expired. Please log in again.`);

/** Bearer header first (the spec's client sends it), then the HttpOnly cookie. */
export function readRequestToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (match?.[1]) return match[1];
  }
  return request.cookies[SESSION_COOKIE_NAME] || null;
}

export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);

    async function resolve(request: FastifyRequest): Promise<'none' | 'invalid' | 'suspended' | 'ok'> {
      const token = readRequestToken(request);
      if (!token) return 'none';
      const session = await resolveSessionToken(app.db, app.jwtSecret, token);
      if (typeof session === 'string') return session;
      request.user = session.user;
      request.sessionId = session.sessionId;
      return 'ok';
    }

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const outcome = await resolve(request);
      if (outcome === 'none') throw new UnauthorizedError(SIGN_IN_REQUIRED_MESSAGE);
      if (outcome === 'invalid') throw new UnauthorizedError(SESSION_EXPIRED_MESSAGE);
      if (outcome === 'suspended') throw new UnauthorizedError(ACCOUNT_SUSPENDED_MESSAGE);
    });

    app.decorate('identify', async (request: FastifyRequest) => {
      await resolve(request);
    });
  },
  { name: 'auth', dependencies: ['app-context'] },
);

/** The user `authenticate` put on the request; use only in handlers behind it. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new UnauthorizedError(SIGN_IN_REQUIRED_MESSAGE);
  return request.user;
}
