import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentEvents, paymentIntents, type PaymentEventRow, type PaymentIntentRow } from '../../db/schema/payments';

export type NewPaymentIntent = Pick<typeof paymentIntents.$inferInsert, 'userId' | 'purpose' | 'amountMinor' | 'currency' | 'provider' | 'reference' | 'method'> &
  Partial<Pick<typeof paymentIntents.$inferInsert, 'id' | 'checkoutId' | 'expiresAt'>>;

export type PaymentIntentChanges = Partial<
  Pick<
    typeof paymentIntents.$inferInsert,
    | 'status'
    | 'nextAction'
    | 'displayText'
    | 'authorizationUrl'
    | 'failureReason'
    | 'verifiedAmountMinor'
    | 'verifiedCurrency'
    | 'feesMinor'
    | 'mismatch'
    | 'verifyPayload'
    | 'decidedAt'
  >
>;

export async function insertPaymentIntent(db: Db, values: NewPaymentIntent): Promise<PaymentIntentRow> {
  const [row] = await db.insert(paymentIntents).values(values).returning();
  if (!row) throw new Error('payment intent insert returned nothing');
  return row;
}

export async function findIntentById(db: Db, id: string): Promise<PaymentIntentRow | null> {
  const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.id, id));
  return row ?? null;
}

export async function findIntentByReference(db: Db, reference: string): Promise<PaymentIntentRow | null> {
  const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.reference, reference));
  return row ?? null;
}

/** The intent's row locked for the caller's transaction: one decision at a time per intent. */
export async function lockIntent(db: Db, id: string): Promise<PaymentIntentRow | null> {
  const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.id, id)).for('update');
  return row ?? null;
}

export async function updateIntent(db: Db, id: string, changes: PaymentIntentChanges): Promise<PaymentIntentRow> {
  const [row] = await db.update(paymentIntents).set(changes).where(eq(paymentIntents.id, id)).returning();
  if (!row) throw new Error('payment intent disappeared while updating');
  return row;
}

/** Moves a just-created intent to pending with what the provider said, unless something decided it meanwhile. */
export async function markIntentStarted(db: Db, id: string, changes: Pick<PaymentIntentChanges, 'nextAction' | 'displayText' | 'authorizationUrl'>): Promise<PaymentIntentRow | null> {
  const [row] = await db
    .update(paymentIntents)
    .set({ ...changes, status: 'pending' })
    .where(and(eq(paymentIntents.id, id), inArray(paymentIntents.status, ['created', 'pending'])))
    .returning();
  return row ?? null;
}

/** Intents nobody decided yet that were created before `before`, oldest first. */
export async function listUndecidedIntents(db: Db, before: Date, limit: number): Promise<PaymentIntentRow[]> {
  return db
    .select()
    .from(paymentIntents)
    .where(and(inArray(paymentIntents.status, ['created', 'pending']), lt(paymentIntents.createdAt, before)))
    .orderBy(asc(paymentIntents.createdAt))
    .limit(limit);
}

/* ------------------------------------------------------------------ events */

export interface NewPaymentEvent {
  provider: string;
  eventKey: string;
  event: string;
  reference: string | null;
  payload: unknown;
}

/** Stores the event once; null when the same event (provider + key) was stored before. */
export async function insertPaymentEvent(db: Db, values: NewPaymentEvent): Promise<PaymentEventRow | null> {
  const [row] = await db
    .insert(paymentEvents)
    .values(values)
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventKey] })
    .returning();
  return row ?? null;
}

/**
 * A replay of a stored event: counted in its note ("Received 3 times"), acted on never again.
 * The count is read back from the note, so a replay needs no column of its own.
 */
export async function countEventReplay(db: Db, provider: string, eventKey: string): Promise<PaymentEventRow | null> {
  const [row] = await db
    .update(paymentEvents)
    .set({
      note: sql`'Received ' || (coalesce(substring(${paymentEvents.note} from 'Received ([0-9]+) times')::integer, 1) + 1)::text || ' times'`,
    })
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventKey, eventKey)))
    .returning();
  return row ?? null;
}

export async function findPaymentEvent(db: Db, id: string): Promise<PaymentEventRow | null> {
  const [row] = await db.select().from(paymentEvents).where(eq(paymentEvents.id, id));
  return row ?? null;
}

/** Records what acting on the event did; false when another process recorded it first. */
export async function markEventProcessed(db: Db, id: string, outcome: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(paymentEvents)
    .set({ outcome, processedAt: at })
    .where(and(eq(paymentEvents.id, id), isNull(paymentEvents.processedAt)))
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}

/** Events stored but never acted on (a crash after the 200, a failed verify), received before `before`. */
export async function listUnprocessedEvents(db: Db, before: Date, limit: number): Promise<PaymentEventRow[]> {
  return db
    .select()
    .from(paymentEvents)
    .where(and(isNull(paymentEvents.processedAt), lt(paymentEvents.receivedAt, before)))
    .orderBy(asc(paymentEvents.receivedAt))
    .limit(limit);
}
