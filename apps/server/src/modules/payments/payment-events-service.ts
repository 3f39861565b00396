import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { PaymentEventRow } from '../../db/schema/payments';
import { countEventReplay, findPaymentEvent, insertPaymentEvent, markEventProcessed } from './intents-repository';
import { decideIntent } from './intents-service';
import { redactProviderPayload } from './redact-payload';
import { handleTransferEvent } from './transfer-events';

/**
 * Provider events (webhooks), issue 24: stored once before the 200, acted on after it, and again by
 * the reconciliation sweep when that never happened (a crash, a provider that did not answer the
 * verify). What acting did is the event's outcome, which the admin's reconciliation page shows.
 */
export type EventOutcome = 'applied' | 'duplicate' | 'unknown_reference' | 'ignored' | 'mismatch';

export interface ProviderEvent {
  event: string;
  reference: string | null;
  payload: unknown;
}

/**
 * Acts on one event. null: nothing could be decided yet (the provider still says pending, or no
 * module handles it yet): the event stays unprocessed and the sweep tries again.
 */
export type ProviderEventHandler = (app: FastifyInstance, event: ProviderEvent) => Promise<EventOutcome | null>;

export interface ParsedProviderEvent {
  event: string;
  data: Record<string, unknown>;
}

/** The event's name and data, or null when the body is not an event (a signed body that is not one still changes nothing). */
export function parseProviderEvent(raw: Buffer): ParsedProviderEvent | null {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null) return null;
  const { event, data } = body as { event?: unknown; data?: unknown };
  if (typeof event !== 'string' || event === '' || event.length > 100) return null;
  return { event, data: typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {} };
}

function textOf(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value.slice(0, 200);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** The event's identity: the same event sent twice has one key (`charge.success:<transaction id>`). */
export function eventKeyOf(parsed: ParsedProviderEvent, raw: Buffer): string {
  const identity = textOf(parsed.data.id) ?? textOf(parsed.data.reference) ?? `sha256:${createHash('sha256').update(raw).digest('hex')}`;
  return `${parsed.event}:${identity}`;
}

/** Stores the event once; a replay is counted on the stored one and reported as a duplicate. */
export async function recordProviderEvent(db: Db, provider: string, parsed: ParsedProviderEvent, raw: Buffer): Promise<{ row: PaymentEventRow | null; duplicate: boolean }> {
  const eventKey = eventKeyOf(parsed, raw);
  const row = await insertPaymentEvent(db, {
    provider,
    eventKey,
    event: parsed.event,
    reference: textOf(parsed.data.reference),
    payload: redactProviderPayload({ event: parsed.event, data: parsed.data }),
  });
  if (row) return { row, duplicate: false };
  return { row: await countEventReplay(db, provider, eventKey), duplicate: true };
}

/** A charge's event asks for a decision; the verify decides, never the event's own figures. */
const handleChargeEvent: ProviderEventHandler = async (app, event) => {
  if (!event.reference) return 'unknown_reference';
  const decision = await decideIntent(app, event.reference, 'webhook');
  switch (decision.outcome) {
    case 'applied':
    case 'failed':
    case 'abandoned':
      return 'applied';
    case 'mismatch':
      return 'mismatch';
    case 'duplicate':
      return 'duplicate';
    case 'unknown_reference':
      return 'unknown_reference';
    case 'pending':
      return null;
  }
};

/**
 * Which module acts on which event: charges here (a verify decides the intent), transfers in
 * payouts (transfer-events.ts: a transfer verify decides the payout). Any other event is stored
 * and marked ignored.
 */
const EVENT_HANDLERS: Array<{ matches: (event: string) => boolean; handle: ProviderEventHandler }> = [
  { matches: (event) => event === 'charge.success' || event === 'charge.failed', handle: handleChargeEvent },
  { matches: (event) => event.startsWith('transfer.'), handle: handleTransferEvent },
];

/**
 * Acts on a stored event once: the outcome and processedAt are written when acting decided
 * something. An error (the provider's verify did not answer) leaves it for the sweep.
 */
export async function processProviderEvent(app: FastifyInstance, eventId: string, now: Date = new Date()): Promise<EventOutcome | null> {
  const row = await findPaymentEvent(app.db, eventId);
  if (!row || row.processedAt) return null;
  const handler = EVENT_HANDLERS.find((entry) => entry.matches(row.event));
  let outcome: EventOutcome | null;
  try {
    outcome = handler ? await handler.handle(app, { event: row.event, reference: row.reference, payload: row.payload }) : 'ignored';
  } catch (error) {
    app.log.warn({ err: error, eventId, event: row.event, reference: row.reference }, 'payment event not processed; the sweep tries again');
    return null;
  }
  if (outcome === null) return null;
  await markEventProcessed(app.db, row.id, outcome, now);
  return outcome;
}
