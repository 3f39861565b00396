import type { z } from 'zod';
import { isApiError } from './api-error';

export interface FormErrors {
  fields: Record<string, string>;
  /** A message that belongs to no single field. */
  form: string | null;
}

export const NO_FORM_ERRORS: FormErrors = { fields: {}, form: null };

/** First message per field, the way the form shows them under each input. */
export function getZodFieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

/**
 * Server field messages go under their inputs; anything else is shown above the button.
 * Outages return no form message: the API client has already shown a toast for them.
 */
export function getServerFormErrors(error: unknown, knownFields: readonly string[]): FormErrors {
  if (!isApiError(error)) return { fields: {}, form: 'Something went wrong. Please try again.' };
  const failure = error.failure;
  if (failure.kind !== 'http' || failure.status >= 500) return NO_FORM_ERRORS;
  const fields: Record<string, string> = {};
  let unplaced = false;
  for (const [name, message] of Object.entries(error.fields)) {
    if (knownFields.includes(name)) fields[name] = message;
    else unplaced = true;
  }
  const hasFieldMessages = Object.keys(fields).length > 0;
  return { fields, form: hasFieldMessages && !unplaced ? null : error.message };
}

/** First message per field, nested paths dotted like the server's `fields` (payout.accountName). */
export function getZodDottedFieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    if (key && !(key in fields)) fields[key] = issue.message;
  }
  return fields;
}
