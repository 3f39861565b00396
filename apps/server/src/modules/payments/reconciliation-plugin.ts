import fp from 'fastify-plugin';
import { sweepPayments } from './reconciliation-service';

/**
 * The payments sweep, a queue of the job system (issue 24, decision 068): once at start-up (after
 * a crash, what the killed process left behind should not wait a whole interval), then every
 * PAYMENT_SWEEP_INTERVAL_SECONDS (30 s, one job per period across processes), act on stored
 * provider events left unprocessed and verify payments (and transfers) still undecided. Not run
 * by a process with ORDER_TIMERS=off, like the order timers it runs beside; tests call
 * sweepPayments directly with their own "now".
 */
export const reconciliationPlugin = fp(
  async (app) => {
    if (!app.config.orderTimers) return;
    app.jobs.define({
      queue: 'payment-reconciliation',
      everyMs: app.config.paymentSweep.intervalMs,
      runAtStart: true,
      async run() {
        await sweepPayments(app);
      },
    });
  },
  { name: 'payment-reconciliation', dependencies: ['app-context', 'jobs'] },
);
