import fp from 'fastify-plugin';
import { sweepPayments } from './reconciliation-service';

export const RECONCILIATION_INTERVAL_MS = 30_000;

/**
 * The payments sweep in process (issue 24): every 30 s, act on stored provider events left
 * unprocessed and verify payments (and transfers) still undecided. Off with ORDER_TIMERS=off, like
 * the order timers it runs beside; tests call sweepPayments directly with their own "now".
 */
export const reconciliationPlugin = fp(
  async (app) => {
    if (!app.config.orderTimers) return;
    let running: Promise<unknown> | null = null;
    const timer = setInterval(() => {
      if (running) return;
      running = sweepPayments(app)
        .catch((error: unknown) => app.log.error({ err: error }, 'Payment reconciliation failed'))
        .finally(() => {
          running = null;
        });
    }, RECONCILIATION_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      if (running) await running;
    });
  },
  { name: 'payment-reconciliation', dependencies: ['app-context'] },
);
