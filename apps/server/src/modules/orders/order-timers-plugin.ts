import fp from 'fastify-plugin';
import { domainEvents } from '../../lib/domain-events';
import { sweepOrderTimers } from './orders-service';

export const ORDER_TIMER_INTERVAL_MS = 30_000;

/**
 * The order timers, a queue of the job system (decision 068): every 30 s (one job per period
 * across all processes), lapse unpaid orders and auto-complete delivered ones, then publish
 * order.timers_swept for the timers of other modules (delivery tells farms whose delivery no Pulse
 * Agent claimed by the slot's start; the weekly baskets' engine places the cycles due).
 * Safe with several processes (each order is claimed with FOR UPDATE SKIP LOCKED). A process with
 * ORDER_TIMERS=off does not run the queue; tests call sweepOrderTimers directly with their own "now".
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
    app.jobs.define({
      queue: 'order-timers',
      everyMs: ORDER_TIMER_INTERVAL_MS,
      async run() {
        if (holds > 0) return;
        await sweepOrderTimers(app);
        await domainEvents.publishAfterCommit(app, 'order.timers_swept', { now: new Date() });
      },
    });
  },
  { name: 'order-timers', dependencies: ['app-context', 'jobs'] },
);
