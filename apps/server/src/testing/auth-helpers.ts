import type { FastifyInstance } from 'fastify';
import type { TAuthResponse } from '@pulse/contract/auth';

let counter = 0;

/** A distinct private address per account, as real people sign up from their own devices (sign-ups are limited per address). */
function addressFor(sequence: number): string {
  return `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`;
}

export const TEST_PASSWORD = 'meadow-tractor-91';

/** Registers a new user with unique e-mail and username; returns the token and user. */
export async function registerTestUser(
  app: FastifyInstance,
  overrides: Partial<{ email: string; username: string; password: string }> = {},
): Promise<TAuthResponse & { password: string }> {
  counter += 1;
  const suffix = `${Date.now().toString(36)}${counter}`;
  const body = {
    email: overrides.email ?? `user${suffix}@example.com`,
    username: overrides.username ?? `user${suffix}`,
    password: overrides.password ?? TEST_PASSWORD,
  };
  const response = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body, remoteAddress: addressFor(counter) });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { ...(response.json() as TAuthResponse), password: body.password };
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
