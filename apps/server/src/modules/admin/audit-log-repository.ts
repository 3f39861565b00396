import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminAuditLog, type AdminAuditLogRow } from '../../db/schema/admin-audit-log';
import { users } from '../../db/schema/users';

export async function insertAuditLogRow(
  db: Db,
  values: { adminUserId: string; action: string; targetType: string; targetId: string; details: Record<string, unknown>; createdAt: Date },
): Promise<AdminAuditLogRow> {
  const [row] = await db.insert(adminAuditLog).values(values).returning();
  if (!row) throw new Error('Insert into admin_audit_log returned no row');
  return row;
}

export type AuditLogListRow = AdminAuditLogRow & { adminUsername: string | null };

/** Newest first, keyset on (created_at, id). */
export async function listAuditLogRows(db: Db, limit: number, after: { at: Date; id: string } | null): Promise<AuditLogListRow[]> {
  const rows = await db
    .select({ entry: adminAuditLog, adminUsername: users.username })
    .from(adminAuditLog)
    .leftJoin(users, eq(users.id, adminAuditLog.adminUserId))
    .where(
      after
        ? or(lt(adminAuditLog.createdAt, after.at), and(eq(adminAuditLog.createdAt, after.at), lt(adminAuditLog.id, after.id)))
        : undefined,
    )
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.entry, adminUsername: row.adminUsername }));
}
