import { i18n } from '@lingui/core';
import type { TUser } from '@pulse/contract/users';
import { DEFAULT_SESSION_MS, INVALID_LOGIN_DATA_MESSAGE, INVALID_TOKEN_MESSAGE } from './session-messages';

export interface TokenClaims {
  exp?: number;
  iat?: number;
  sub?: string;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isStringOrNull = (value: unknown) => value === null || typeof value === 'string';

/**
 * The user of a `{ token, user }` login payload has the contract's fields and types (checked by
 * hand: this runs on the first page, which does not load zod).
 */
export function isUserShape(value: unknown): value is TUser {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const user = value as Record<string, unknown>;
  return (
    isString(user.id) &&
    isString(user.provider) &&
    isStringOrNull(user.providerId) &&
    Array.isArray(user.roles) &&
    user.roles.every(isString) &&
    isStringOrNull(user.agentId) &&
    isStringOrNull(user.sellerId) &&
    isString(user.username) &&
    isString(user.email) &&
    user.email.includes('@') &&
    isStringOrNull(user.profile_picture_url) &&
    isStringOrNull(user.bio) &&
    isStringOrNull(user.profession) &&
    typeof user.is_legacy_creator === 'boolean'
  );
}

export class InvalidLoginDataError extends Error {
  constructor() {
    super(i18n._(INVALID_LOGIN_DATA_MESSAGE));
    this.name = 'InvalidLoginDataError';
  }
}

export class InvalidTokenError extends Error {
  constructor() {
    super(i18n._(INVALID_TOKEN_MESSAGE));
    this.name = 'InvalidTokenError';
  }
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Reads the claims of a JWT without verifying it: the browser only needs `exp` to know when
 * to stop sending the token; the server does the verification. Returns null for anything that
 * is not a three-part token with a JSON object payload.
 */
export function decodeTokenClaims(token: string): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(parts[1]));
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
    const record = payload as Record<string, unknown>;
    const claims: TokenClaims = {};
    if (typeof record.exp === 'number' && Number.isFinite(record.exp)) claims.exp = record.exp;
    if (typeof record.iat === 'number' && Number.isFinite(record.iat)) claims.iat = record.iat;
    if (typeof record.sub === 'string') claims.sub = record.sub;
    return claims;
  } catch {
    return null;
  }
}

/** When the session ends: the token's `exp`, or one hour from now when it has none. */
export function getTokenExpiresAt(claims: TokenClaims, now: number): number {
  return claims.exp === undefined ? now + DEFAULT_SESSION_MS : claims.exp * 1000;
}

/** A token is usable when it decodes and its expiry (if any) lies in the future. */
export function isTokenUsable(token: string | null | undefined, now: number): token is string {
  if (!token) return false;
  const claims = decodeTokenClaims(token);
  if (!claims) return false;
  return getTokenExpiresAt(claims, now) > now;
}

export interface ValidLogin {
  token: string;
  user: TUser | null;
  expiresAt: number;
}

/**
 * Checks what `login()` was given (spec §5): a token string or a `{ token, user }` payload.
 * Throws InvalidLoginDataError for any other shape and InvalidTokenError for a token that does
 * not decode or whose expiry has passed.
 */
export function validateLoginData(data: unknown, now: number): ValidLogin {
  let token: string;
  let user: TUser | null = null;
  if (typeof data === 'string') {
    token = data;
  } else if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
    const record = data as Record<string, unknown>;
    if (typeof record.token !== 'string') throw new InvalidLoginDataError();
    token = record.token;
    if (record.user !== undefined && record.user !== null) {
      if (!isUserShape(record.user)) throw new InvalidLoginDataError();
      user = record.user;
    }
  } else {
    throw new InvalidLoginDataError();
  }
  const claims = token.trim() === '' ? null : decodeTokenClaims(token);
  if (!claims) throw new InvalidTokenError();
  const expiresAt = getTokenExpiresAt(claims, now);
  if (expiresAt <= now) throw new InvalidTokenError();
  return { token, user, expiresAt };
}
