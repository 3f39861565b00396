import type { Db } from '../../db/client';
import { domainEvents, type DomainEventMap, type DomainEventName, type InTransactionContext } from '../../lib/domain-events';
import type { DecisionContext } from './intent-purposes';

/**
 * The events the payments module publishes on the domain-event seam (decision 052). Payments know
 * no consumer: mail (the top-up receipt) listens.
 */
export interface TopUpReceivedEvent {
  userId: string;
  /** What reached the wallet (the verified amount). */
  amountMinor: number;
  currency: string;
  intentId: string;
}

declare module '../../lib/domain-events' {
  interface DomainEventMap {
    /** In the decision's transaction, right after a verified top-up was credited to the wallet. */
    'payment.top_up_received': TopUpReceivedEvent;
  }
}

/**
 * Publishes `name` to the in-transaction listeners inside a payment decision: they write with the
 * decision's transaction, and what they queue for after the commit runs with the decision's own
 * after-commit work (skipped when it rolls back).
 */
export async function publishInDecision<K extends DomainEventName>(db: Db, context: DecisionContext, name: K, payload: DomainEventMap[K]): Promise<void> {
  const { app, now } = context;
  const ctx: InTransactionContext = {
    tx: db,
    config: app.config,
    now,
    afterCommit: (queued, queuedPayload) => context.afterCommit(() => domainEvents.publishAfterCommit(app, queued, queuedPayload)),
  };
  await domainEvents.publishInTransaction(name, payload, ctx);
}
