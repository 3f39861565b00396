import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZSystemStatus } from '@pulse/contract/system';
import { adminAuditLog } from '../../db/schema/admin-audit-log';
import { metricsRegistry } from '../../lib/metrics';
import { bearer, registerTestUser } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { addUserRole } from '../auth/users-repository';

let testApp: TestApp;
let admin: Awaited<ReturnType<typeof registerTestUser>>;
let buyer: Awaited<ReturnType<typeof registerTestUser>>;
let healthy = false;
const delivered: string[] = [];

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function status(token: string) {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/admin/system', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return ZSystemStatus.parse(response.json());
}

beforeAll(async () => {
  // This process runs none of the sweeps: the queue the test defines is the only one with a runner.
  testApp = await createTestApp({ ORDER_TIMERS: 'off' });
  testApp.app.jobs.define<{ note: string }>({
    queue: 'message-digests',
    retryLimit: 1,
    retryDelaySeconds: 0.01,
    async run(data) {
      if (!healthy) throw new Error('SMTP server refused the connection');
      delivered.push(data.note);
    },
  });
  admin = await registerTestUser(testApp.app);
  await addUserRole(testApp.database.orm, admin.user.id, 'admin');
  buyer = await registerTestUser(testApp.app);
});

afterAll(async () => {
  await testApp.close();
});

describe('the admin System page', () => {
  it('lists every queue, the failed job with its error, and a retry runs it again (audit-logged)', async () => {
    const jobId = await testApp.app.jobs.send('message-digests', { note: 'digest for Ama' });
    await until(async () => (await status(admin.token)).failures.length === 1);

    const page = await status(admin.token);
    expect(page.queues.map((queue) => queue.name)).toEqual(['order-timers', 'mail-outbox', 'message-digests', 'payment-reconciliation', 'payment-events']);
    expect(page.queues.find((queue) => queue.name === 'message-digests')).toEqual({ name: 'message-digests', waiting: 0, running: 0, failed: 1 });
    expect(page.failures).toEqual([{ id: jobId, queue: 'message-digests', error: 'SMTP server refused the connection', attempts: 2, failedAt: expect.any(String) }]);

    // What Prometheus scrapes: the gauge read from the job system at scrape time, the attempts counted.
    const scraped = await metricsRegistry.metrics();
    expect(scraped).toContain('pulse_jobs{queue="message-digests",state="failed"} 1');
    expect(scraped).toContain('pulse_job_attempts_total{queue="message-digests",outcome="retried"} 1');
    expect(scraped).toContain('pulse_job_attempts_total{queue="message-digests",outcome="failed"} 1');

    healthy = true;
    const retried = await testApp.app.inject({ method: 'POST', url: `/api/admin/system/jobs/${jobId}/retry`, headers: bearer(admin.token) });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ id: jobId, queue: 'message-digests' });
    await until(async () => delivered.length === 1);
    expect(delivered).toEqual(['digest for Ama']);
    await until(async () => (await status(admin.token)).failures.length === 0);

    const audit = await testApp.database.orm
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'job.retry'), eq(adminAuditLog.targetId, jobId!)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ adminUserId: admin.user.id, targetType: 'job', details: { queue: 'message-digests' } });

    // Done once: the same id is no failed job any more.
    const again = await testApp.app.inject({ method: 'POST', url: `/api/admin/system/jobs/${jobId}/retry`, headers: bearer(admin.token) });
    expect(again.statusCode).toBe(404);
  });

  it('answers 404 for an unknown job and refuses everyone but admins', async () => {
    const unknown = await testApp.app.inject({ method: 'POST', url: '/api/admin/system/jobs/0190c3f5-0000-7000-8000-000000000000/retry', headers: bearer(admin.token) });
    expect(unknown.statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/admin/system', headers: bearer(buyer.token) })).statusCode).toBe(403);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/admin/system' })).statusCode).toBe(401);
    expect((await testApp.app.inject({ method: 'POST', url: '/api/admin/system/jobs/0190c3f5-0000-7000-8000-000000000000/retry', headers: bearer(buyer.token) })).statusCode).toBe(403);
  });
});
