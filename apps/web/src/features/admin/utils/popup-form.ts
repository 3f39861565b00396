import type { z } from 'zod';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { POPUP_CTA_PAIR_MESSAGE, POPUP_WINDOW_MESSAGE, ZCreatePopupRequest, type TCreatePopupRequest, type TPopupAudience } from '@pulse/contract/popups';

/** What the popup form holds: strings as typed; times are the admin's local `datetime-local` values. */
export interface PopupFormValues {
  title: string;
  message: string;
  imageUrl: string;
  ctaLabel: string;
  ctaUrl: string;
  audience: TPopupAudience;
  /** Empty: starts now. */
  startsAt: string;
  /** Empty: runs until deleted. */
  endsAt: string;
}

export const EMPTY_POPUP_FORM: PopupFormValues = {
  title: '',
  message: '',
  imageUrl: '',
  ctaLabel: '',
  ctaUrl: '',
  audience: 'all',
  startsAt: '',
  endsAt: '',
};

export const POPUP_AUDIENCE_LABELS: Readonly<Record<TPopupAudience, MessageDescriptor>> = {
  all: msg`Everyone`,
  logged_in: msg`Signed-in people`,
  logged_out: msg`Visitors (not signed in)`,
};

/** A `datetime-local` value read in the browser's time zone, as an ISO instant; junk is passed on for the schema to refuse. */
export function localDateTimeToIso(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

const FIELD_OF_KEY: Readonly<Record<string, keyof PopupFormValues>> = {
  title: 'title',
  message: 'message',
  image_url: 'imageUrl',
  cta_label: 'ctaLabel',
  cta_url: 'ctaUrl',
  target_audience: 'audience',
  starts_at: 'startsAt',
  ends_at: 'endsAt',
};

export function toCreatePopupInput(values: PopupFormValues): TCreatePopupRequest {
  const optional = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    title: values.title,
    message: values.message,
    image_url: optional(values.imageUrl),
    cta_label: optional(values.ctaLabel),
    cta_url: optional(values.ctaUrl),
    target_audience: values.audience,
    ...(values.startsAt ? { starts_at: localDateTimeToIso(values.startsAt) } : {}),
    ends_at: values.endsAt ? localDateTimeToIso(values.endsAt) : null,
  };
}

/** The server's field names (snake case) mapped to the form's inputs. */
export function popupFieldOfServerKey(key: string): keyof PopupFormValues | null {
  return FIELD_OF_KEY[key] ?? null;
}

export type PopupFormCheck = { ok: true; input: z.output<typeof ZCreatePopupRequest> } | { ok: false; fields: Partial<Record<keyof PopupFormValues, string>> };

/**
 * Checks the form with the contract schema, plus the two rules the server checks across fields
 * (the end after the start, a button with both label and link), so the admin learns them before sending.
 */
export function checkPopupForm(values: PopupFormValues, now: Date): PopupFormCheck {
  const raw = toCreatePopupInput(values);
  const parsed = ZCreatePopupRequest.safeParse(raw);
  const fields: Partial<Record<keyof PopupFormValues, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = popupFieldOfServerKey(String(issue.path[0] ?? ''));
      if (field && !(field in fields)) fields[field] = issue.message;
    }
  }
  // The two rules across fields are checked on what was typed, so every message shows at once.
  const start = raw.starts_at ? new Date(raw.starts_at) : now;
  const end = raw.ends_at ? new Date(raw.ends_at) : null;
  if (!fields.endsAt && end && !Number.isNaN(end.getTime()) && !Number.isNaN(start.getTime()) && end.getTime() <= start.getTime()) {
    fields.endsAt = POPUP_WINDOW_MESSAGE;
  }
  if ((raw.cta_label === null) !== (raw.cta_url === null)) {
    const missing = raw.cta_label === null ? 'ctaLabel' : 'ctaUrl';
    if (!fields[missing]) fields[missing] = POPUP_CTA_PAIR_MESSAGE;
  }
  if (!parsed.success || Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, input: parsed.data };
}
