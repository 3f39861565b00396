import fp from 'fastify-plugin';
import { processProviderEvent } from './payment-events-service';

export interface PaymentEventQueue {
  /** Acts on a stored event after the current request's answer went out; never awaited by the request. */
  later(eventId: string): void;
  /** Resolves once every event handed over so far was acted on (or given up to the sweep). */
  settled(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    paymentEventQueue: PaymentEventQueue;
  }
}

/**
 * The in-process work after a webhook's 200 (issue 24). Losing it is safe (the event is stored
 * and the reconciliation sweep acts on it), but a clean shutdown finishes it first.
 */
export const paymentEventQueuePlugin = fp(
  async (app) => {
    const inFlight = new Set<Promise<unknown>>();
    app.decorate<PaymentEventQueue>('paymentEventQueue', {
      later(eventId) {
        const task: Promise<unknown> = new Promise<void>((resolve) => setImmediate(resolve))
          .then(() => processProviderEvent(app, eventId))
          .catch((error: unknown) => app.log.error({ err: error, eventId }, 'payment event processing failed'))
          .finally(() => inFlight.delete(task));
        inFlight.add(task);
      },
      async settled() {
        while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      },
    });
    app.addHook('onClose', async () => {
      await app.paymentEventQueue.settled();
    });
  },
  { name: 'payment-event-queue', dependencies: ['app-context'] },
);
