import { jwtVerify, SignJWT } from 'jose';
import { ZTokenPayload } from '@pulse/contract/auth';
import { ZId } from '@pulse/contract/ids';

/** The default token lifetime (SESSION_TOKEN_MINUTES, decision 051). */
export const SESSION_LIFETIME_SECONDS = 3600;

function keyFrom(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/**
 * Renewal tokens (the "keep me signed in" cookie) are signed with a key of their own, derived from
 * the same secret: one can never be sent as a bearer session token, nor the other way round.
 */
function renewalKeyFrom(secret: string): Uint8Array {
  return new TextEncoder().encode(`${secret}\u0000pulse-renewal`);
}

/** The cookie value that brings a kept session back to a new tab: its session and user, until `expiresAt`. */
export async function signRenewalToken(secret: string, claims: { userId: string; sessionId: string; expiresAt: Date }): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setJti(claims.sessionId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
    .sign(renewalKeyFrom(secret));
}

/** The renewal cookie's user and session ids, or null when it is malformed, forged or expired. */
export async function readRenewalToken(secret: string, token: string): Promise<{ userId: string; sessionId: string } | null> {
  try {
    const { payload } = await jwtVerify(token, renewalKeyFrom(secret), { algorithms: ['HS256'] });
    const parsed = ZTokenPayload.extend({ sub: ZId, jti: ZId }).safeParse(payload);
    return parsed.success ? { userId: parsed.data.sub, sessionId: parsed.data.jti } : null;
  } catch {
    return null;
  }
}

export async function signSessionToken(
  secret: string,
  claims: { userId: string; sessionId: string; issuedAt: Date; expiresAt: Date },
): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setJti(claims.sessionId)
    .setIssuedAt(Math.floor(claims.issuedAt.getTime() / 1000))
    .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
    .sign(keyFrom(secret));
}

/** The token's user and session ids, or null when it is malformed, forged or expired. */
export async function readSessionToken(secret: string, token: string): Promise<{ userId: string; sessionId: string } | null> {
  try {
    const { payload } = await jwtVerify(token, keyFrom(secret), { algorithms: ['HS256'] });
    const parsed = ZTokenPayload.extend({ sub: ZId, jti: ZId }).safeParse(payload);
    return parsed.success ? { userId: parsed.data.sub, sessionId: parsed.data.jti } : null;
  } catch {
    return null;
  }
}
