import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createTestDatabase, type TestDatabase } from '../../testing/create-test-database';
import { verifyCredentials } from '../auth/auth-service';
import { findUserByEmail } from '../auth/users-repository';
import { findSellerApplicationByUserId } from '../sellers/sellers-repository';
import { ADMIN_USAGE, runAdminCommand } from './admin-commands';

let testDatabase: TestDatabase;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
});

afterAll(async () => {
  await testDatabase.dispose();
});

/** Runs a command the way `npm run admin -- ...` does, capturing what it prints. */
async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  // The command closes what it opens; hand it a wrapper so the shared test database stays open.
  const openDatabase = async (): Promise<Database> => ({ ...testDatabase.database, close: async () => {} });
  const code = await runAdminCommand(argv, { openDatabase, print: (line) => out.push(line), printError: (line) => err.push(line) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const db = () => testDatabase.database.orm;

describe('admin CLI', () => {
  it('help prints the usage and succeeds', async () => {
    const result = await run('help');
    expect(result.code).toBe(0);
    expect(result.out).toBe(ADMIN_USAGE);
  });

  it('no command or an unknown one fails with the usage', async () => {
    expect((await run()).code).toBe(1);
    const unknown = await run('drop-everything');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('Unknown command "drop-everything"');
  });

  it('create-user creates an account that can sign in', async () => {
    const result = await run('create-user', '--email', 'Admin@Example.com', '--username', 'chief', '--password', 'granary-keeper-77');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^Created user chief <admin@example.com> \(id [0-9a-f-]{36}\) with roles: buyer\.$/);
    const user = await verifyCredentials(db(), 'admin@example.com', 'granary-keeper-77');
    expect(user.username).toBe('chief');
  });

  it('create-user can grant a role at once', async () => {
    const result = await run('create-user', '--email', 'root@example.com', '--username', 'root_admin', '--password', 'granary-keeper-77', '--role', 'admin');
    expect(result.code).toBe(0);
    expect((await findUserByEmail(db(), 'root@example.com'))?.roles).toEqual(['buyer', 'admin']);
  });

  it('create-user reports bad and duplicate input with exit code 1', async () => {
    const missing = await run('create-user', '--email', 'x@example.com');
    expect(missing).toMatchObject({ code: 1, err: 'Error: --username is required.' });
    const badEmail = await run('create-user', '--email', 'nope', '--username', 'nope', '--password', 'granary-keeper-77');
    expect(badEmail).toMatchObject({ code: 1, err: 'Error: --email: Enter a valid e-mail address.' });
    const common = await run('create-user', '--email', 'c@example.com', '--username', 'common', '--password', 'password1');
    expect(common).toMatchObject({ code: 1, err: 'Error: This password is too common. Choose a less predictable one.' });
    const duplicate = await run('create-user', '--email', 'admin@example.com', '--username', 'other', '--password', 'granary-keeper-77');
    expect(duplicate).toMatchObject({ code: 1, err: 'Error: An account with this e-mail already exists.' });
    const unknownOption = await run('create-user', '--mail', 'x@example.com');
    expect(unknownOption.code).toBe(1);
  });

  it('grant-role adds a role once', async () => {
    expect((await run('grant-role', '--email', 'admin@example.com', '--role', 'admin')).code).toBe(0);
    const again = await run('grant-role', '--email', 'admin@example.com', '--role', 'admin');
    expect(again.out).toBe('chief <admin@example.com> now has roles: buyer, admin.');
    expect((await run('grant-role', '--email', 'admin@example.com', '--role', 'emperor')).err).toBe(
      'Error: --role: must be admin, seller or agent.',
    );
    expect((await run('grant-role', '--email', 'ghost@example.com', '--role', 'agent'))).toMatchObject({
      code: 1,
      err: 'Error: No user has the e-mail ghost@example.com.',
    });
  });

  it('set-seller-status creates, then updates, the application; approval grants the seller role', async () => {
    await run('create-user', '--email', 'farmer@example.com', '--username', 'farmer', '--password', 'granary-keeper-77');
    const pending = await run('set-seller-status', '--email', 'farmer@example.com', '--status', 'pending', '--business', 'Sunny Acres');
    expect(pending.code).toBe(0);
    const user = await findUserByEmail(db(), 'farmer@example.com');
    expect((await findSellerApplicationByUserId(db(), user?.id ?? ''))?.status).toBe('pending');
    expect(user?.roles).toEqual(['buyer']);

    const noReason = await run('set-seller-status', '--email', 'farmer@example.com', '--status', 'rejected');
    expect(noReason).toMatchObject({ code: 1, err: 'Error: Give a reason when rejecting an application.' });

    const approved = await run('set-seller-status', '--email', 'farmer@example.com', '--status', 'approved');
    expect(approved.code).toBe(0);
    expect(approved.out).toContain('"Sunny Acres" is now approved');
    expect((await findUserByEmail(db(), 'farmer@example.com'))?.roles).toEqual(['buyer', 'seller']);
  });

  it('set-seller-status rejects an unknown status', async () => {
    const result = await run('set-seller-status', '--email', 'farmer@example.com', '--status', 'maybe');
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/^Error: --status: /);
  });
});
