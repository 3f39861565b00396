import type { Database } from '../db/client';

export interface ConnectionWatch {
  /** Most pool connections checked out at the same moment since the watch started (null on PGlite). */
  peak(): number | null;
  stop(): void;
}

/**
 * Counts how many PostgreSQL connections are in use at once while a burst runs, so a concurrency
 * test can show its requests really overlapped in the database (PGlite has one connection and
 * serialises everything, where these tests can only check the answers, not the race).
 */
export function watchConnections(database: Database): ConnectionWatch {
  if (database.kind !== 'postgres') return { peak: () => null, stop: () => {} };
  const { pool } = database;
  let inUse = pool.totalCount - pool.idleCount;
  let peak = inUse;
  const onAcquire = () => {
    inUse += 1;
    peak = Math.max(peak, inUse);
  };
  const onRelease = () => {
    inUse -= 1;
  };
  pool.on('acquire', onAcquire);
  pool.on('release', onRelease);
  return {
    peak: () => peak,
    stop() {
      pool.off('acquire', onAcquire);
      pool.off('release', onRelease);
    },
  };
}

/**
 * Runs `burst` while watching the pool; on PostgreSQL it fails unless at least two connections were
 * busy at once (a burst that never overlapped proves nothing about the rule under test).
 */
export async function inParallel<T>(database: Database, burst: () => Promise<T>): Promise<{ result: T; peakConnections: number | null }> {
  const watch = watchConnections(database);
  try {
    const result = await burst();
    const peakConnections = watch.peak();
    if (peakConnections !== null && peakConnections < 2) {
      throw new Error(`the burst never used two PostgreSQL connections at once (peak ${peakConnections}): it did not run in parallel`);
    }
    return { result, peakConnections };
  } finally {
    watch.stop();
  }
}

/**
 * What the concurrency test apps change: no order timers racing the test, and room for the dozens
 * of sign-ups a burst needs from one test address (the sign-up limit is per address).
 */
export const CONCURRENCY_TEST_ENV: NodeJS.ProcessEnv = { ORDER_TIMERS: 'off', RATE_LIMIT_REGISTER_PER_HOUR: '100000' };
