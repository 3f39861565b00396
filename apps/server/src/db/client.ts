import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePostgres, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { MEMORY_DATA_DIR, type Config } from '../config';
import { dbQueryDuration } from '../lib/metrics';
import { tracingHooks, type TracingHooks } from '../lib/tracing-state';

/** What repositories take: the same for PGlite, node-postgres and a transaction of either. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type DatabaseKind = 'pglite' | 'postgres';

/** The database's connections as a scrape of GET /metrics reads them (issue 29). */
export interface ConnectionCounts {
  inUse: number;
  idle: number;
  waiting: number;
}

interface DatabaseBase {
  /** The Drizzle handle every repository uses. */
  orm: Db;
  /** PostgreSQL: the pool's counts. PGlite: its one connection, busy or idle, and the calls queued behind it. */
  connections(): ConnectionCounts;
  close(): Promise<void>;
}

export type Database =
  | (DatabaseBase & { kind: 'pglite'; driver: PgliteDatabase; client: PGlite })
  | (DatabaseBase & { kind: 'postgres'; driver: NodePgDatabase; pool: pg.Pool });

/** Another process holds the embedded database; PGlite is single-process. */
export class DatabaseLockedError extends Error {
  override name = 'DatabaseLockedError';
}

/** PGlite could not open its folder; the message names the folder and the way out (decision 026). */
export class DatabaseDamagedError extends Error {
  override name = 'DatabaseDamagedError';
}

/** The extensions every embedded database is opened with (search uses pg_trgm). */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** Where the embedded database keeps its files inside DATA_DIR. */
export function pgliteDirectoryOf(dataDir: string): string {
  return join(dataDir, 'pglite');
}

/** Where `npm run backup` writes by default (decision 026). */
export function backupsDirectoryOf(dataDir: string): string {
  return join(dataDir, 'backups');
}

export const BACKUP_FILE_PATTERN = /^pulse-backup-.*\.tar\.gz$/;

/** The newest backup in the default folder (names sort by time), or null. */
export function findNewestBackup(dataDir: string): string | null {
  const directory = backupsDirectoryOf(dataDir);
  if (!existsSync(directory)) return null;
  const newest = readdirSync(directory)
    .filter((name) => BACKUP_FILE_PATTERN.test(name))
    .sort()
    .at(-1);
  return newest ? join(directory, newest) : null;
}

/**
 * PGlite answers a damaged folder with a bare WebAssembly "Aborted()" and no hint; the person
 * starting the server needs to know which folder, that nothing was changed, and what to run.
 */
function damagedDatabaseMessage(dataDir: string): string {
  const directory = pgliteDirectoryOf(dataDir);
  const backup = findNewestBackup(dataDir);
  const restore = backup
    ? `  - restore the newest backup (the damaged folder is kept beside it):\n      npm run restore -- ${backup}`
    : `  - restore a backup made with \`npm run backup\` (there is none in ${backupsDirectoryOf(dataDir)}):\n      npm run restore -- <backup file>`;
  return [
    `The embedded database in ${directory} could not be opened: PGlite stopped while reading its files, so they are damaged`,
    '(for example by a full disk, or a copy of the folder taken while the server was running). Nothing was changed. The way out:',
    restore,
    `  - or start with an empty database: move ${directory} somewhere else and start the server again.`,
  ].join('\n');
}

