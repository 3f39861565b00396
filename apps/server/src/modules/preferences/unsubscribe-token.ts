import { createHmac, timingSafeEqual } from 'node:crypto';
import { ZNotificationCategory, type TNotificationCategory } from '@pulse/contract/notification-preferences';
import { z } from 'zod';

/** What signs unsubscribe links: the server's JWT secret (env or the one kept in the database). */
export interface UnsubscribeSigner {
  jwtSecret: string;
  config: { publicUrl: string };
}

const KEY_LABEL = 'pulse-market:mail-unsubscribe:v1';
const SIGNATURE_BYTES = 32;
const ZUserId = z.uuid();

/**
 * The unsubscribe key is derived from the JWT secret (HMAC-SHA256 with a fixed label), so it is
 * never the session key itself and needs nothing stored; changing JWT_SECRET voids old links.
 */
function unsubscribeKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update(KEY_LABEL).digest();
}

function signatureOf(jwtSecret: string, userId: string, category: TNotificationCategory): Buffer {
  return createHmac('sha256', unsubscribeKey(jwtSecret)).update(`${userId}:${category}`).digest();
}

/**
 * `<user id>.<category>.<HMAC-SHA256 over both, base64url>`: about 110 characters, URL-safe. It
 * does not expire: a mail read months later still unsubscribes (RFC 8058 expects that).
 */
export function signUnsubscribeToken(jwtSecret: string, userId: string, category: TNotificationCategory): string {
  return `${userId}.${category}.${signatureOf(jwtSecret, userId, category).toString('base64url')}`;
}

/** The user and category the token was signed for, or null for anything tampered, cut or foreign. */
export function verifyUnsubscribeToken(jwtSecret: string, token: string): { userId: string; category: TNotificationCategory } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [userId, categoryText, signatureText] = parts as [string, string, string];
  if (!ZUserId.safeParse(userId).success) return null;
  const category = ZNotificationCategory.safeParse(categoryText);
  if (!category.success) return null;
  if (!/^[A-Za-z0-9_-]+$/.test(signatureText)) return null;
  const given = Buffer.from(signatureText, 'base64url');
  if (given.length !== SIGNATURE_BYTES || given.toString('base64url') !== signatureText) return null;
  const expected = signatureOf(jwtSecret, userId, category.data);
  return timingSafeEqual(given, expected) ? { userId, category: category.data } : null;
}

/** The RFC 8058 one-click address (List-Unsubscribe header; answers POST without signing in). */
export function oneClickUnsubscribeUrl(signer: UnsubscribeSigner, userId: string, category: TNotificationCategory): string {
  return `${signer.config.publicUrl}/api/mail/unsubscribe?token=${signUnsubscribeToken(signer.jwtSecret, userId, category)}`;
}

/** The web page the mail's footer links to: it shows what will be turned off and asks first. */
export function unsubscribePageUrl(signer: UnsubscribeSigner, userId: string, category: TNotificationCategory): string {
  return `${signer.config.publicUrl}/unsubscribe?token=${signUnsubscribeToken(signer.jwtSecret, userId, category)}`;
}
