import fp from 'fastify-plugin';
import { processProviderEvent } from './payment-events-service';

export interface PaymentEventQueue {
  /** Queues the work on a stored event (the 'payment-events' queue); never awaited by the request. */
  later(eventId: string): void;
  /** Resolves once no payment event job waits or runs (tests: every event handed over was acted on). */
  settled(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    paymentEventQueue: PaymentEventQueue;
  }
}

/**
 * The work after a webhook's 200 (issue 24), a queue of the job system (decision 068), run by every
 * process. Losing it is safe (the event is stored and the reconciliation sweep acts on it), but it
 * is retried with back-off and a clean shutdown finishes it first.
 */
export const paymentEventQueuePlugin = fp(
  async (app) => {
    const sending = new Set<Promise<unknown>>();
    app.jobs.define<{ eventId?: unknown }>({
      queue: 'payment-events',
      async run(data) {
        if (typeof data.eventId === 'string') await processProviderEvent(app, data.eventId);
      },
    });
    app.decorate<PaymentEventQueue>('paymentEventQueue', {
      later(eventId) {
        const sent: Promise<unknown> = app.jobs
          .send('payment-events', { eventId })
          .catch((error: unknown) => app.log.error({ err: error, eventId }, 'payment event not queued; the sweep acts on it'))
          .finally(() => sending.delete(sent));
        sending.add(sent);
      },
      async settled() {
        for (;;) {
          await Promise.allSettled([...sending]);
          const summary = (await app.jobs.summaries()).find((entry) => entry.queue === 'payment-events');
          if (sending.size === 0 && (!summary || summary.waiting + summary.running === 0)) return;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      },
    });
  },
  { name: 'payment-event-queue', dependencies: ['app-context', 'jobs'] },
);
