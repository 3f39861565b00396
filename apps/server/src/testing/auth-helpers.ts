import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { TAuthResponse } from '@pulse/contract/auth';
import { users } from '../db/schema/users';

let counter = 0;

// Where this test file's addresses start: files with REDIS_URL share counters in one Redis, so
// every file (and every run within the hour) takes its own stretch of 10.0.0.0/8.
const addressBase = randomInt(0, 1 << 24);

let addressCounter = 0;

/** A distinct private address per account, as real people sign up from their own devices (sign-ups are limited per address). */
export function nextSignUpAddress(): string {
  addressCounter += 1;
  const address = (addressBase + addressCounter) % (1 << 24);
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
}

export const TEST_PASSWORD = 'meadow-tractor-91';

/**
 * Registers a new user with unique e-mail and username; returns the token and user. The address
 * counts as confirmed, as if its mail's link was followed (applications and payouts need that,
 * decision 053), unless `verified: false`.
 */
export async function registerTestUser(
  app: FastifyInstance,
  overrides: Partial<{ email: string; username: string; password: string; verified: boolean }> = {},
): Promise<TAuthResponse & { password: string }> {
  counter += 1;
  const suffix = `${Date.now().toString(36)}${counter}`;
  const body = {
    email: overrides.email ?? `user${suffix}@example.com`,
    username: overrides.username ?? `user${suffix}`,
    password: overrides.password ?? TEST_PASSWORD,
  };
  const response = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body, remoteAddress: nextSignUpAddress() });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const registered = response.json() as TAuthResponse;
  if (overrides.verified === false) return { ...registered, password: body.password };
  await app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, registered.user.id));
  return { ...registered, user: { ...registered.user, email_verified: true }, password: body.password };
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
