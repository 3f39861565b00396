import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDb } from '../db/client';
import { createThrowAwayDatabase, DEFAULT_DATABASE_URL, type ThrowAwayDatabase } from './scale-services';

/** What a crash test reads the database with while no server runs (PGlite is one process's at a time). */
export interface CrashReader {
  rows<T>(query: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** One database engine a crash test runs a server process on: PGlite in a folder, or a throw-away PostgreSQL database. */
export interface CrashEngine {
  name: 'PGlite' | 'PostgreSQL';
  /** DATABASE_URL for the server process ('' for PGlite). */
  databaseUrl: string;
  /** DATA_DIR for the server process (PGlite's files, uploads, mail). */
  dataDir: string;
  open(): Promise<CrashReader>;
}

/**
 * The engines of a crash test file and their cleanup: `pglite()` and `postgres()` make engines,
 * `dispose()` (in afterAll, after the servers stopped) drops the databases and folders.
 */
export function crashEngines(folderPrefix: string) {
  const folders: string[] = [];
  const databases: ThrowAwayDatabase[] = [];
  const newFolder = async () => {
    const dataDir = await mkdtemp(join(tmpdir(), folderPrefix));
    folders.push(dataDir);
    return dataDir;
  };
  return {
    async pglite(): Promise<CrashEngine> {
      const dataDir = await newFolder();
      return {
        name: 'PGlite',
        databaseUrl: '',
        dataDir,
        async open() {
          const database = await createDb({ databaseUrl: null, dataDir });
          if (database.kind !== 'pglite') throw new Error('expected PGlite');
          return {
            rows: async <T>(query: string, params: unknown[] = []) => (await database.client.query<T>(query, params)).rows,
            close: () => database.close(),
          };
        },
      };
    },
    /** A throw-away database on the PostgreSQL server of DATABASE_URL (or the local one). */
    async postgres(): Promise<CrashEngine> {
      const database = await createThrowAwayDatabase(process.env.DATABASE_URL || DEFAULT_DATABASE_URL);
      databases.push(database);
      const dataDir = await newFolder();
      return {
        name: 'PostgreSQL',
        databaseUrl: database.url,
        dataDir,
        async open() {
          const client = new pg.Client({ connectionString: database.url });
          await client.connect();
          return {
            rows: async <T>(query: string, params: unknown[] = []) => (await client.query(query, params)).rows as T[],
            close: () => client.end(),
          };
        },
      };
    },
    async dispose() {
      for (const database of databases) await database.drop();
      for (const folder of folders) await rm(folder, { recursive: true, force: true });
    },
  };
}

/** The environment of a server process on the engine: its database and folder, no demo, no Redis, no web app. */
export function crashServerEnv(engine: CrashEngine): NodeJS.ProcessEnv {
  return { DATA_DIR: engine.dataDir, DATABASE_URL: engine.databaseUrl, SEED_DEMO: 'false', LOG_LEVEL: 'info', WEB_DIST_DIR: join(engine.dataDir, 'no-web'), REDIS_URL: '' };
}

/** Reads the engine's database with a reader that is closed afterwards. */
export async function withCrashReader<T>(engine: CrashEngine, read: (reader: CrashReader) => Promise<T>): Promise<T> {
  const reader = await engine.open();
  try {
    return await read(reader);
  } finally {
    await reader.close();
  }
}
