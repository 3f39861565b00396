import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMORY_DATA_DIR } from '../../config';
import { createDb, type Database } from '../../db/client';
import { migrate } from '../../db/migrate';

// Migration 0005 backfills a shop for every seller approved before it (decision 013). The database
// is brought to 0004, given sellers in every state, then migrated to the end.

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '../../db/migrations');
let database: Database;
let dropDatabase = async () => {};
let olderFolder: string;

async function runOnServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  // The migrations folder as it was before 0005: the same files, the journal cut after 0004.
  olderFolder = mkdtempSync(join(tmpdir(), 'pulse-migrations-'));
  cpSync(migrationsFolder, olderFolder, { recursive: true });
  const journalPath = join(olderFolder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const cut = journal.entries.findIndex((entry) => entry.tag.startsWith('0005_'));
  expect(cut).toBe(5);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));

  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    database = await createDb({ databaseUrl: null, dataDir: MEMORY_DATA_DIR });
  } else {
    const name = `pulse_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    await runOnServer(serverUrl, `create database "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = await createDb({ databaseUrl: url.toString(), dataDir: MEMORY_DATA_DIR });
    dropDatabase = () => runOnServer(serverUrl, `drop database if exists "${name}" with (force)`);
  }
  if (database.kind === 'pglite') await migratePglite(database.driver, { migrationsFolder: olderFolder });
  else await migrateNodePostgres(database.driver, { migrationsFolder: olderFolder });
});

afterAll(async () => {
  await database?.close();
  await dropDatabase();
  rmSync(olderFolder, { recursive: true, force: true });
});

async function rows(query: ReturnType<typeof sql>): Promise<Array<Record<string, unknown>>> {
  return ((await database.orm.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
}

describe('migration 0005 seller_profiles', () => {
  it('backfills a shop from the application of every approved seller, and only theirs', async () => {
    const ids = {
      approved: '0190a0a0-0000-7000-8000-000000000001',
      noCoordinates: '0190a0a0-0000-7000-8000-000000000002',
      pending: '0190a0a0-0000-7000-8000-000000000003',
      rejected: '0190a0a0-0000-7000-8000-000000000004',
    };
    for (const [key, id] of Object.entries(ids)) {
      await database.orm.execute(sql`insert into users (id, email, username, roles) values (${id}, ${`${key.toLowerCase()}@example.com`}, ${key}, '{buyer,seller}')`);
    }
    await database.orm.execute(sql`insert into seller_applications (id, user_id, status, business_name, region, lat, lng) values
      ('0190a0a0-0000-7000-8000-0000000000a1', ${ids.approved}, 'approved', 'Green Acre Farm', 'Rift Valley', -0.3, 36.07),
      ('0190a0a0-0000-7000-8000-0000000000a2', ${ids.noCoordinates}, 'approved', 'Hive & Co', '', null, null),
      ('0190a0a0-0000-7000-8000-0000000000a3', ${ids.pending}, 'pending', 'Waiting Farm', 'Coast', 1, 2),
      ('0190a0a0-0000-7000-8000-0000000000a4', ${ids.rejected}, 'rejected', 'Refused Farm', 'Coast', 1, 2)`);

    await migrate(database);

    const profiles = await rows(sql`select user_id, shop_name, story, region, lat, lng from seller_profiles order by user_id`);
    expect(profiles).toEqual([
      { user_id: ids.approved, shop_name: 'Green Acre Farm', story: '', region: 'Rift Valley', lat: -0.3, lng: 36.07 },
      { user_id: ids.noCoordinates, shop_name: 'Hive & Co', story: '', region: '', lat: null, lng: null },
    ]);
    expect(await rows(sql`select count(*)::int as photos from seller_profile_photos`)).toEqual([{ photos: 0 }]);

    // Migrating again applies nothing more.
    await migrate(database);
    expect(await rows(sql`select count(*)::int as shops from seller_profiles`)).toEqual([{ shops: 2 }]);
  });
});