function isPgliteAbort(error: unknown): boolean {
  // WebAssembly's RuntimeError (no DOM types here to name it by).
  return error instanceof Error && (error.name === 'RuntimeError' || error.message.includes('Aborted()'));
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
export function lockDataDir(directory: string): () => void {
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

/** Records the time of each call of `query` (a promise, or pg's callback form) into the query histogram by engine. */
function timedQuery<Query extends (...args: never[]) => unknown>(query: Query, target: unknown, engine: DatabaseKind, hooks?: { start(): void; end(): void }): Query {
  const histogram = dbQueryDuration.labels({ engine });
  return function (...args: unknown[]): unknown {
    hooks?.start();
    const started = performance.now();
    let done = false;
    const finish = (timed = true) => {
      if (done) return;
      done = true;
      hooks?.end();
      if (timed) histogram.observe((performance.now() - started) / 1000);
    };
    const last = args.length > 0 ? args[args.length - 1] : undefined;
    if (typeof last === 'function') {
      // pg's pool calls its client as query(text, values, callback).
      args[args.length - 1] = function (this: unknown, ...results: unknown[]) {
        finish();
        return (last as (...a: unknown[]) => unknown).apply(this, results);
      };
      return (query as unknown as (...a: unknown[]) => unknown).apply(target, args);
    }
    let result: unknown;
    try {
      result = (query as unknown as (...a: unknown[]) => unknown).apply(target, args);
    } catch (error) {
      finish();
      throw error;
    }
    if (result instanceof Promise) result.then(() => finish(), () => finish());
    // A submittable (a cursor, a stream) is not timed; nothing here uses one.
    else finish(false);
    return result;
  } as unknown as Query;
}

/**
 * PGlite runs one statement at a time: its calls are timed, and counted while they run so a scrape
 * sees the one connection busy (and how many calls queue behind it). A transaction counts as one
 * call from BEGIN to COMMIT; the queries inside it are timed but not counted again.
 */
function instrumentPglite(client: PGlite): () => ConnectionCounts {
  let running = 0;
  const hooks = { start: () => void (running += 1), end: () => void (running -= 1) };
  client.query = timedQuery(client.query.bind(client), client, 'pglite', hooks);
  const transaction = client.transaction.bind(client);
  client.transaction = async (callback) => {
    hooks.start();
    try {
      return await transaction(async (tx) => {
        tx.query = timedQuery(tx.query, tx, 'pglite');
        return callback(tx);
      });
    } finally {
      hooks.end();
    }
  };
  return () => {
    const inUse = running > 0 ? 1 : 0;
    return { inUse, idle: 1 - inUse, waiting: Math.max(0, running - 1) };
  };
}

/**
 * With tracing on (issue 29), each PGlite query and transaction is a span under the request's: the
 * pg driver's instrumentation, which gives PostgreSQL its spans, never sees the embedded database.
 * Without tracing nothing is wrapped.
 */
function traceQueries(client: PGlite, hooks: TracingHooks): void {
  const query = client.query.bind(client);
  client.query = ((statement: string, ...rest: unknown[]) =>
    hooks.inDatabaseSpan('query', statement, () => (query as (...args: unknown[]) => Promise<unknown>)(statement, ...rest))) as PGlite['query'];
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: Parameters<PGlite['transaction']>[0]) =>
    hooks.inDatabaseSpan('transaction', null, () =>
      transaction((tx) => {
        const txQuery = tx.query.bind(tx);
        tx.query = ((statement: string, ...rest: unknown[]) =>
          hooks.inDatabaseSpan('query', statement, () => (txQuery as (...args: unknown[]) => Promise<unknown>)(statement, ...rest))) as typeof tx.query;
        return callback(tx);
      }),
    )) as PGlite['transaction'];
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  let unlock = () => {};
  let client: PGlite;
  if (dataDir === MEMORY_DATA_DIR) {
    client = new PGlite({ extensions: PGLITE_EXTENSIONS, ...(loadDataDir ? { loadDataDir } : {}) });
  } else {
    const directory = pgliteDirectoryOf(dataDir);
    mkdirSync(directory, { recursive: true });
    unlock = lockDataDir(dataDir);
    client = new PGlite(directory, { extensions: PGLITE_EXTENSIONS });
  }
  try {
    await client.waitReady;
  } catch (error) {
    unlock();
    if (dataDir !== MEMORY_DATA_DIR && isPgliteAbort(error)) throw new DatabaseDamagedError(damagedDatabaseMessage(dataDir), { cause: error });
    throw error;
  }
  const connections = instrumentPglite(client);
  const tracing = tracingHooks();
  if (tracing) traceQueries(client, tracing);
  const driver = drizzlePglite({ client });
  let closed = false;
  return {
    kind: 'pglite',
    driver,
    client,
    orm: driver,
    connections,
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
  // Every query passes through a pooled client (pool.query too, and a transaction's client).
  pool.on('connect', (client) => {
    client.query = timedQuery(client.query, client, 'postgres');
  });
  const probe = await pool.connect();
  probe.release();
  const driver = drizzleNodePostgres({ client: pool });
  let closed = false;
  return {
    kind: 'postgres',
    driver,
    pool,
    orm: driver,
    connections: () => ({ inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite under DATA_DIR. An in-memory
 * PGlite can start from a `dumpDataDir` copy instead of an empty cluster (tests copy one migrated
 * database per file instead of running initdb each time).
 */
export async function createDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>, options: { loadDataDir?: Blob } = {}): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir, options.loadDataDir);
}
