import fp from 'fastify-plugin';
import { domainEvents } from '../../lib/domain-events';
import { sweepOrderTimers } from './orders-service';

export const ORDER_TIMER_INTERVAL_MS = 30_000;

/**
 * The order timers in process: every 30 s, lapse unpaid orders and auto-complete delivered ones,
 * then publish order.timers_swept for the timers of other modules (delivery tells farms whose
 * delivery no Pulse Agent claimed by the slot's start).
 * Safe with several processes (each order is claimed with FOR UPDATE SKIP LOCKED). Off with
 * ORDER_TIMERS=off; tests call sweepOrderTimers directly with their own "now".
 */
let holds = 0;

/**
 * Holds the timers of this process until the returned release is called: the demo seed writes
 * weeks of order history with past times, and a sweep between two of its steps would auto-complete
 * an order it is about to confirm.
 */
export function holdOrderTimers(): () => void {
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
  };
}

export const orderTimersPlugin = fp(
  async (app) => {
    if (!app.config.orderTimers) return;
    let running: Promise<unknown> | null = null;
    const timer = setInterval(() => {
      if (running || holds > 0) return;
      running = sweepOrderTimers(app)
        .then(() => domainEvents.publishAfterCommit(app, 'order.timers_swept', { now: new Date() }))
        .catch((error: unknown) => app.log.error({ err: error }, 'Order timers failed'))
        .finally(() => {
          running = null;
        });
    }, ORDER_TIMER_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      if (running) await running;
    });
  },
  { name: 'order-timers', dependencies: ['app-context'] },
);
