import { randomUUID } from 'node:crypto';
import { errorText, runAttempt, withTraceContext } from './job-run';
import { JOB_QUEUES, QUEUE_SETTINGS, type FailedJob, type JobDefinition, type JobLogger, type JobQueueName, type JobSystem, type QueueSummary, type SendOptions } from './job-types';

interface StoredJob {
  id: string;
  queue: JobQueueName;
  data: Record<string, unknown>;
  state: 'waiting' | 'running' | 'failed';
  /** Tries made so far. */
  attempts: number;
  /** Epoch ms before which the job does not run. */
  startAfter: number;
  singletonKey: string | null;
  error: string | null;
  failedAt: Date | null;
}

/** Dead jobs kept for the admin page (in memory: the newest ones; a restart forgets them). */
const FAILED_KEPT = 200;
/** What the singleton key of a sweep's jobs is. */
const SWEEP_KEY = 'sweep';

/**
 * The job system of one process on PGlite (decision 068): jobs live in memory (a PGlite database
 * has exactly one process, so there is no one to hand them to, and every queue's work is a sweep
 * that finds its own rows again after a restart). One job at a time per queue; a sweep queues one
 * job every `everyMs` unless one is still waiting; a failed attempt is tried again after
 * retryDelaySeconds, doubled each time, then the job is dead (kept for the admin page and retry()).
 */
export class InProcessJobSystem implements JobSystem {
  readonly engine = 'in-process' as const;
  readonly #log: JobLogger;
  readonly #definitions = new Map<JobQueueName, JobDefinition>();
  readonly #jobs = new Map<string, StoredJob>();
  readonly #running = new Map<JobQueueName, Promise<void>>();
  readonly #wakeTimers = new Map<JobQueueName, { at: number; timer: NodeJS.Timeout }>();
  readonly #tickers: NodeJS.Timeout[] = [];
  readonly #abort = new AbortController();
  #started = false;
  #stopping = false;
  #stopped: Promise<void> | null = null;

  constructor(log: JobLogger) {
    this.#log = log;
  }

