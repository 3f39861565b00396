import { randomBytes } from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';
import dumbPasswords from 'dumb-passwords';

/**
 * argon2id with 19 MiB, 2 passes, 1 lane (OWASP's first recommended setting, also the library's
 * default): what every running server hashes with. @node-rs/argon2 defaults to argon2id (its const
 * enum cannot be imported under isolatedModules).
 */
export const PASSWORD_HASHING: Readonly<Options> = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

let hashing: Readonly<Options> = PASSWORD_HASHING;

/**
 * Test runs only (testing/test-password-hashing.ts, a setup file of the server tests): cheaper
 * parameters, because the API tests sign up thousands of accounts. Checking a password reads the
 * parameters from the stored hash, so the login code is the same either way. Returns the previous ones.
 */
export function setPasswordHashingForTests(options: Readonly<Options>): Readonly<Options> {
  const previous = hashing;
  hashing = options;
  return previous;
}

export async function hashPassword(password: string): Promise<string> {
  return hash(password, hashing);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when the e-mail is unknown, so response times do not tell
 * an attacker which addresses have accounts.
 */
export async function verifyAgainstDummyHash(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
  return false;
}

export function isCommonPassword(password: string): boolean {
  return dumbPasswords.check(password);
}
