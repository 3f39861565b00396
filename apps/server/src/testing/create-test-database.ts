import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type Database } from '../db/client';
import { migrate } from '../db/migrate';
import { MEMORY_DATA_DIR } from '../config';

export interface TestDatabase {
  database: Database;
  /** What the config should say to reach this database again (e.g. for a second app). */
  databaseUrl: string | null;
  /** Closes the connection and, on PostgreSQL, drops the throw-away database. */
  dispose(): Promise<void>;
}

async function runOnServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated database per test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by DATABASE_URL (its own database, because drizzle-kit's migrations name
 * the `public` schema, which rules out one schema per file).
 */
export async function createTestDatabase(env: NodeJS.ProcessEnv = process.env): Promise<TestDatabase> {
  const serverUrl = env.DATABASE_URL;
  if (!serverUrl) {
    const database = await createDb({ databaseUrl: null, dataDir: MEMORY_DATA_DIR });
    await migrate(database);
    return { database, databaseUrl: null, dispose: () => database.close() };
  }

  const name = `pulse_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await runOnServer(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await createDb({ databaseUrl: url.toString(), dataDir: MEMORY_DATA_DIR });
  await migrate(database);
  return {
    database,
    databaseUrl: url.toString(),
    async dispose() {
      await database.close();
      await runOnServer(serverUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}
