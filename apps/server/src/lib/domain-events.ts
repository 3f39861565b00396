import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';

/**
 * The domain-event seam (decision 052). A module that changes something (orders, wallet) publishes
 * typed events; the modules that react (delivery, referrals, notifications, the admin audit log,
 * later mail) register listeners at start-up. The publisher imports none of them.
 *
 * Two kinds of listener:
 * - **in-transaction** (`onTransaction`): runs inside the publisher's database transaction, in
 *   registration order, before the commit. For what must commit with the change or not at all
 *   (referral earnings, delivery tasks, audit rows, and the mail outbox's row). A listener that
 *   throws rolls the whole change back, which is also how a listener refuses a change (a delivery an
 *   agent holds cannot be handed over by the farm).
 * - **after-commit** (`afterCommit`): runs once the transaction committed, in registration order,
 *   one after the other. For what may follow (notifications, push, socket events). A listener that
 *   throws is logged and never reaches the caller or the other listeners: the change stands.
 *
 * An in-transaction listener may queue an event for the after-commit listeners (`ctx.afterCommit`),
 * so that what it did inside the transaction is announced only once it committed.
 *
 * Each module declares the events it publishes by augmenting `DomainEventMap`:
 *
 *     declare module '../../lib/domain-events' {
 *       interface DomainEventMap { 'order.paid': OrderPaidEvent }
 *     }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging in the publishing modules
export interface DomainEventMap {}

export type DomainEventName = keyof DomainEventMap;

/** One queued event for the after-commit listeners. */
export type PendingEvent = { [K in DomainEventName]: { name: K; payload: DomainEventMap[K] } }[DomainEventName];

/** The settings in-transaction listeners may read (what an order transition is given; mail writes the product's name and links and signs unsubscribe links). */
export type DomainEventsConfig = Pick<Config, 'commissionBps' | 'autoCompleteDays' | 'currency' | 'referrals' | 'appName' | 'publicUrl' | 'jwtSecret'>;

export interface InTransactionContext {
  /** The publisher's transaction: write with it, never with the app's pool. */
  tx: Db;
  config: DomainEventsConfig;
  /** The time of the change (the publisher's "now"). */
  now: Date;
  /** Queues an event for the after-commit listeners of this change. */
  afterCommit<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): void;
}

export type InTransactionListener<K extends DomainEventName> = (payload: DomainEventMap[K], ctx: InTransactionContext) => Promise<void> | void;
export type AfterCommitListener<K extends DomainEventName> = (payload: DomainEventMap[K], app: FastifyInstance) => Promise<void> | void;

interface Registered<Listener> {
  id: string;
  listener: Listener;
}

/**
 * The listeners, by event. One registry per process: listeners are plain functions of the event and
 * its context (the transaction, or the app after the commit), so every app built in the process
 * (tests build several) shares them. Registering the same id again replaces the listener, so
 * building a second app does not run a listener twice.
 */
export class DomainEvents {
  private readonly inTransaction = new Map<DomainEventName, Array<Registered<InTransactionListener<never>>>>();
  private readonly afterCommitListeners = new Map<DomainEventName, Array<Registered<AfterCommitListener<never>>>>();

  onTransaction<K extends DomainEventName>(name: K, id: string, listener: InTransactionListener<K>): void {
    upsert(this.inTransaction, name, id, listener as InTransactionListener<never>);
  }

  afterCommit<K extends DomainEventName>(name: K, id: string, listener: AfterCommitListener<K>): void {
    upsert(this.afterCommitListeners, name, id, listener as AfterCommitListener<never>);
  }

  /** Runs the in-transaction listeners of `name` one after the other; the first that throws rolls the change back. */
  async publishInTransaction<K extends DomainEventName>(name: K, payload: DomainEventMap[K], ctx: InTransactionContext): Promise<void> {
    for (const { listener } of this.inTransaction.get(name) ?? []) {
      await (listener as InTransactionListener<K>)(payload, ctx);
    }
  }

  /** Runs the after-commit listeners of `name` one after the other; a failure is logged, never thrown. */
  async publishAfterCommit<K extends DomainEventName>(app: FastifyInstance, name: K, payload: DomainEventMap[K]): Promise<void> {
    for (const { id, listener } of this.afterCommitListeners.get(name) ?? []) {
      try {
        await (listener as AfterCommitListener<K>)(payload, app);
      } catch (error) {
        app.log.error({ err: error, event: name, listener: id }, 'After-commit listener failed');
      }
    }
  }

  /** The ids of the listeners of `name`, in the order they run (for tests and the decision record). */
  listenerIds(name: DomainEventName): { inTransaction: string[]; afterCommit: string[] } {
    return {
      inTransaction: (this.inTransaction.get(name) ?? []).map((entry) => entry.id),
      afterCommit: (this.afterCommitListeners.get(name) ?? []).map((entry) => entry.id),
    };
  }
}

function upsert<Listener>(map: Map<DomainEventName, Array<Registered<Listener>>>, name: DomainEventName, id: string, listener: Listener): void {
  const list = map.get(name) ?? [];
  const index = list.findIndex((entry) => entry.id === id);
  if (index >= 0) list[index] = { id, listener };
  else list.push({ id, listener });
  map.set(name, list);
}

/** The process's registry (see `DomainEvents`); modules register into it from `registerDomainListeners` in app.ts. */
export const domainEvents = new DomainEvents();

/**
 * The events one change queued for after its commit. The publisher creates it with the transaction,
 * hands `context()` to in-transaction publishing, and calls `publish(app)` once the transaction
 * committed (never when it rolled back: the events then never happened).
 */
export class PendingEvents {
  private readonly queue: PendingEvent[] = [];

  constructor(
    private readonly tx: Db,
    private readonly config: DomainEventsConfig,
    private readonly now: Date,
  ) {}

  add<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): void {
    this.queue.push({ name, payload } as PendingEvent);
  }

  /** The context in-transaction listeners get: the transaction, and this queue for what follows the commit. */
  context(): InTransactionContext {
    return { tx: this.tx, config: this.config, now: this.now, afterCommit: (name, payload) => this.add(name, payload) };
  }

  /** Publishes `name` to the in-transaction listeners with this change's context. */
  async inTransaction<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): Promise<void> {
    await domainEvents.publishInTransaction(name, payload, this.context());
  }

  /** After the commit: hands every queued event, in the order queued, to the after-commit listeners. */
  async publish(app: FastifyInstance): Promise<void> {
    const events = this.queue.splice(0);
    for (const event of events) await domainEvents.publishAfterCommit(app, event.name, event.payload as never);
  }
}
