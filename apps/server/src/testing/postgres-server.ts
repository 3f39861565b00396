import pg from 'pg';

/**
 * The PostgreSQL server the spawned-process tests make their throw-away databases on: the one
 * DATABASE_URL names, or the local one CI has (127.0.0.1:5432, trust auth).
 */
export const POSTGRES_SERVER_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** Whether a PostgreSQL server answers at `url` within 2 s (a file without one has nothing to run). */
export async function postgresReachable(url: string = POSTGRES_SERVER_URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
