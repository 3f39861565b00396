import { t } from '@lingui/core/macro';
import { ZDeliverySlotInput, type TDeliverySlotInput, type TFulfilment } from '@pulse/contract/orders';

export interface SlotFormValues {
  method: TFulfilment;
  /** datetime-local values in the viewer's time zone ("2026-11-23T09:00"). */
  startsAt: string;
  endsAt: string;
  /** How many hours before the start orders close. */
  cutoffHours: number;
  /** Empty = no limit. */
  capacity: string;
}

const HOUR_MS = 60 * 60 * 1000;

/** A local date-time for an <input type="datetime-local">, minutes precision. */
export function toLocalInputValue(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function localInputToIso(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** Tomorrow 09:00-12:00 local, closing two hours before: a typical first pickup window. */
export function defaultSlotValues(now: Date = new Date()): SlotFormValues {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 9, 0);
  return { method: 'pickup', startsAt: toLocalInputValue(start), endsAt: toLocalInputValue(new Date(start.getTime() + 3 * HOUR_MS)), cutoffHours: 2, capacity: '' };
}

export type SlotFormResult = { ok: true; input: TDeliverySlotInput } | { ok: false; fields: Record<string, string> };

/** The form's values checked with the contract's schema; messages keyed by the schema's field names (read when the form is sent, in the active language). */
export function buildSlotInput(values: SlotFormValues): SlotFormResult {
  const startsAt = localInputToIso(values.startsAt);
  const start = startsAt ? Date.parse(startsAt) : Number.NaN;
  const cutoffAt = Number.isNaN(start) ? undefined : new Date(start - values.cutoffHours * HOUR_MS).toISOString();
  const capacityText = values.capacity.trim();
  const capacity = capacityText === '' ? null : Number(capacityText);
  const parsed = ZDeliverySlotInput.safeParse({ method: values.method, startsAt, endsAt: localInputToIso(values.endsAt), cutoffAt, capacity });
  if (parsed.success) return { ok: true, input: parsed.data };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'form');
    if (!(key in fields)) fields[key] = key === 'capacity' ? t`Enter a whole number from 1 to 10,000, or leave it empty` : issue.message;
  }
  return { ok: false, fields };
}