  define<Data>(definition: JobDefinition<Data>): void {
    if (this.#definitions.has(definition.queue)) throw new Error(`The queue ${definition.queue} is defined twice`);
    this.#definitions.set(definition.queue, definition as JobDefinition);
    if (this.#started && !this.#stopping) this.#startQueue(definition as JobDefinition);
  }

  async start(): Promise<void> {
    if (this.#started) return;
    this.#started = true;
    for (const definition of this.#definitions.values()) this.#startQueue(definition);
  }

  #startQueue(definition: JobDefinition): void {
    const { everyMs } = definition;
    if (everyMs) {
      const tick = () => void this.send(definition.queue, {}, { singletonKey: SWEEP_KEY });
      const ticker = setInterval(tick, everyMs);
      ticker.unref();
      this.#tickers.push(ticker);
      if (definition.runAtStart) tick();
    }
    this.#pump(definition.queue);
  }

  async send(queue: JobQueueName, data?: Record<string, unknown>, options: SendOptions = {}): Promise<string | null> {
    const singletonKey = options.singletonKey ?? null;
    if (singletonKey !== null) {
      for (const job of this.#jobs.values()) {
        if (job.queue === queue && job.singletonKey === singletonKey && job.state === 'waiting') return null;
      }
    }
    const job: StoredJob = {
      id: randomUUID(),
      queue,
      data: withTraceContext(data),
      state: 'waiting',
      attempts: 0,
      startAfter: options.startAfter?.getTime() ?? Date.now(),
      singletonKey,
      error: null,
      failedAt: null,
    };
    this.#jobs.set(job.id, job);
    this.#pump(queue);
    return job.id;
  }

  /** Runs the queue's next due job when none of it is running; else sets a timer for the next one due. */
  #pump(queue: JobQueueName): void {
    const definition = this.#definitions.get(queue);
    if (!definition || !this.#started || this.#stopping || this.#running.has(queue)) return;
    const now = Date.now();
    let next: StoredJob | null = null;
    for (const job of this.#jobs.values()) {
      if (job.queue !== queue || job.state !== 'waiting') continue;
      if (!next || job.startAfter < next.startAfter) next = job;
    }
    if (!next) return;
    if (next.startAfter > now) {
      this.#wakeAt(queue, next.startAfter);
      return;
    }
    const job = next;
    job.state = 'running';
    job.attempts += 1;
    const settings = { ...QUEUE_SETTINGS[queue], ...pickDefined(definition) };
    const dies = job.attempts > settings.retryLimit;
    const run = runAttempt(definition, job.data, { signal: this.#abort.signal, attempt: job.attempts }, dies ? 'failed' : 'retried').then(
      () => {
        this.#jobs.delete(job.id);
      },
      (error: unknown) => {
        if (this.#abort.signal.aborted) {
          // Cut short by the shutdown: handed back (to nobody, on PGlite: the sweep finds its rows again).
          job.state = 'waiting';
          return;
        }
        job.error = errorText(error);
        if (dies) {
          job.state = 'failed';
          job.failedAt = new Date();
          this.#log.error({ err: error, queue, jobId: job.id, attempts: job.attempts }, 'Job failed after its last try');
          this.#forgetOldFailures();
        } else {
          job.state = 'waiting';
          job.startAfter = Date.now() + settings.retryDelaySeconds * 1000 * 2 ** (job.attempts - 1);
          this.#log.warn({ err: error, queue, jobId: job.id, attempts: job.attempts }, 'Job failed; will retry');
        }
      },
    );
    this.#running.set(
      queue,
      run.finally(() => {
        this.#running.delete(queue);
        this.#pump(queue);
      }),
    );
  }

  #wakeAt(queue: JobQueueName, at: number): void {
    const existing = this.#wakeTimers.get(queue);
    if (existing && existing.at <= at) return;
    if (existing) clearTimeout(existing.timer);
    const timer = setTimeout(
      () => {
        this.#wakeTimers.delete(queue);
        this.#pump(queue);
      },
      Math.max(0, at - Date.now()),
    );
    timer.unref();
    this.#wakeTimers.set(queue, { at, timer });
  }

  #forgetOldFailures(): void {
    const failed = [...this.#jobs.values()].filter((job) => job.state === 'failed');
    failed.sort((a, b) => (a.failedAt?.getTime() ?? 0) - (b.failedAt?.getTime() ?? 0));
    for (const job of failed.slice(0, Math.max(0, failed.length - FAILED_KEPT))) this.#jobs.delete(job.id);
  }

  async summaries(): Promise<QueueSummary[]> {
    const byQueue = new Map<JobQueueName, QueueSummary>(JOB_QUEUES.map((queue) => [queue, { queue, waiting: 0, running: 0, failed: 0 }]));
    for (const job of this.#jobs.values()) {
      const summary = byQueue.get(job.queue);
      if (summary) summary[job.state === 'waiting' ? 'waiting' : job.state] += 1;
    }
    return [...byQueue.values()];
  }

  async failures(limit: number): Promise<FailedJob[]> {
    return [...this.#jobs.values()]
      .filter((job) => job.state === 'failed')
      .sort((a, b) => (b.failedAt?.getTime() ?? 0) - (a.failedAt?.getTime() ?? 0))
      .slice(0, limit)
      .map((job) => ({ id: job.id, queue: job.queue, attempts: job.attempts, error: job.error ?? '', failedAt: job.failedAt ?? new Date(0) }));
  }

  async retry(jobId: string): Promise<JobQueueName | null> {
    const job = this.#jobs.get(jobId.toLowerCase());
    if (!job || job.state !== 'failed') return null;
    job.state = 'waiting';
    job.attempts = 0;
    job.startAfter = Date.now();
    job.failedAt = null;
    this.#pump(job.queue);
    return job.queue;
  }

  stop(graceMs: number): Promise<void> {
    this.#stopped ??= this.#stop(graceMs);
    return this.#stopped;
  }

  async #stop(graceMs: number): Promise<void> {
    this.#stopping = true;
    for (const ticker of this.#tickers) clearInterval(ticker);
    for (const { timer } of this.#wakeTimers.values()) clearTimeout(timer);
    this.#wakeTimers.clear();
    const running = () => Promise.allSettled([...this.#running.values()]);
    if (await finishesWithin(running(), graceMs)) return;
    // Past the grace: handlers are told to stop between units of work, and given a moment to.
    this.#abort.abort();
    if (!(await finishesWithin(running(), 1_000))) this.#log.warn({ queues: [...this.#running.keys()] }, 'Jobs still running at shutdown');
  }

  async close(): Promise<void> {}
}

function pickDefined(definition: JobDefinition): Partial<{ retryLimit: number; retryDelaySeconds: number }> {
  return {
    ...(definition.retryLimit !== undefined ? { retryLimit: definition.retryLimit } : {}),
    ...(definition.retryDelaySeconds !== undefined ? { retryDelaySeconds: definition.retryDelaySeconds } : {}),
  };
}

/** True when `work` settled within `ms`. */
export async function finishesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
