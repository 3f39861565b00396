import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

async function runOnServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Fails with a message that says what to start (or set) when Redis does not answer. */
export async function assertRedisReachable(redisUrl: string): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 3000 });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(
      `Redis is not reachable at ${redisUrl} (${(error as Error).message}). ` +
        'The two-process test needs it: start Redis (e.g. `redis-server`) or set REDIS_URL.',
      { cause: error },
    );
  } finally {
    redis.disconnect();
  }
}

export interface ThrowAwayDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A new, empty database on the server DATABASE_URL names; that URL is used for nothing else.
 * Fails with a message that says what to start (or set) when PostgreSQL does not answer.
 */
export async function createThrowAwayDatabase(serverUrl: string): Promise<ThrowAwayDatabase> {
  const name = `pulse_scale_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  try {
    await runOnServer(serverUrl, `create database "${name}"`);
  } catch (error) {
    throw new Error(
      `PostgreSQL is not usable at ${serverUrl} (${(error as Error).message}). ` +
        'The two-process test needs it to create a throw-away database: start PostgreSQL or set DATABASE_URL.',
      { cause: error },
    );
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => runOnServer(serverUrl, `drop database if exists "${name}" with (force)`),
  };
}
