import { z } from 'zod';
import { ZId } from './ids';

/** The job system's queues (issue 29, decision 068), as the admin "System" page names them. */
export const SYSTEM_QUEUES = ['order-timers', 'mail-outbox', 'message-digests', 'payment-reconciliation', 'payment-events'] as const;
export const ZSystemQueueName = z.enum(SYSTEM_QUEUES);
export type TSystemQueueName = z.infer<typeof ZSystemQueueName>;

export const ZSystemQueue = z.object({
  name: ZSystemQueueName,
  waiting: z.number().int(),
  running: z.number().int(),
  /** Dead jobs (out of tries) still kept. */
  failed: z.number().int(),
});
export type TSystemQueue = z.infer<typeof ZSystemQueue>;

export const ZSystemFailure = z.object({
  id: ZId,
  queue: ZSystemQueueName,
  error: z.string(),
  attempts: z.number().int(),
  failedAt: z.iso.datetime(),
});
export type TSystemFailure = z.infer<typeof ZSystemFailure>;

/** GET /api/admin/system: every queue's counts and the last 20 failures, newest first. */
export const ZSystemStatus = z.object({
  /** `pg-boss` on PostgreSQL, `in-process` on the embedded database. */
  engine: z.enum(['pg-boss', 'in-process']),
  queues: z.array(ZSystemQueue),
  failures: z.array(ZSystemFailure),
});
export type TSystemStatus = z.infer<typeof ZSystemStatus>;

export const ZSystemJobParams = z.object({ jobId: ZId });

/** POST /api/admin/system/jobs/:jobId/retry: the failed job is waiting again. */
export const ZSystemJobRetried = z.object({ id: ZId, queue: ZSystemQueueName });
export type TSystemJobRetried = z.infer<typeof ZSystemJobRetried>;
