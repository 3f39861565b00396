import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrlOn, runOnServer } from '../../testing/create-test-database';
import { InProcessJobSystem } from './in-process-jobs';
import type { JobLogger, JobSystem } from './job-types';
import { PG_BOSS_SCHEMA, PgBossJobSystem } from './pg-boss-jobs';
import { POSTGRES_SERVER_URL, postgresReachable } from '../../testing/postgres-server';

const quiet: JobLogger = { error: () => {}, warn: () => {} };

/** Polls `check` until it holds (no fixed sleeps); fails after `timeoutMs`. */
async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('the in-process job system (PGlite)', () => {
  const systems: JobSystem[] = [];
  function system(): InProcessJobSystem {
    const created = new InProcessJobSystem(quiet);
    systems.push(created);
    return created;
  }
  afterEach(async () => {
    await Promise.all(systems.splice(0).map((entry) => entry.stop(1_000)));
  });

  it('runs a recurring job every period, and the first one at start when asked', async () => {
    const jobs = system();
    const runs: number[] = [];
    jobs.define({ queue: 'order-timers', everyMs: 30, runAtStart: true, run: async () => void runs.push(Date.now()) });
    const started = Date.now();
    await jobs.start();
    await until(() => runs.length >= 1);
    expect(runs[0]! - started).toBeLessThan(25);
    await until(() => runs.length >= 3);
    expect(runs[2]! - runs[0]!).toBeGreaterThanOrEqual(50);
  });

  it('retries a failing job with growing delays, then keeps it as failed with its error', async () => {
    const jobs = system();
    const attempts: Array<{ at: number; attempt: number }> = [];
    jobs.define({
      queue: 'payment-events',
      retryLimit: 2,
      retryDelaySeconds: 0.04,
      run: async (_data, context) => {
        attempts.push({ at: Date.now(), attempt: context.attempt });
        throw new Error(`provider down (try ${context.attempt})`);
      },
    });
    await jobs.start();
    const id = await jobs.send('payment-events', { eventId: 'x' });
    await until(async () => (await jobs.failures(20)).length === 1);

    expect(attempts.map((entry) => entry.attempt)).toEqual([1, 2, 3]);
    const [first, second, third] = attempts.map((entry) => entry.at);
    expect(second! - first!).toBeGreaterThanOrEqual(40);
    expect(third! - second!).toBeGreaterThanOrEqual(80);
    expect(await jobs.failures(20)).toEqual([{ id, queue: 'payment-events', attempts: 3, error: 'provider down (try 3)', failedAt: expect.any(Date) }]);
    expect((await jobs.summaries()).find((summary) => summary.queue === 'payment-events')).toEqual({ queue: 'payment-events', waiting: 0, running: 0, failed: 1 });
  });

  it('puts a failed job back on retry, and it runs again', async () => {
    const jobs = system();
    let healthy = false;
    const done: string[] = [];
    jobs.define<{ eventId: string }>({
      queue: 'payment-events',
      retryLimit: 0,
      run: async (data) => {
        if (!healthy) throw new Error('not yet');
        done.push(data.eventId);
      },
    });
    await jobs.start();
    const id = await jobs.send('payment-events', { eventId: 'evt-1' });
    await until(async () => (await jobs.failures(20)).length === 1);

    expect(await jobs.retry('0190c3f5-0000-7000-8000-000000000000')).toBeNull();
    healthy = true;
    expect(await jobs.retry(id!)).toBe('payment-events');
    await until(() => done.length === 1);
    expect(done).toEqual(['evt-1']);
    expect(await jobs.failures(20)).toEqual([]);
    expect(await jobs.retry(id!)).toBeNull();
  });

  it('queues one job per singleton key while one waits', async () => {
    const jobs = system();
    const release = deferred();
    let runs = 0;
    jobs.define({
      queue: 'mail-outbox',
      run: async () => {
        runs += 1;
        if (runs === 1) await release.promise;
      },
    });
    await jobs.start();
    expect(await jobs.send('mail-outbox', {}, { singletonKey: 'sweep' })).toEqual(expect.any(String));
    await until(() => runs === 1);
    // One running; one more may wait behind it, not two.
    expect(await jobs.send('mail-outbox', {}, { singletonKey: 'sweep' })).toEqual(expect.any(String));
    expect(await jobs.send('mail-outbox', {}, { singletonKey: 'sweep' })).toBeNull();
    expect((await jobs.summaries()).find((summary) => summary.queue === 'mail-outbox')).toMatchObject({ waiting: 1, running: 1 });
    release.resolve();
    await until(() => runs === 2);
    await until(async () => (await jobs.summaries()).every((summary) => summary.waiting + summary.running === 0));
  });

  it('stop() takes no new job and waits for the running one', async () => {
    const jobs = system();
    const release = deferred();
    const seen: string[] = [];
    jobs.define<{ name: string }>({
      queue: 'payment-events',
      run: async (data) => {
        seen.push(`start ${data.name}`);
        if (data.name === 'slow') await release.promise;
        seen.push(`end ${data.name}`);
      },
    });
    await jobs.start();
    await jobs.send('payment-events', { name: 'slow' });
    await jobs.send('payment-events', { name: 'next' });
    await until(() => seen.length === 1);

    let stopped = false;
    const stopping = jobs.stop(10_000).then(() => {
      stopped = true;
    });
    // A second stop (the mail plugin's, before it closes its sender) waits for the same running job.
    let stoppedAgain = false;
    const stoppingAgain = jobs.stop(10).then(() => {
      stoppedAgain = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    expect(stoppedAgain).toBe(false);
    release.resolve();
    await Promise.all([stopping, stoppingAgain]);
    expect(seen).toEqual(['start slow', 'end slow']);
  });

  it('past the grace, stop() aborts the running job and returns', async () => {
    const jobs = system();
    let aborted = false;
    jobs.define({
      queue: 'payment-events',
      run: (_data, context) =>
        new Promise<void>((_resolve, reject) => {
          context.signal.addEventListener('abort', () => {
            aborted = true;
            reject(new Error('stopped'));
          });
        }),
    });
    await jobs.start();
    await jobs.send('payment-events', {});
    await until(async () => (await jobs.summaries()).some((summary) => summary.running === 1));
    await jobs.stop(20);
    expect(aborted).toBe(true);
  });
});

/**
 * pg-boss on PostgreSQL: two job systems (two processes' worth) on one throw-away database of the
 * server DATABASE_URL names, or the local one CI has. Without a reachable server there is nothing to run.
 */
const serverUrl = POSTGRES_SERVER_URL;
const postgres = await postgresReachable(serverUrl);

describe.runIf(postgres)('pg-boss job systems on one PostgreSQL database', () => {
  const name = `pulse_jobs_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const url = databaseUrlOn(serverUrl, name);
  const systems: JobSystem[] = [];
  function system(): PgBossJobSystem {
    const created = new PgBossJobSystem({ connectionString: url, log: quiet, poolSize: 2 });
    systems.push(created);
    return created;
  }
  async function query<Row>(text: string): Promise<Row[]> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(text)).rows as Row[];
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await runOnServer(serverUrl, `create database "${name}"`);
  });
  afterEach(async () => {
    await Promise.all(systems.splice(0).map(async (entry) => {
      await entry.stop(1_000);
      await entry.close();
    }));
  });
  afterAll(async () => {
    await runOnServer(serverUrl, `drop database if exists "${name}" with (force)`);
  });

  it('runs a recurring job once per period, not once per process', async () => {
    const runs: string[] = [];
    const [a, b] = [system(), system()];
    a.define({ queue: 'order-timers', everyMs: 1_000, runAtStart: true, run: async () => void runs.push('a') });
    b.define({ queue: 'order-timers', everyMs: 1_000, runAtStart: true, run: async () => void runs.push('b') });
    await Promise.all([a.start(), b.start()]);
    await until(() => runs.length >= 3, 20_000);

    const perSlot = await query<{ slot: Date; jobs: number }>(
      `select singleton_on as slot, count(*)::int as jobs from ${PG_BOSS_SCHEMA}.job where name = 'order-timers' group by singleton_on having count(*) > 1`,
    );
    expect(perSlot).toEqual([]);
    const [completed] = await query<{ count: number }>(`select count(*)::int as count from ${PG_BOSS_SCHEMA}.job where name = 'order-timers' and state = 'completed'`);
    // Every job ran once: as many runs (in both processes together) as jobs completed, give or take one in flight.
    expect(runs.length - completed!.count).toBeLessThanOrEqual(1);
    expect(runs.length).toBeGreaterThanOrEqual(completed!.count);
  }, 30_000);

  it("hands a stopped process's running job to the other one", async () => {
    const first = system();
    let firstStarted = false;
    first.define({
      queue: 'payment-events',
      retryDelaySeconds: 1,
      run: (_data, context) =>
        new Promise<void>((_resolve, reject) => {
          firstStarted = true;
          context.signal.addEventListener('abort', () => reject(new Error('shut down')));
        }),
    });
    await first.start();
    const id = await first.send('payment-events', { eventId: 'evt-handover' });
    await until(() => firstStarted);

    const second = system();
    const ran: Array<{ eventId: unknown; attempt: number }> = [];
    second.define<{ eventId: unknown }>({ queue: 'payment-events', retryDelaySeconds: 1, run: async (data, context) => void ran.push({ eventId: data.eventId, attempt: context.attempt }) });
    await second.start();
    expect(ran).toEqual([]);

    await first.stop(1_000);
    await until(() => ran.length === 1, 20_000);
    expect(ran).toEqual([{ eventId: 'evt-handover', attempt: 2 }]);
    const [job] = await query<{ state: string }>(`select state::text from ${PG_BOSS_SCHEMA}.job where id = '${id}'`);
    expect(job?.state).toBe('completed');
  }, 30_000);
});
