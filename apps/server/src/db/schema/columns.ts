import { timestamp, uuid } from 'drizzle-orm/pg-core';
import { createId } from '../new-id';

/** UUIDv7 primary key generated in the app, so ids are known before the insert returns. */
export function idColumn(name = 'id') {
  return uuid(name).primaryKey().$defaultFn(() => createId());
}

export function timestampColumn(name: string) {
  return timestamp(name, { withTimezone: true, mode: 'date' });
}

export function createdAtColumn() {
  return timestampColumn('created_at').notNull().defaultNow();
}

export function updatedAtColumn() {
  return timestampColumn('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => new Date());
}
