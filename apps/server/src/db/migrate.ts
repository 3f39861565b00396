import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client';

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
