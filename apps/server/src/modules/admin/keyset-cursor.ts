import { INVALID_CURSOR_MESSAGE } from '@pulse/contract/admin';
import { InvalidError } from '../../errors/domain-errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function invalidCursor(): InvalidError {
  return new InvalidError(INVALID_CURSOR_MESSAGE, { cursor: 'Not a valid cursor' });
}

/** A page cursor that is just the last row's id (lists ordered by UUIDv7 id). */
export function readIdCursor(cursor: string | undefined): string | null {
  if (cursor === undefined) return null;
  const id = cursor.toLowerCase();
  if (!UUID.test(id)) throw invalidCursor();
  return id;
}

/** A page cursor for lists ordered by (time, id): `<epoch ms>.<id>`. */
export function writeTimeCursor(at: Date, id: string): string {
  return `${at.getTime()}.${id}`;
}

export function readTimeCursor(cursor: string | undefined): { at: Date; id: string } | null {
  if (cursor === undefined) return null;
  const match = /^(\d{1,15})\.([0-9a-fA-F-]{36})$/.exec(cursor);
  const id = match?.[2]?.toLowerCase();
  if (!match || !id || !UUID.test(id)) throw invalidCursor();
  return { at: new Date(Number(match[1])), id };
}

/** Splits the `limit + 1` rows a query fetched into the page and the next cursor. */
export function toPage<Row>(rows: Row[], limit: number, cursorOf: (row: Row) => string): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}
