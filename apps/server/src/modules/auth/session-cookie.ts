import type { FastifyReply } from 'fastify';
import { SESSION_COOKIE_NAME } from '@pulse/contract/auth';
import type { Config } from '../../config';
import { SESSION_LIFETIME_SECONDS } from './session-tokens';

function isSecure(config: Pick<Config, 'publicUrl'>): boolean {
  return config.publicUrl.startsWith('https://');
}

export function setSessionCookie(reply: FastifyReply, config: Pick<Config, 'publicUrl'>, token: string): void {
  reply.setCookie(SESSION_COOKIE_NAME, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: isSecure(config),
    maxAge: SESSION_LIFETIME_SECONDS,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Pick<Config, 'publicUrl'>): void {
  reply.clearCookie(SESSION_COOKIE_NAME, { httpOnly: true, sameSite: 'lax', path: '/', secure: isSecure(config) });
}
