import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, jsonb, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, timestampColumn, updatedAtColumn } from './columns';
import { uploads } from './uploads';
import { users } from './users';

export const applicationStatus = pgEnum('application_status', ['approved', 'pending', 'rejected']);
export const payoutMethod = pgEnum('payout_method', ['mobile_money', 'bank']);

/**
 * One application per user. A rejected applicant re-applies into the same row (back to pending);
 * the rejected submission is kept in seller_application_history. Rows written by the admin CLI or
 * the e2e fixtures (setSellerStatus) may lack the form's fields, hence the defaults and nulls.
 */
export const sellerApplications = pgTable(
  'seller_applications',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: applicationStatus('status').notNull().default('pending'),
    businessName: text('business_name').notNull(),
    region: text('region').notNull().default(''),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    produceTypes: text('produce_types').array().notNull().default(sql`'{}'::text[]`),
    phone: text('phone').notNull().default(''),
    payoutMethod: payoutMethod('payout_method'),
    payoutAccountName: text('payout_account_name'),
    payoutAccountNumber: text('payout_account_number'),
    payoutProviderName: text('payout_provider_name'),
    idDocumentUploadId: uuid('id_document_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    termsAcceptedAt: timestampColumn('terms_accepted_at'),
    referralCode: text('referral_code'),
    rejectionReason: text('rejection_reason'),
    /** When the current submission was sent (a re-application moves it); the admin queue sorts by it. */
    submittedAt: timestampColumn('submitted_at').notNull().defaultNow(),
    reviewedAt: timestampColumn('reviewed_at'),
    reviewedByUserId: uuid('reviewed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    uniqueIndex('seller_applications_user_id_unique').on(table.userId),
    index('seller_applications_status_submitted_idx').on(table.status, table.submittedAt, table.id),
    check('seller_applications_lat_lng_pair', sql`(${table.lat} is null) = (${table.lng} is null)`),
  ],
);

export type SellerApplicationRow = typeof sellerApplications.$inferSelect;

/** Earlier submissions of an application and how they ended (a rejected one, before re-applying). */
export const sellerApplicationHistory = pgTable(
  'seller_application_history',
  {
    id: idColumn(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => sellerApplications.id, { onDelete: 'cascade' }),
    status: applicationStatus('status').notNull(),
    rejectionReason: text('rejection_reason'),
    submittedAt: timestampColumn('submitted_at').notNull(),
    reviewedAt: timestampColumn('reviewed_at'),
    /** The submission's form fields as they were. */
    submission: jsonb('submission').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [index('seller_application_history_application_idx').on(table.applicationId, table.createdAt)],
);

export type SellerApplicationHistoryRow = typeof sellerApplicationHistory.$inferSelect;
