import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../db/client';
import { createTestApp, type TestApp } from './create-test-app';

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

export interface ConcurrencySuite {
  /** The file's app, ready once the file's tests run. */
  readonly testApp: TestApp;
  /** `inParallel` on the file's app, keeping each burst's peak for the summary printed at the end. */
  burst<T>(run: () => Promise<T>): Promise<T>;
}

/** One app per concurrency test file (opened before its tests, closed after), with its bursts' peaks. */
export function useConcurrencyApp(area: string): ConcurrencySuite {
  let testApp: TestApp | null = null;
  const peaks: number[] = [];
  beforeAll(async () => {
    testApp = await createTestApp(CONCURRENCY_TEST_ENV);
  });
  afterAll(async () => {
    if (peaks.length > 0) console.info(`${area} concurrency: peak PostgreSQL connections per burst ${peaks.join(', ')}`);
    await testApp?.close();
  });
  const suite: ConcurrencySuite = {
    get testApp() {
      if (!testApp) throw new Error('the concurrency test app is opened in beforeAll');
      return testApp;
    },
    async burst(run) {
      const { result, peakConnections } = await inParallel(suite.testApp.database, run);
      if (peakConnections !== null) peaks.push(peakConnections);
      return result;
    },
  };
  return suite;
}
