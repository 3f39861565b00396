import { msg } from '@lingui/core/runtime-macro';
import { z } from 'zod';
import { contractMessage } from './messages-i18n';
import { ZId } from './ids';

/** The longest date range one export covers (decision 061): a year and a day, so a leap year fits. */
export const EXPORT_MAX_RANGE_DAYS = 366;

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A calendar day YYYY-MM-DD that exists (2026-02-30 does not). */
export const ZCalendarDay = z
  .string()
  .max(10, { message: contractMessage(msg`Enter a date as YYYY-MM-DD`) })
  .regex(DAY, { message: contractMessage(msg`Enter a date as YYYY-MM-DD`) })
  .refine((value) => DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), { message: contractMessage(msg`This date does not exist`) });

/** Days between two calendar days (to - from). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * ?from=YYYY-MM-DD&to=YYYY-MM-DD of the CSV exports (issue 27): both days included, in UTC, at
 * most EXPORT_MAX_RANGE_DAYS long.
 */
export const ZExportRangeQuery = z
  .object({ from: ZCalendarDay, to: ZCalendarDay })
  .refine((range) => daysBetween(range.from, range.to) >= 0, { message: contractMessage(msg`The end date must be on or after the start date`), path: ['to'] })
  .refine((range) => daysBetween(range.from, range.to) < EXPORT_MAX_RANGE_DAYS, {
    message: contractMessage(msg`An export covers at most 366 days: choose a shorter range`),
    path: ['to'],
  });
export type TExportRangeQuery = z.infer<typeof ZExportRangeQuery>;

/** GET /api/seller/statements/:month.pdf: the month as YYYY-MM. */
export const ZStatementParams = z.object({
  month: z
    .string()
    .max(7, { message: contractMessage(msg`Enter a month as YYYY-MM`) })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: contractMessage(msg`Enter a month as YYYY-MM`) }),
});
export type TStatementParams = z.infer<typeof ZStatementParams>;

/** GET /api/orders/:orderId/receipt.pdf */
export const ZReceiptParams = z.object({ orderId: ZId });
