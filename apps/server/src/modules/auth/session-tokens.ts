import { jwtVerify, SignJWT } from 'jose';
import { ZTokenPayload } from '@pulse/contract/auth';
import { ZId } from '@pulse/contract/ids';

export const SESSION_LIFETIME_SECONDS = 3600;

function keyFrom(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
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
