import { z } from 'zod';
import { INVALID_CURSOR_MESSAGE } from '@pulse/contract/admin';
import { InvalidError } from '../../errors/domain-errors';

/** created_at as PostgreSQL prints it (`2026-11-22 04:30:00.123456+00`), and a real instant. */
const ZCreatedKey = z
  .string()
  .max(40)
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/)
  .refine((key) => !Number.isNaN(Date.parse(key.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'))));

/**
 * Where a Hub list stopped: the last row's tier (feed: 0 followed, 1 everyone else; other lists
 * 0), its created_at with microseconds and its id. `o` names the comment order the cursor is for.
 */
const ZHubKeyset = z.object({
  t: z.number().int().min(0).max(1),
  k: ZCreatedKey,
  i: z.uuid(),
  o: z.enum(['newest', 'oldest']).optional(),
});
export type HubKeyset = z.infer<typeof ZHubKeyset>;

/** Opaque to clients: base64url of the JSON keyset. */
export function encodeHubCursor(keyset: HubKeyset): string {
  return Buffer.from(JSON.stringify(keyset)).toString('base64url');
}

/** The keyset a cursor names; 400 "Invalid cursor" when it was tampered with. */
export function decodeHubCursor(cursor: string | undefined): HubKeyset | null {
  if (cursor === undefined || cursor === '') return null;
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidError(INVALID_CURSOR_MESSAGE, { cursor: INVALID_CURSOR_MESSAGE });
  }
  const result = ZHubKeyset.safeParse(parsed);
  if (!result.success) throw new InvalidError(INVALID_CURSOR_MESSAGE, { cursor: INVALID_CURSOR_MESSAGE });
  return result.data;
}
