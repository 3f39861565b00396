import type { TAdminPaymentItem, TAdminPaymentsQuery, TAdminPaymentsResponse } from '@pulse/contract/payments';
import type { Db } from '../../db/client';
import type { PaymentEventRow } from '../../db/schema/payments';
import { intentLedgerKey } from '../payments/intent-purposes';
import {
  countReconciliationStates,
  findEventsByIds,
  findEventsByReferences,
  findIntentsWithUsers,
  findLedgerTransactionsByKeys,
  findPayoutsWithUsers,
  listReconciliationRefs,
  type IntentWithUser,
  type PayoutWithUser,
  type ReconciliationRef,
} from './admin-payments-repository';
import { readTimeCursor, toPage, writeTimeCursor } from './keyset-cursor';

/**
 * The ledger movement that settled a payout (payouts-service): `payout-settle:<id>` for a transfer
 * the provider confirmed, `payout:<id>` for a payout made before transfers were asynchronous.
 */
function payoutLedgerKeys(payoutId: string): string[] {
  return [`payout-settle:${payoutId}`, `payout:${payoutId}`];
}

function firstOf(ledger: Map<string, string>, keys: string[]): string | null {
  for (const key of keys) {
    const id = ledger.get(key);
    if (id) return id;
  }
  return null;
}

function eventJson(event: PaymentEventRow) {
  return {
    id: event.id,
    event: event.event,
    outcome: event.outcome,
    note: event.note,
    receivedAt: event.receivedAt.toISOString(),
    payload: event.payload,
  };
}

function integerOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function groupByReference(events: PaymentEventRow[]): Map<string, PaymentEventRow[]> {
  const byReference = new Map<string, PaymentEventRow[]>();
  for (const event of events) {
    if (event.reference === null) continue;
    byReference.set(event.reference, [...(byReference.get(event.reference) ?? []), event]);
  }
  return byReference;
}

function intentItem(ref: ReconciliationRef, intent: IntentWithUser, events: PaymentEventRow[], ledgerTransactionId: string | null): TAdminPaymentItem {
  return {
    kind: 'payment',
    id: intent.id,
    reference: intent.reference,
    state: ref.state,
    status: intent.status,
    purpose: intent.purpose,
    userId: intent.userId,
    userName: intent.username,
    amountMinor: intent.amountMinor,
    verifiedAmountMinor: intent.verifiedAmountMinor,
    feesMinor: intent.feesMinor,
    currency: intent.currency,
    mismatch: intent.mismatch,
    ledgerTransactionId: ref.state === 'matched' ? ledgerTransactionId : null,
    createdAt: intent.createdAt.toISOString(),
    decidedAt: intent.decidedAt?.toISOString() ?? null,
    events: events.map(eventJson),
  };
}

function payoutItem(ref: ReconciliationRef, payout: PayoutWithUser, events: PaymentEventRow[], ledgerTransactionId: string | null): TAdminPaymentItem {
  return {
    kind: 'transfer',
    id: payout.id,
    reference: payout.providerReference,
    state: ref.state,
    status: payout.status,
    purpose: 'payout',
    userId: payout.userId,
    userName: payout.username,
    amountMinor: payout.amountMinor,
    verifiedAmountMinor: null,
    feesMinor: null,
    currency: payout.currency,
    mismatch: null,
    ledgerTransactionId: ref.state === 'matched' ? ledgerTransactionId : null,
    createdAt: payout.createdAt.toISOString(),
    decidedAt: payout.decidedAt?.toISOString() ?? null,
    events: events.map(eventJson),
  };
}

function unknownEventItem(ref: ReconciliationRef, event: PaymentEventRow): TAdminPaymentItem {
  const data = (event.payload as { data?: Record<string, unknown> } | null)?.data ?? {};
  return {
    kind: 'event',
    id: event.id,
    reference: event.reference,
    state: ref.state,
    status: event.outcome ?? 'unknown_reference',
    purpose: null,
    userId: null,
    userName: null,
    amountMinor: integerOrNull(data.amount),
    verifiedAmountMinor: null,
    feesMinor: null,
    currency: stringOrNull(data.currency),
    mismatch: 'unknown reference',
    ledgerTransactionId: null,
    createdAt: event.receivedAt.toISOString(),
    decidedAt: event.processedAt?.toISOString() ?? null,
    events: [eventJson(event)],
  };
}

/**
 * Reconciliation for an admin (issue 24): provider payments, payouts and events for unknown
 * references against the ledger, newest first, each with its state, its ledger transaction when
 * matched and the provider's raw events (stored without card data).
 */
export async function listPaymentsForAdmin(db: Db, query: TAdminPaymentsQuery): Promise<TAdminPaymentsResponse> {
  const after = readTimeCursor(query.cursor);
  const refs = await listReconciliationRefs(db, query.state, query.limit + 1, after);
  const { page, nextCursor } = toPage(refs, query.limit, (ref) => writeTimeCursor(ref.cursorAt, ref.id));

  const idsOf = (kind: ReconciliationRef['kind']) => page.filter((ref) => ref.kind === kind).map((ref) => ref.id);
  const intents = new Map((await findIntentsWithUsers(db, idsOf('payment'))).map((intent) => [intent.id, intent]));
  const payouts = new Map((await findPayoutsWithUsers(db, idsOf('transfer'))).map((payout) => [payout.id, payout]));
  const unknownEvents = new Map((await findEventsByIds(db, idsOf('event'))).map((event) => [event.id, event]));
  const references = [...[...intents.values()].map((intent) => intent.reference), ...[...payouts.values()].flatMap((payout) => (payout.providerReference ? [payout.providerReference] : []))];
  const eventsByReference = groupByReference(await findEventsByReferences(db, references));
  const ledger = await findLedgerTransactionsByKeys(db, [...[...intents.keys()].map(intentLedgerKey), ...[...payouts.keys()].flatMap(payoutLedgerKeys)]);

  const items = page.flatMap((ref): TAdminPaymentItem[] => {
    if (ref.kind === 'payment') {
      const intent = intents.get(ref.id);
      return intent ? [intentItem(ref, intent, eventsByReference.get(intent.reference) ?? [], ledger.get(intentLedgerKey(intent.id)) ?? null)] : [];
    }
    if (ref.kind === 'transfer') {
      const payout = payouts.get(ref.id);
      return payout ? [payoutItem(ref, payout, payout.providerReference ? (eventsByReference.get(payout.providerReference) ?? []) : [], firstOf(ledger, payoutLedgerKeys(payout.id)))] : [];
    }
    const event = unknownEvents.get(ref.id);
    return event ? [unknownEventItem(ref, event)] : [];
  });

  return { items, counts: await countReconciliationStates(db), nextCursor };
}
