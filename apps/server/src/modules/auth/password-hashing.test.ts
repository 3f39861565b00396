import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_HASHING, setPasswordHashingForTests, verifyAgainstDummyHash, verifyPassword } from './password-hashing';

/**
 * The parameters a running server hashes with. The other server tests hash at argon2's smallest
 * cost (testing/test-password-hashing.ts); here the production ones are put back.
 */
describe('password hashing with the production parameters', () => {
  let testParameters = PASSWORD_HASHING;
  beforeAll(() => {
    testParameters = setPasswordHashingForTests(PASSWORD_HASHING);
  });
  afterAll(() => {
    setPasswordHashingForTests(testParameters);
  });

  it('stores argon2id with 19 MiB, 2 passes and 1 lane, salted, never the password itself', async () => {
    const first = await hashPassword('meadow-tractor-91');
    const second = await hashPassword('meadow-tractor-91');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toContain('meadow-tractor-91');
    expect(second).not.toBe(first);
  });

  it('accepts the right password and refuses another', async () => {
    const stored = await hashPassword('meadow-tractor-91');
    expect(await verifyPassword(stored, 'meadow-tractor-91')).toBe(true);
    expect(await verifyPassword(stored, 'meadow-tractor-92')).toBe(false);
    expect(await verifyPassword('not a hash', 'meadow-tractor-91')).toBe(false);
  });

  it('checks an unknown account against a dummy hash and refuses it', async () => {
    expect(await verifyAgainstDummyHash('meadow-tractor-91')).toBe(false);
  });

  it('a hash stored with the test parameters still checks under the production ones (they are read from the hash)', async () => {
    setPasswordHashingForTests(testParameters);
    const cheap = await hashPassword('meadow-tractor-91');
    setPasswordHashingForTests(PASSWORD_HASHING);
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword(cheap, 'meadow-tractor-91')).toBe(true);
    expect(await verifyPassword(cheap, 'meadow-tractor-92')).toBe(false);
  });
});
