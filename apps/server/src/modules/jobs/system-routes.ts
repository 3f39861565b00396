import { msg } from '@lingui/core/runtime-macro';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSystemJobParams, ZSystemJobRetried, ZSystemStatus, type TSystemStatus } from '@pulse/contract/system';
import { NotFoundError } from '../../errors/domain-errors';
import { requireUser } from '../../plugins/auth';
import { assertAdmin } from '../admin/admin-service';
import { recordAdminAction } from '../admin/audit-log';

/** How many of the newest dead jobs the System page lists. */
export const SYSTEM_FAILURES_SHOWN = 20;

/** The admin "System" page (issue 29): the job system's queues, its last failures, and "Retry". Admins only, refused before validation. */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = [app.authenticate, async (request: FastifyRequest) => assertAdmin(requireUser(request))];

  app.get('/api/admin/system', { schema: { response: { 200: ZSystemStatus } }, preValidation: adminOnly }, async (): Promise<TSystemStatus> => {
    const [queues, failures] = await Promise.all([app.jobs.summaries(), app.jobs.failures(SYSTEM_FAILURES_SHOWN)]);
    return {
      engine: app.jobs.engine,
      queues: queues.map((queue) => ({ name: queue.queue, waiting: queue.waiting, running: queue.running, failed: queue.failed })),
      failures: failures.map((job) => ({ id: job.id, queue: job.queue, error: job.error, attempts: job.attempts, failedAt: job.failedAt.toISOString() })),
    };
  });

  app.post(
    '/api/admin/system/jobs/:jobId/retry',
    { schema: { params: ZSystemJobParams, response: { 200: ZSystemJobRetried } }, preValidation: adminOnly },
    async (request) => {
      const jobId = request.params.jobId.toLowerCase();
      const queue = await app.jobs.retry(jobId);
      if (!queue) throw new NotFoundError(msg`No failed job has this id.`);
      // After the retry (the job system is not in the application's transaction): the row says it was done.
      await recordAdminAction(app.db, { adminUserId: requireUser(request).id, action: 'job.retry', targetType: 'job', targetId: jobId, details: { queue } });
      return { id: jobId, queue };
    },
  );
};
