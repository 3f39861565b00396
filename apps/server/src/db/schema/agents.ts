import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, timestampColumn, updatedAtColumn } from './columns';
import { applicationStatus, payoutMethod } from './seller-applications';
import { uploads } from './uploads';
import { users } from './users';

export const agentKind = pgEnum('agent_kind', ['delivery', 'referral', 'both']);
export const agentVehicle = pgEnum('agent_vehicle', ['on_foot', 'bicycle', 'motorbike', 'car', 'van']);

/**
 * A Pulse Agent's application and, once approved, its profile (`agents.id` is the user's agentId).
 * One row per user: a rejected applicant re-applies into the same row (back to pending), the
 * rejected submission is kept in agent_application_history, exactly as for seller applications.
 * Rows written by fixtures may lack the form's fields, hence the defaults and nulls.
 */
export const agents = pgTable(
  'agents',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: agentKind('kind').notNull(),
    status: applicationStatus('status').notNull().default('pending'),
    region: text('region').notNull().default(''),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    workingRadiusKm: integer('working_radius_km').notNull().default(10),
    vehicle: agentVehicle('vehicle'),
    phone: text('phone').notNull().default(''),
    payoutMethod: payoutMethod('payout_method'),
    payoutAccountName: text('payout_account_name'),
    payoutAccountNumber: text('payout_account_number'),
    payoutProviderName: text('payout_provider_name'),
    idDocumentUploadId: uuid('id_document_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    termsAcceptedAt: timestampColumn('terms_accepted_at'),
    rejectionReason: text('rejection_reason'),
    submittedAt: timestampColumn('submitted_at').notNull().defaultNow(),
    reviewedAt: timestampColumn('reviewed_at'),
    reviewedByUserId: uuid('reviewed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    uniqueIndex('agents_user_id_unique').on(table.userId),
    index('agents_status_submitted_idx').on(table.status, table.submittedAt, table.id),
    check('agents_lat_lng_pair', sql`(${table.lat} is null) = (${table.lng} is null)`),
    check('agents_working_radius_range', sql`${table.workingRadiusKm} between 1 and 100`),
  ],
);

export type AgentRow = typeof agents.$inferSelect;

/** Earlier submissions of an agent application and how they ended (a rejected one, before re-applying). */
export const agentApplicationHistory = pgTable(
  'agent_application_history',
  {
    id: idColumn(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    status: applicationStatus('status').notNull(),
    rejectionReason: text('rejection_reason'),
    submittedAt: timestampColumn('submitted_at').notNull(),
    reviewedAt: timestampColumn('reviewed_at'),
    submission: jsonb('submission').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [index('agent_application_history_agent_idx').on(table.agentId, table.createdAt)],
);
