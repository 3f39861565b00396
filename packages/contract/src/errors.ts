import { z } from 'zod';

export const ZErrorCode = z.enum([
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  /** A 403 until the account's e-mail address is confirmed (decision 053). */
  'email_unverified',
  'not_found',
  'conflict',
  'payload_too_large',
  'rate_limited',
  'internal_error',
]);
export type TErrorCode = z.infer<typeof ZErrorCode>;

/** The one error shape every non-2xx API response carries. */
export const ZApiErrorResponse = z.object({
  error: z.object({
    code: ZErrorCode,
    message: z.string(),
    /** Per-field messages, keyed by the request field's name (for forms). */
    fields: z.record(z.string(), z.string()).optional(),
    /** On a 5xx: the request's id (also its X-Request-Id header and in every log line of it), for support. */
    reference: z.string().optional(),
  }),
});
export type TApiErrorResponse = z.infer<typeof ZApiErrorResponse>;
