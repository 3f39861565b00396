/**
 * The one job system (issue 29): every background task of the server (the order timers, the mail
 * outbox, the payments reconciliation, the weekly baskets) is a queue of jobs with retries,
 * back-off, a dead-letter state and at most one runner per job across processes. On PostgreSQL
 * pg-boss runs them; on PGlite (one process) an in-process runner behind this same interface.
 */

/** The queues; a new background task adds its name here. */
export const JOB_QUEUES = ['order-timers', 'mail-outbox', 'message-digests', 'payment-reconciliation', 'payment-events', 'standing-orders'] as const;
export type JobQueueName = (typeof JOB_QUEUES)[number];

export interface JobContext {
  /** Aborted when the process shuts down past its grace: a handler stops between units of work. */
  signal: AbortSignal;
  /** 1 for the first try. */
  attempt: number;
}

export interface JobDefinition<Data = unknown> {
  queue: JobQueueName;
  run(data: Data, context: JobContext): Promise<void>;
  /** A recurring sweep: one job is due every `everyMs` (across all processes, not per process). */
  everyMs?: number;
  /** Tries after the first before the job is dead (default 3). */
  retryLimit?: number;
  /** Seconds before the first retry; doubled on each further one (default 10). */
  retryDelaySeconds?: number;
}

export interface QueueSummary {
  queue: JobQueueName;
  waiting: number;
  running: number;
  failed: number;
}

export interface FailedJob {
  id: string;
  queue: JobQueueName;
  attempts: number;
  error: string;
  failedAt: Date;
}

export interface JobSystem {
  /** `pg-boss` on PostgreSQL, `in-process` on PGlite. */
  readonly engine: 'pg-boss' | 'in-process';
  define<Data>(definition: JobDefinition<Data>): void;
  /** Queues one job; with a singletonKey, a second job with that key is not queued while one waits. */
  send(queue: JobQueueName, data?: unknown, options?: { singletonKey?: string; startAfter?: Date }): Promise<string | null>;
  summaries(): Promise<QueueSummary[]>;
  failures(limit: number): Promise<FailedJob[]>;
  /** Puts a dead job back to waiting; false when there is no such failed job. */
  retry(jobId: string): Promise<boolean>;
  /** Stops taking new jobs; waits up to graceMs for running ones, then hands the rest back to the queue. */
  stop(graceMs: number): Promise<void>;
}
