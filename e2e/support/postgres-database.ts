import pg from 'pg';

/** Drops and creates the database named by the URL's path on its PostgreSQL server (a fresh start for a suite's server). */
export async function recreatePostgresDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.replace(/^\//, '');
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`E2E_DATABASE_URL must name a database of lower-case letters, digits and _, not "${name}"`);
  const server = new URL(url);
  server.pathname = '/postgres';
  const client = new pg.Client({ connectionString: server.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

/** The URL of a database beside E2E_DATABASE_URL's for a server of its own (`pulse_e2e` + `_mail`), or null on PGlite. */
export function siblingDatabaseUrl(suffix: string): string | null {
  const base = process.env.E2E_DATABASE_URL;
  if (!base) return null;
  const url = new URL(base);
  url.pathname = `${url.pathname}_${suffix.replace(/[^a-z0-9_]/g, '_')}`;
  return url.toString();
}
