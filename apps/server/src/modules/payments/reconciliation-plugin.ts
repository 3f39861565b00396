import fp from 'fastify-plugin';
import { sweepPayments } from './reconciliation-service';

/**
 * The payments sweep in process (issue 24): once at start-up (after a crash, what the killed
 * process left behind should not wait a whole interval), then every PAYMENT_SWEEP_INTERVAL_SECONDS
 * (30 s), act on stored provider events left unprocessed and verify payments (and transfers) still
 * undecided. Off with ORDER_TIMERS=off, like the order timers it runs beside; tests call
 * sweepPayments directly with their own "now".
 */
export const reconciliationPlugin = fp(
  async (app) => {
    if (!app.config.orderTimers) return;
    let running: Promise<unknown> | null = null;
    let closing = false;
    const sweep = () => {
      if (running || closing) return;
      running = sweepPayments(app)
        .catch((error: unknown) => app.log.error({ err: error }, 'Payment reconciliation failed'))
        .finally(() => {
          running = null;
        });
    };
    const timer = setInterval(sweep, app.config.paymentSweep.intervalMs);
    timer.unref();
    // Not awaited: a provider that does not answer must not hold the start-up.
    app.addHook('onReady', async () => {
      sweep();
    });
    app.addHook('onClose', async () => {
      closing = true;
      clearInterval(timer);
      if (running) await running;
    });
  },
  { name: 'payment-reconciliation', dependencies: ['app-context'] },
);
