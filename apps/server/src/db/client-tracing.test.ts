import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { setTracingHooks, type TracingHooks } from '../lib/tracing-state';
import type { Database } from './client';
import { createTestDatabase, PGLITE_TEMPLATE_ENV } from '../testing/create-test-database';

/** PGlite even when the run's DATABASE_URL names PostgreSQL: this file is about the embedded database. */
const PGLITE_ENV = { [PGLITE_TEMPLATE_ENV]: process.env[PGLITE_TEMPLATE_ENV] };

/**
 * PGlite's spans (issue 29): with tracing on, every embedded-database query and transaction goes
 * through the tracing hooks (a span each, see src/tracing.ts); the spawned-server trace test runs
 * on PostgreSQL, whose spans come from the pg driver's instrumentation instead.
 */
/** A query, then a transaction holding another, then the database closed: what each test traces. */
async function queryAndTransactThenClose(database: Database, dispose: () => Promise<void>): Promise<void> {
  try {
    await database.orm.execute(sql`select 1 as one`);
    await database.orm.transaction(async (tx) => {
      await tx.execute(sql`select 2 as two`);
    });
  } finally {
    await dispose();
  }
}

describe('PGlite queries under tracing', () => {
  afterEach(() => setTracingHooks(null));

  it('runs each query and transaction inside a database span, the queries of a transaction inside its span', async () => {
    const spans: Array<{ operation: string; statement: string | null; depth: number }> = [];
    let depth = 0;
    const hooks: TracingHooks = {
      logFields: () => undefined,
      fastifyPlugin: (_app, _options, done) => done(),
      async inDatabaseSpan(operation, statement, work) {
        spans.push({ operation, statement, depth });
        depth += 1;
        try {
          return await work();
        } finally {
          depth -= 1;
        }
      },
      shutdown: async () => {},
    };
    setTracingHooks(hooks);
    const { database, dispose } = await createTestDatabase(PGLITE_ENV);
    // Opening ran the migrations' check through the hooks too; what follows is the test's.
    spans.length = 0;
    await queryAndTransactThenClose(database, dispose);
    expect(spans).toEqual([
      { operation: 'query', statement: 'select 1 as one', depth: 0 },
      { operation: 'transaction', statement: null, depth: 0 },
      { operation: 'query', statement: 'select 2 as two', depth: 1 },
    ]);
  });

  it('adds no tracing wrap to a database opened with tracing off (only the query timing of the metrics)', async () => {
    const { database, dispose } = await createTestDatabase(PGLITE_ENV);
    const spans: string[] = [];
    // Hooks set after the opening: a database opened with tracing off must never consult them.
    setTracingHooks({
      logFields: () => undefined,
      fastifyPlugin: (_app, _options, done) => done(),
      async inDatabaseSpan(operation, _statement, work) {
        spans.push(operation);
        return work();
      },
      shutdown: async () => {},
    });
    await queryAndTransactThenClose(database, dispose);
    expect(spans).toEqual([]);
  });
});
