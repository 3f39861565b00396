import { msg } from '@lingui/core/runtime-macro';
import { INVALID_CURSOR_MESSAGE } from '@pulse/contract/admin';
import { InvalidError } from '../../errors/domain-errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function invalidCursor(): InvalidError {
  return new InvalidError(INVALID_CURSOR_MESSAGE, { cursor: msg`Not a valid cursor` });
}

/** A page cursor that is just the last row's id (lists ordered by UUIDv7 id). */
export function readIdCursor(cursor: string | undefined): string | null {
  if (cursor === undefined) return null;
  const id = cursor.toLowerCase();
  if (!UUID.test(id)) throw invalidCursor();
  return id;
}

/**
 * A page cursor for lists ordered by (time, id): `<UTC time with microseconds>_<id>`, the time as
 * the database wrote it (JavaScript dates would drop the microseconds and repeat or skip rows).
 */
export function writeTimeCursor(at: string, id: string): string {
  return `${at}_${id}`;
}

const TIME_CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([0-9a-fA-F-]{36})$/;

export function readTimeCursor(cursor: string | undefined): { at: string; id: string } | null {
  if (cursor === undefined) return null;
  const match = TIME_CURSOR.exec(cursor);
  const at = match?.[1];
  const id = match?.[2]?.toLowerCase();
  if (!at || !id || !UUID.test(id) || Number.isNaN(Date.parse(at))) throw invalidCursor();
  return { at, id };
}

/** Splits the `limit + 1` rows a query fetched into the page and the next cursor. */
export function toPage<Row>(rows: Row[], limit: number, cursorOf: (row: Row) => string): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}
