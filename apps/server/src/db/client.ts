import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePostgres, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { MEMORY_DATA_DIR, type Config } from '../config';

/** What repositories take: the same for PGlite, node-postgres and a transaction of either. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type DatabaseKind = 'pglite' | 'postgres';

interface DatabaseBase {
  /** The Drizzle handle every repository uses. */
  orm: Db;
  close(): Promise<void>;
}

export type Database =
  | (DatabaseBase & { kind: 'pglite'; driver: PgliteDatabase })
  | (DatabaseBase & { kind: 'postgres'; driver: NodePgDatabase; pool: pg.Pool });

/** Another process holds the embedded database; PGlite is single-process. */
export class DatabaseLockedError extends Error {
  override name = 'DatabaseLockedError';
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no lock of its own and two processes writing one folder corrupt it, so a pid file
 * guards it; a file left by a crashed process is taken over.
 */
function lockDataDir(directory: string): () => void {
  const lockPath = join(directory, 'pulse.lock');
  try {
    writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(readFileSync(lockPath, 'utf8').trim());
    if (Number.isInteger(holder) && holder !== process.pid && isProcessAlive(holder)) {
      throw new DatabaseLockedError(
        `The database in ${directory} is in use by another process (pid ${holder}). ` +
          'The embedded database allows one process at a time: stop the server first, then run this again.',
      );
    }
    writeFileSync(lockPath, String(process.pid));
  }
  return () => rmSync(lockPath, { force: true });
}

async function openPglite(dataDir: string): Promise<Database> {
  let unlock = () => {};
  let client: PGlite;
  if (dataDir === MEMORY_DATA_DIR) {
    client = new PGlite({ extensions: { pg_trgm } });
  } else {
    const directory = join(dataDir, 'pglite');
    mkdirSync(directory, { recursive: true });
    unlock = lockDataDir(dataDir);
    client = new PGlite(directory, { extensions: { pg_trgm } });
  }
  try {
    await client.waitReady;
  } catch (error) {
    unlock();
    throw error;
  }
  const driver = drizzlePglite({ client });
  let closed = false;
  return {
    kind: 'pglite',
    driver,
    orm: driver,
    async close() {
      if (closed) return;
      closed = true;
      // close() checkpoints and flushes to disk; without it recent writes can be lost.
      await client.close();
      unlock();
    },
  };
}

async function openPostgres(databaseUrl: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const probe = await pool.connect();
  probe.release();
  const driver = drizzleNodePostgres({ client: pool });
  let closed = false;
  return {
    kind: 'postgres',
    driver,
    pool,
    orm: driver,
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite under DATA_DIR. */
export async function createDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}
