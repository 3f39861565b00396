import { describe, expect, it } from 'vitest';
import { decodeTokenClaims, isTokenUsable, validateLoginData } from './token';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const NOW_SECONDS = NOW / 1000;

function encodeSegment(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function makeToken(payload: Record<string, unknown>): string {
  return `${encodeSegment({ alg: 'HS256', typ: 'JWT' })}.${encodeSegment(payload)}.signature`;
}

const USER = {
  id: '0190b3a4-7c1e-7d4a-9b2f-3c4d5e6f7a8b',
  provider: 'local',
  providerId: null,
  roles: ['buyer'],
  agentId: null,
  sellerId: null,
  username: 'ama',
  email: 'ama@example.com',
  profile_picture_url: null,
  bio: null,
  profession: null,
  is_legacy_creator: false,
};

describe('decodeTokenClaims', () => {
  it('reads exp and sub from the payload', () => {
    expect(decodeTokenClaims(makeToken({ sub: 'u1', exp: 123 }))).toEqual({ sub: 'u1', exp: 123 });
  });

  it('reads non-ASCII payloads', () => {
    expect(decodeTokenClaims(makeToken({ sub: 'Kwámé', exp: 1 }))?.sub).toBe('Kwámé');
  });

  it.each(['', 'abc', 'a.b', 'a.!!!.c', `x.${Buffer.from('[1]').toString('base64url')}.y`])('returns null for %j', (token) => {
    expect(decodeTokenClaims(token)).toBeNull();
  });
});

describe('isTokenUsable', () => {
  it('accepts a token that expires later', () => {
    expect(isTokenUsable(makeToken({ exp: NOW_SECONDS + 60 }), NOW)).toBe(true);
  });

  it('refuses an expired token, a missing one and garbage', () => {
    expect(isTokenUsable(makeToken({ exp: NOW_SECONDS - 1 }), NOW)).toBe(false);
    expect(isTokenUsable(null, NOW)).toBe(false);
    expect(isTokenUsable('not-a-jwt', NOW)).toBe(false);
  });

  it('accepts a token without expiry (it lasts one hour from now)', () => {
    expect(isTokenUsable(makeToken({ sub: 'u1' }), NOW)).toBe(true);
  });
});

describe('validateLoginData (spec §5)', () => {
  it('accepts a token string and ends the session at its exp', () => {
    const token = makeToken({ sub: 'u1', exp: NOW_SECONDS + 3600 });
    expect(validateLoginData(token, NOW)).toEqual({ token, user: null, expiresAt: (NOW_SECONDS + 3600) * 1000 });
  });

  it('accepts a { token, user } payload', () => {
    const token = makeToken({ sub: USER.id, exp: NOW_SECONDS + 600 });
    const result = validateLoginData({ token, user: USER }, NOW);
    expect(result.user?.username).toBe('ama');
    expect(result.expiresAt).toBe((NOW_SECONDS + 600) * 1000);
  });

  it('gives a token without exp one hour', () => {
    expect(validateLoginData(makeToken({ sub: 'u1' }), NOW).expiresAt).toBe(NOW + 60 * 60 * 1000);
  });

  it.each([undefined, null, 42, true, ['token'], {}, { token: 5 }, { jwt: 'x' }])('rejects %j with "Invalid login data"', (data) => {
    expect(() => validateLoginData(data, NOW)).toThrow('Invalid login data');
  });

  it('rejects a payload whose user is malformed', () => {
    expect(() => validateLoginData({ token: makeToken({ exp: NOW_SECONDS + 60 }), user: { id: 1 } }, NOW)).toThrow('Invalid login data');
  });

  it('rejects an expired token with "Invalid or expired token"', () => {
    expect(() => validateLoginData(makeToken({ exp: NOW_SECONDS - 10 }), NOW)).toThrow('Invalid or expired token');
    expect(() => validateLoginData({ token: makeToken({ exp: NOW_SECONDS }) }, NOW)).toThrow('Invalid or expired token');
  });

  it('rejects a token that does not decode with "Invalid or expired token"', () => {
    expect(() => validateLoginData('', NOW)).toThrow('Invalid or expired token');
    expect(() => validateLoginData('garbage', NOW)).toThrow('Invalid or expired token');
  });
});
