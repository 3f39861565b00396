import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jobsByState } from '../../lib/metrics';
import { InProcessJobSystem } from './in-process-jobs';
import type { JobLogger, JobSystem } from './job-types';
import { PgBossJobSystem } from './pg-boss-jobs';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one job system (issue 29): modules define their queues while registering; it starts when the app is ready. */
    jobs: JobSystem;
  }
}

/**
 * The job systems of this process that are running; the `pulse_jobs` gauge reads the newest one
 * when scraped (a test process may hold several apps; on PostgreSQL every system of a database
 * sees the same jobs, so adding them up would count them twice).
 */
const live: JobSystem[] = [];

Object.assign(jobsByState, {
  async collect() {
    const system = live.at(-1);
    jobsByState.reset();
    if (!system) return;
    try {
      for (const summary of await system.summaries()) {
        jobsByState.set({ queue: summary.queue, state: 'waiting' }, summary.waiting);
        jobsByState.set({ queue: summary.queue, state: 'running' }, summary.running);
        jobsByState.set({ queue: summary.queue, state: 'failed' }, summary.failed);
      }
    } catch {
      // A scrape during shutdown: no figures rather than a failed scrape.
    }
  },
});

function connectionStringOf(app: FastifyInstance): string {
  if (app.config.databaseUrl) return app.config.databaseUrl;
  // Tests hand the app an opened database without DATABASE_URL in its config: the same server and database.
  if (app.database.kind === 'postgres') {
    const options = (app.database.pool as unknown as { options: { connectionString?: string } }).options;
    if (options.connectionString) return options.connectionString;
  }
  throw new Error('The job system needs the PostgreSQL connection string');
}

export function createJobSystem(app: FastifyInstance): JobSystem {
  const log: JobLogger = { error: (object, message) => app.log.error(object, message), warn: (object, message) => app.log.warn(object, message) };
  return app.database.kind === 'postgres' ? new PgBossJobSystem({ connectionString: connectionStringOf(app), log }) : new InProcessJobSystem(log);
}

/**
 * Decorates app.jobs (pg-boss on PostgreSQL, in-process on PGlite: decision 068). Register it
 * before the modules that define queues. Starts when the app is ready; stops taking new jobs as
 * soon as the process drains (SIGTERM) and, at close, waits up to SHUTDOWN_GRACE_SECONDS for the
 * running ones before handing the rest back.
 */
export const jobsPlugin = fp(
  async (app) => {
    const jobs = createJobSystem(app);
    app.decorate('jobs', jobs);
    let stopping: Promise<void> | null = null;
    const stop = () => {
      stopping ??= jobs
        .stop(app.config.ops.shutdownGraceSeconds * 1000)
        .catch((error: unknown) => app.log.error({ err: error }, 'Job system did not stop cleanly'))
        .finally(() => {
          const index = live.indexOf(jobs);
          if (index >= 0) live.splice(index, 1);
        });
      return stopping;
    };
    app.addHook('onReady', async () => {
      await jobs.start();
      live.push(jobs);
    });
    app.lifecycle.onDraining(() => void stop());
    // At the start of close (onClose hooks run last-registered first, after the modules' own):
    // those whose jobs use a resource await app.jobs.stop() before releasing it (the mail sender).
    app.addHook('preClose', async () => {
      void stop();
    });
    app.addHook('onClose', async () => {
      await stop();
      await jobs.close();
    });
  },
  { name: 'jobs', dependencies: ['app-context'] },
);
