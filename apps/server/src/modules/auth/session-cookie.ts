import type { FastifyReply } from 'fastify';
import { RENEWAL_COOKIE_NAME, SESSION_RENEWAL_PATH } from '@pulse/contract/account';
import { SESSION_COOKIE_NAME } from '@pulse/contract/auth';
import type { Config } from '../../config';

type CookieConfig = Pick<Config, 'publicUrl' | 'sessionTokenMinutes'>;

function isSecure(config: Pick<Config, 'publicUrl'>): boolean {
  return config.publicUrl.startsWith('https://');
}

export function setSessionCookie(reply: FastifyReply, config: CookieConfig, token: string): void {
  reply.setCookie(SESSION_COOKIE_NAME, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: isSecure(config),
    maxAge: config.sessionTokenMinutes * 60,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Pick<Config, 'publicUrl'>): void {
  reply.clearCookie(SESSION_COOKIE_NAME, { httpOnly: true, sameSite: 'lax', path: '/', secure: isSecure(config) });
  clearRenewalCookie(reply, config);
}

/**
 * "Keep me signed in" (decision 051): long-lived, HttpOnly, sent only to the renewal route, so no
 * other request carries it and page scripts never read it.
 */
export function setRenewalCookie(reply: FastifyReply, config: Pick<Config, 'publicUrl' | 'keepSignedInDays'>, token: string): void {
  reply.setCookie(RENEWAL_COOKIE_NAME, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: SESSION_RENEWAL_PATH,
    secure: isSecure(config),
    maxAge: config.keepSignedInDays * 24 * 3600,
  });
}

export function clearRenewalCookie(reply: FastifyReply, config: Pick<Config, 'publicUrl'>): void {
  reply.clearCookie(RENEWAL_COOKIE_NAME, { httpOnly: true, sameSite: 'lax', path: SESSION_RENEWAL_PATH, secure: isSecure(config) });
}
