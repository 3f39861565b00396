import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MEMORY_DATA_DIR } from '../config';
import { createDb } from '../db/client';
import { migrate } from '../db/migrate';
import { installJobSchema } from '../modules/jobs/pg-boss-jobs';
import { databaseUrlOn, PGLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV, runOnServer } from './create-test-database';

/**
 * The server project's global setup: migrates one database before the test files run, and every
 * file's createTestDatabase starts from a copy of it. On PGlite that skips initdb, seconds of CPU per
 * file; on PostgreSQL `create database ... template` copies it instead of replaying the migrations.
 * The workers find it through the environment (Vitest starts them after the global setup).
 */
export async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const folder = await mkdtemp(join(tmpdir(), 'pulse-test-template-'));
    const database = await createDb({ databaseUrl: null, dataDir: MEMORY_DATA_DIR });
    if (database.kind !== 'pglite') throw new Error('expected PGlite');
    const file = join(folder, 'migrated.tar');
    try {
      await migrate(database);
      const dump = await database.client.dumpDataDir('none');
      await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await database.close();
    }
    process.env[PGLITE_TEMPLATE_ENV] = file;
    return async () => {
      delete process.env[PGLITE_TEMPLATE_ENV];
      await rm(folder, { recursive: true, force: true });
    };
  }

  const name = `pulse_template_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await runOnServer(serverUrl, `create database "${name}"`);
  // A template must have no open connection while databases are copied from it.
  const database = await createDb({ databaseUrl: databaseUrlOn(serverUrl, name), dataDir: MEMORY_DATA_DIR });
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  // The job system's schema too (pg-boss installs it on its first start, which every test app would pay for).
  await installJobSchema(databaseUrlOn(serverUrl, name), { error: (object, message) => console.error(message, object), warn: () => {} });
  process.env[POSTGRES_TEMPLATE_ENV] = name;
  return async () => {
    delete process.env[POSTGRES_TEMPLATE_ENV];
    await runOnServer(serverUrl, `drop database if exists "${name}" with (force)`);
  };
}
