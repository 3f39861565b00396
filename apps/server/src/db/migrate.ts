import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { sql } from 'drizzle-orm';
import type { Database, Db } from './client';

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Any constant shared by every process of this app; names the advisory lock guarding migrations. */
const MIGRATION_LOCK_ID = 7_305_118_911;

/** Applies the drizzle-kit migrations not yet recorded. */
export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.driver, { migrationsFolder });
    return;
  }
  // Several processes start together when scaled out; the lock makes the second wait and then
  // find nothing left to apply instead of racing the first.
  const connection = await database.pool.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migrateNodePostgres(drizzle({ client: connection }), { migrationsFolder });
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    connection.release();
  }
}

/** The time drizzle-kit stamped on the newest migration this build carries (its journal's `when`). */
export function newestBundledMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ when: number }> };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/**
 * Whether the database has every migration this build carries: drizzle's migrator records each
 * applied one in drizzle.__drizzle_migrations with its journal time (`created_at`) and applies
 * those newer than the newest recorded, so the newest recorded must reach the newest bundled.
 */
export async function migrationsApplied(db: Db, newestBundled: number = newestBundledMigrationMillis()): Promise<boolean> {
  const result = (await db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`)) as unknown as { rows: Array<{ newest: string | number | null }> };
  const newest = result.rows[0]?.newest;
  return newest !== null && newest !== undefined && Number(newest) >= newestBundled;
}
