import type { IncomingHttpHeaders } from 'node:http';
import { SESSION_COOKIE_NAME } from '@pulse/contract/auth';

/** The origins a page may open the socket from: the CORS allow-list plus the app's own address. */
export function buildAllowedOrigins(corsOrigins: readonly string[], publicUrl: string): Set<string> {
  return new Set([...corsOrigins, new URL(publicUrl).origin]);
}

/**
 * A browser always names the Origin of a cross-site request, so a foreign page is refused here.
 * No Origin at all means a non-browser client or a same-origin GET (Chrome omits it on long-polling
 * GETs); those still have to present a valid session token.
 */
export function isOriginAllowed(origin: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (origin === undefined) return true;
  return allowed.has(origin);
}

/** The token from `auth: { token }` first (the web app's stored JWT), then the session cookie. */
export function readHandshakeToken(
  auth: Record<string, unknown>,
  headers: IncomingHttpHeaders,
  parseCookie: (header: string) => Record<string, string | undefined>,
): string | null {
  const fromAuth = auth.token;
  if (typeof fromAuth === 'string' && fromAuth.trim() !== '') return fromAuth.trim().replace(/^Bearer\s+/i, '');
  const cookieHeader = headers.cookie;
  if (!cookieHeader) return null;
  return parseCookie(cookieHeader)[SESSION_COOKIE_NAME] || null;
}
