import { PgBoss, type Job, type SendOptions as BossSendOptions } from 'pg-boss';
import { runAttempt, withTraceContext } from './job-run';
import { finishesWithin } from './in-process-jobs';
import { JOB_QUEUES, QUEUE_SETTINGS, type FailedJob, type JobDefinition, type JobLogger, type JobQueueName, type JobSystem, type QueueSummary, type SendOptions } from './job-types';

/** pg-boss's own schema in the application's database (its tables, its migrations). */
export const PG_BOSS_SCHEMA = 'pgboss';
const SWEEP_KEY = 'sweep';
/** How often an idle worker asks for a job of its queue (a send in this process wakes it at once). */
const POLLING_SECONDS = 2;

export interface PgBossJobSystemOptions {
  connectionString: string;
  log: JobLogger;
  /** Connections of pg-boss's own pool. */
  poolSize?: number;
}

function isQueue(name: string): name is JobQueueName {
  return (JOB_QUEUES as readonly string[]).includes(name);
}

/**
 * The job system on PostgreSQL (decision 068): pg-boss in its own schema with its own small pool.
 * Every process queues a sweep's job every period into a throttle slot of that period
 * (`singletonSeconds`), so the first process to try creates the slot's one job and the others'
 * sends are no-ops; each job is fetched by one worker (SKIP LOCKED). Retries: exponential back-off from the queue's settings; a job
 * out of tries is `failed` (the dead state), listed for admins and put back with retry().
 */
export class PgBossJobSystem implements JobSystem {
  readonly engine = 'pg-boss' as const;
  readonly #boss: PgBoss;
  readonly #log: JobLogger;
  readonly #definitions = new Map<JobQueueName, JobDefinition>();
  readonly #workers = new Map<JobQueueName, string>();
  readonly #tickers: NodeJS.Timeout[] = [];
  #started: Promise<void> | null = null;
  #stopped = false;
  #stopping: Promise<void> | null = null;

