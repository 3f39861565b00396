import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from '@pulse/contract/messages-i18n';
import { z } from 'zod';
import type { TProductSort } from '@pulse/contract/products';
import { InvalidError } from '../../errors/domain-errors';
import type { ListAfter } from './products-repository';

export const INVALID_CURSOR_MESSAGE = contractMessage(msg`Invalid cursor`);

const ZUuid = z.uuid();

/** created_at as PostgreSQL prints it (`2026-11-22 04:30:00.123456+00`), and a real instant. */
const ZCreatedKey = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/)
  .refine((key) => !Number.isNaN(Date.parse(key.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'))));
const ZCursor = z.discriminatedUnion('s', [
  // `so`: the page stopped among the sold-out products, which the public newest order lists last.
  z.object({ s: z.literal('newest'), k: ZCreatedKey, id: ZUuid, so: z.literal(1).optional() }),
  z.object({ s: z.enum(['price_asc', 'price_desc']), k: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER), id: ZUuid }),
  z.object({ s: z.literal('relevance'), k: z.number().finite(), id: ZUuid }),
  z.object({ s: z.literal('distance'), k: z.number().finite().nonnegative(), id: ZUuid }),
]);

/** Opaque to clients: base64url of `{ s: sort, k: sort key of the last row, id: its id }` (and `so: 1` past the available products). */
export function encodeCursor(after: ListAfter): string {
  const key = after.sort === 'newest' ? after.created : after.sort === 'relevance' ? after.score : after.sort === 'distance' ? after.distance : after.price;
  const soldOut = after.sort === 'newest' && after.soldOut ? { so: 1 } : {};
  return Buffer.from(JSON.stringify({ s: after.sort, k: key, id: after.id, ...soldOut })).toString('base64url');
}

/** The position a cursor names; 400 "Invalid cursor" when it was tampered with or is for another sort. */
export function decodeCursor(cursor: string, sort: TProductSort): ListAfter {
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidError(INVALID_CURSOR_MESSAGE, { cursor: INVALID_CURSOR_MESSAGE });
  }
  const result = ZCursor.safeParse(parsed);
  if (!result.success || result.data.s !== sort) throw new InvalidError(INVALID_CURSOR_MESSAGE, { cursor: INVALID_CURSOR_MESSAGE });
  const value = result.data;
  switch (value.s) {
    case 'newest':
      return { sort: 'newest', created: value.k, id: value.id, soldOut: value.so === 1 };
    case 'price_asc':
    case 'price_desc':
      return { sort: value.s, price: value.k, id: value.id };
    case 'relevance':
      return { sort: 'relevance', score: value.k, id: value.id };
    case 'distance':
      return { sort: 'distance', distance: value.k, id: value.id };
  }
}
