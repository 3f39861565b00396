import { index, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, timestampColumn, updatedAtColumn } from './columns';

export const popupAudience = pgEnum('popup_audience', ['all', 'logged_in', 'logged_out']);

export const popups = pgTable(
  'popups',
  {
    id: idColumn(),
    targetAudience: popupAudience('target_audience').notNull().default('all'),
    title: text('title').notNull(),
    message: text('message').notNull(),
    imageUrl: text('image_url'),
    ctaLabel: text('cta_label'),
    ctaUrl: text('cta_url'),
    startsAt: timestampColumn('starts_at').notNull().defaultNow(),
    /** Null: shown until an admin ends it. */
    endsAt: timestampColumn('ends_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [index('popups_window_idx').on(table.startsAt, table.endsAt)],
);

export type PopupRow = typeof popups.$inferSelect;