  constructor(options: PgBossJobSystemOptions) {
    this.#log = options.log;
    this.#boss = new PgBoss({
      connectionString: options.connectionString,
      schema: PG_BOSS_SCHEMA,
      max: options.poolSize ?? 4,
      application_name: 'pulse-jobs',
      // No cron schedules (sweeps are throttled sends) and no instance registry: fewer timers and queries.
      schedule: false,
      registerInstance: false,
      // The spans are ours (job-run.ts), linked to the sender's trace.
      openTelemetry: { enabled: false },
    });
    this.#boss.on('error', (error: Error) => this.#log.error({ err: error }, 'Job system (pg-boss) error'));
    this.#boss.on('warning', (warning: { message: string; data: object }) => this.#log.warn({ data: warning.data }, `Job system (pg-boss): ${warning.message}`));
  }

  define<Data>(definition: JobDefinition<Data>): void {
    if (this.#definitions.has(definition.queue)) throw new Error(`The queue ${definition.queue} is defined twice`);
    this.#definitions.set(definition.queue, definition as JobDefinition);
    if (this.#started && !this.#stopped) {
      void this.#started.then(() => this.#startQueue(definition as JobDefinition)).catch((error: unknown) => this.#log.error({ err: error, queue: definition.queue }, 'Job queue not started'));
    }
  }

  start(): Promise<void> {
    this.#started ??= this.#start();
    return this.#started;
  }

  async #start(): Promise<void> {
    await this.#boss.start();
    const existing = new Set((await this.#boss.getQueues([...JOB_QUEUES])).map((queue) => queue.name));
    for (const queue of JOB_QUEUES) {
      if (existing.has(queue)) continue;
      const settings = QUEUE_SETTINGS[queue];
      await this.#boss.createQueue(queue, {
        // Not `singleton`: a process killed while it ran a sweep would hold the queue's one active
        // slot until the job expired. Sweeps are safe side by side (their rows are claimed with SKIP LOCKED).
        policy: 'standard',
        retryLimit: settings.retryLimit,
        retryDelay: settings.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: settings.expireInSeconds,
      });
    }
    for (const definition of this.#definitions.values()) await this.#startQueue(definition);
  }

  #settings(queue: JobQueueName) {
    const definition = this.#definitions.get(queue);
    return { ...QUEUE_SETTINGS[queue], ...(definition?.retryLimit !== undefined ? { retryLimit: definition.retryLimit } : {}), ...(definition?.retryDelaySeconds !== undefined ? { retryDelaySeconds: definition.retryDelaySeconds } : {}) };
  }

  async #startQueue(definition: JobDefinition): Promise<void> {
    const { queue } = definition;
    const workerId = await this.#boss.work<Record<string, unknown>>(queue, { pollingIntervalSeconds: POLLING_SECONDS, batchSize: 1 }, async (jobs: Array<Job<Record<string, unknown>>>) => {
      for (const job of jobs) {
        const attempt = job.retryCount + 1;
        const dies = attempt > this.#settings(queue).retryLimit;
        await runAttempt(definition, job.data, { signal: job.signal, attempt }, dies ? 'failed' : 'retried');
      }
    });
    this.#workers.set(queue, workerId);
    if (definition.everyMs) {
      const periodSeconds = Math.max(1, Math.round(definition.everyMs / 1000));
      const tick = () => void this.#sendSweep(queue, periodSeconds);
      // Twice a period, so a late timer never leaves a slot without its job (the second send of a slot is a no-op).
      const ticker = setInterval(tick, Math.max(500, definition.everyMs / 2));
      ticker.unref();
      this.#tickers.push(ticker);
      if (definition.runAtStart) tick();
    }
  }

  async #sendSweep(queue: JobQueueName, periodSeconds: number): Promise<void> {
    await this.#send(queue, {}, { singletonKey: SWEEP_KEY, singletonSeconds: periodSeconds });
  }

  send(queue: JobQueueName, data?: Record<string, unknown>, options: SendOptions = {}): Promise<string | null> {
    // A key alone (the mail's wake): at most one job a second, the next one in the next second.
    const throttle: BossSendOptions = options.singletonKey ? { singletonKey: options.singletonKey, singletonSeconds: 1, singletonNextSlot: true } : {};
    return this.#send(queue, data, { ...throttle, ...(options.startAfter ? { startAfter: options.startAfter } : {}) });
  }

  async #send(queue: JobQueueName, data: Record<string, unknown> | undefined, options: BossSendOptions): Promise<string | null> {
    if (this.#stopped || !this.#started) return null;
    const settings = this.#settings(queue);
    try {
      await this.#started;
      const id = await this.#boss.send(queue, withTraceContext(data), {
        retryLimit: settings.retryLimit,
        retryDelay: Math.max(1, Math.round(settings.retryDelaySeconds)),
        retryBackoff: true,
        expireInSeconds: settings.expireInSeconds,
        ...options,
      });
      const workerId = this.#workers.get(queue);
      if (id && workerId) this.#boss.notifyWorker(workerId);
      return id;
    } catch (error) {
      if (!this.#stopped) this.#log.error({ err: error, queue }, 'Job not queued');
      return null;
    }
  }

  async #sql<Row>(text: string, values: unknown[]): Promise<Row[]> {
    const result = await this.#boss.getDb().executeSql(text, values);
    return result.rows as Row[];
  }

  async summaries(): Promise<QueueSummary[]> {
    const rows = await this.#sql<{ name: string; state: string; count: number }>(
      `select name, state::text as state, count(*)::int as count from ${PG_BOSS_SCHEMA}.job
        where name = any($1::text[]) and state in ('created', 'retry', 'active', 'failed') group by name, state`,
      [[...JOB_QUEUES]],
    );
    return JOB_QUEUES.map((queue) => {
      const countOf = (...states: string[]) => rows.filter((row) => row.name === queue && states.includes(row.state)).reduce((sum, row) => sum + row.count, 0);
      return { queue, waiting: countOf('created', 'retry'), running: countOf('active'), failed: countOf('failed') };
    });
  }

  async failures(limit: number): Promise<FailedJob[]> {
    const rows = await this.#sql<{ id: string; name: string; retry_count: number; error: string | null; failed_at: Date | null }>(
      `select id, name, retry_count, coalesce(output->>'message', output->'value'->>'message', output::text) as error,
         coalesce(completed_on, created_on) as failed_at
        from ${PG_BOSS_SCHEMA}.job where name = any($1::text[]) and state = 'failed'
        order by coalesce(completed_on, created_on) desc limit $2`,
      [[...JOB_QUEUES], limit],
    );
    return rows.filter((row) => isQueue(row.name)).map((row) => ({ id: row.id, queue: row.name as JobQueueName, attempts: row.retry_count + 1, error: row.error ?? '', failedAt: new Date(row.failed_at ?? 0) }));
  }

  async retry(jobId: string): Promise<JobQueueName | null> {
    const [row] = await this.#sql<{ name: string }>(`select name from ${PG_BOSS_SCHEMA}.job where id = $1::uuid and state = 'failed'`, [jobId]);
    if (!row || !isQueue(row.name)) return null;
    // CommandResponse is typed empty; it carries `affected` (pg-boss's manager.mapCommandResponse).
    const result = (await this.#boss.retry(row.name, jobId)) as { affected?: number };
    const workerId = this.#workers.get(row.name);
    if (workerId) this.#boss.notifyWorker(workerId);
    return (result.affected ?? 0) > 0 ? row.name : null;
  }

  stop(graceMs: number): Promise<void> {
    this.#stopping ??= this.#stop(graceMs);
    return this.#stopping;
  }

  async #stop(graceMs: number): Promise<void> {
    this.#stopped = true;
    for (const ticker of this.#tickers) clearInterval(ticker);
    if (!this.#started) return;
    await this.#started.catch(() => {});
    // Waits for running handlers up to the grace; past it, pg-boss fails them back to `retry`
    // (a try used) and aborts their signal, and another process takes them. The pool stays open
    // for the admin page's reads while the process drains; close() ends it.
    const stopping = this.#boss.stop({ graceful: true, timeout: Math.max(1000, graceMs), close: false });
    if (!(await finishesWithin(stopping, graceMs + 5_000))) this.#log.warn({}, 'Job system (pg-boss) did not stop in time');
  }

  async close(): Promise<void> {
    await this.stop(0);
    if (this.#started) await this.#boss.stop({ close: true });
  }
}

/**
 * Installs pg-boss's schema and the queues in a database, then lets go (the test run's template
 * database has them, so a test app's job system finds them instead of installing them each time).
 */
export async function installJobSchema(connectionString: string, log: JobLogger): Promise<void> {
  const system = new PgBossJobSystem({ connectionString, log, poolSize: 1 });
  try {
    await system.start();
  } finally {
    await system.stop(1_000);
    await system.close();
  }
}

