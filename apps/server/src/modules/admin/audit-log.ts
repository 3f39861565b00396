import type { TAuditLogResponse } from '@pulse/contract/admin';
import type { Db } from '../../db/client';
import type { AdminAuditLogRow } from '../../db/schema/admin-audit-log';
import { insertAuditLogRow, listAuditLogRows } from './audit-log-repository';
import { readTimeCursor, toPage, writeTimeCursor } from './keyset-cursor';

export interface AdminAction {
  adminUserId: string;
  /** Dotted name, e.g. `application.approve`, `refund.approve` (see AUDIT_ACTIONS in the contract). */
  action: string;
  targetType: string;
  targetId: string;
  details?: Record<string, unknown>;
}

/**
 * Writes one audit row. Pass the transaction the action itself runs in, so the row exists if and
 * only if the action was committed.
 */
export async function recordAdminAction(db: Db, action: AdminAction): Promise<AdminAuditLogRow> {
  return insertAuditLogRow(db, {
    adminUserId: action.adminUserId,
    action: action.action,
    targetType: action.targetType,
    targetId: action.targetId,
    details: action.details ?? {},
  });
}

export async function getAuditLog(db: Db, query: { cursor?: string | undefined; limit: number }): Promise<TAuditLogResponse> {
  const after = readTimeCursor(query.cursor);
  const rows = await listAuditLogRows(db, query.limit + 1, after);
  const { page, nextCursor } = toPage(rows, query.limit, (row) => writeTimeCursor(row.cursorAt, row.id));
  return {
    items: page.map((row) => ({
      id: row.id,
      admin: row.adminUserId && row.adminUsername !== null ? { id: row.adminUserId, username: row.adminUsername } : null,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      details: row.details,
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor,
  };
}
