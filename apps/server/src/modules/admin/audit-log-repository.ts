import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminAuditLog, type AdminAuditLogRow } from '../../db/schema/admin-audit-log';
import { users } from '../../db/schema/users';

export async function insertAuditLogRow(
  db: Db,
  values: { adminUserId: string; action: string; targetType: string; targetId: string; details: Record<string, unknown> },
): Promise<AdminAuditLogRow> {
  const [row] = await db.insert(adminAuditLog).values(values).returning();
  if (!row) throw new Error('Insert into admin_audit_log returned no row');
  return row;
}

/** `cursorAt`: created_at in UTC with microseconds, exact enough to continue a page from. */
export type AuditLogListRow = AdminAuditLogRow & { adminUsername: string | null; cursorAt: string };

/** Newest first, keyset on (created_at, id); `after.at` is a previous row's `cursorAt`. */
export async function listAuditLogRows(db: Db, limit: number, after: { at: string; id: string } | null): Promise<AuditLogListRow[]> {
  const at = after ? sql`${after.at}::timestamptz` : null;
  const rows = await db
    .select({
      entry: adminAuditLog,
      adminUsername: users.username,
      cursorAt: sql<string>`to_char(${adminAuditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(adminAuditLog)
    .leftJoin(users, eq(users.id, adminAuditLog.adminUserId))
    .where(
      after && at ? or(sql`${adminAuditLog.createdAt} < ${at}`, and(sql`${adminAuditLog.createdAt} = ${at}`, lt(adminAuditLog.id, after.id))) : undefined,
    )
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.entry, adminUsername: row.adminUsername, cursorAt: row.cursorAt }));
}
