/**
 * The one job system (issue 29, decision 068): every background task of the server (the order
 * timers, the mail outbox, the message digests, the payments reconciliation and the payment events)
 * is a queue of jobs with retries, back-off, a dead-letter state and at most one runner per job
 * across processes. On PostgreSQL pg-boss runs them (pg-boss-jobs.ts); on PGlite (one process) an
 * in-process runner behind this same interface (in-process-jobs.ts).
 */

import { SYSTEM_QUEUES } from '@pulse/contract/system';

/** The queues (the contract's list, which the admin page shows); a new background task adds its name there and its settings to QUEUE_SETTINGS. */
export const JOB_QUEUES = SYSTEM_QUEUES;
export type JobQueueName = (typeof JOB_QUEUES)[number];

export interface JobContext {
  /** Aborted when the process shuts down past its grace: a handler stops between units of work. */
  signal: AbortSignal;
  /** 1 for the first try. */
  attempt: number;
}

/** How a queue's jobs are retried; the same in every process (pg-boss stores them on the queue). */
export interface QueueSettings {
  /** Tries after the first before the job is dead. */
  retryLimit: number;
  /** Seconds before the first retry; doubled on each further one. */
  retryDelaySeconds: number;
  /** A running job not finished after this long (its process died) is tried again. */
  expireInSeconds: number;
}

export const QUEUE_SETTINGS: Record<JobQueueName, QueueSettings> = {
  'order-timers': { retryLimit: 3, retryDelaySeconds: 10, expireInSeconds: 300 },
  'mail-outbox': { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 300 },
  'message-digests': { retryLimit: 3, retryDelaySeconds: 30, expireInSeconds: 600 },
  'payment-reconciliation': { retryLimit: 3, retryDelaySeconds: 15, expireInSeconds: 300 },
  'payment-events': { retryLimit: 5, retryDelaySeconds: 10, expireInSeconds: 120 },
};

export interface JobDefinition<Data = unknown> {
  queue: JobQueueName;
  run(data: Data, context: JobContext): Promise<void>;
  /** A recurring sweep: one job is due every `everyMs` (across all processes, not per process). */
  everyMs?: number;
  /** With everyMs: the first sweep at start-up rather than one period later. */
  runAtStart?: boolean;
  /** Overrides the queue's QUEUE_SETTINGS in this process (tests use short delays). */
  retryLimit?: number;
  retryDelaySeconds?: number;
}

export interface SendOptions {
  /**
   * A second job with this key is not queued while one waits (in-process) or within the same
   * `singletonSeconds` slot (pg-boss; with neither, while one waits).
   */
  singletonKey?: string;
  startAfter?: Date;
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
  /** Tries made (the first one included). */
  attempts: number;
  error: string;
  failedAt: Date;
}

export interface JobSystem {
  /** `pg-boss` on PostgreSQL, `in-process` on PGlite. */
  readonly engine: 'pg-boss' | 'in-process';
  /**
   * This process runs the queue's jobs (and, for a sweep, queues one every period). Before start()
   * or after it (a test defines a queue of its own on a running app).
   */
  define<Data>(definition: JobDefinition<Data>): void;
  /** Starts the runners of the defined queues. */
  start(): Promise<void>;
  /** Queues one job (any queue, defined here or not); null when a singleton key kept it out. */
  send(queue: JobQueueName, data?: Record<string, unknown>, options?: SendOptions): Promise<string | null>;
  summaries(): Promise<QueueSummary[]>;
  /** The newest dead jobs first. */
  failures(limit: number): Promise<FailedJob[]>;
  /** Puts a dead job back to waiting; its queue, or null when there is no such failed job. */
  retry(jobId: string): Promise<JobQueueName | null>;
  /**
   * Stops taking new jobs; waits up to graceMs for running ones, then hands the rest back to the
   * queue. Reads (summaries, failures) still answer until close(). A second call returns the
   * first one's promise: a plugin whose jobs use a resource awaits it before releasing that.
   */
  stop(graceMs: number): Promise<void>;
  /** After stop(): lets go of its connections (pg-boss's pool). */
  close(): Promise<void>;
}

/** What a job system reports of its own: logged by the plugin, never thrown at the caller. */
export interface JobLogger {
  error(object: Record<string, unknown>, message: string): void;
  warn(object: Record<string, unknown>, message: string): void;
}
