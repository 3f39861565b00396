import type { FastifyInstance } from 'fastify';
import {
  ALREADY_SUSPENDED_MESSAGE,
  CANNOT_SUSPEND_SELF_MESSAGE,
  NOT_SUSPENDED_MESSAGE,
  USER_NOT_FOUND_MESSAGE,
  type TAdminUser,
  type TAdminUserListResponse,
} from '@pulse/contract/admin';
import { ZRole, type TRole } from '@pulse/contract/users';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { ConflictError, InvalidError, NotFoundError } from '../../errors/domain-errors';
import { findUserById } from '../auth/users-repository';
import { clearUserSuspension, listUsersForAdmin, markUserSuspended, revokeAllUserSessions } from './admin-users-repository';
import { recordAdminAction } from './audit-log';
import { readIdCursor, toPage } from './keyset-cursor';

function toAdminUser(row: UserRow): TAdminUser {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    roles: row.roles.filter((role): role is TRole => ZRole.safeParse(role).success),
    suspended: row.suspendedAt !== null,
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    suspensionReason: row.suspensionReason,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listUsers(db: Db, query: { q?: string | undefined; cursor?: string | undefined; limit: number }): Promise<TAdminUserListResponse> {
  const afterId = readIdCursor(query.cursor);
  const rows = await listUsersForAdmin(db, { q: query.q?.trim() || null, afterId, limit: query.limit + 1 });
  const { page, nextCursor } = toPage(rows, query.limit, (row) => row.id);
  return { items: page.map(toAdminUser), nextCursor };
}

/**
 * The suspension inside the caller's transaction: the flag, the revocation of every session and
 * the audit row. Returns the sessions revoked, whose sockets the caller closes after the commit
 * (app.realtime.disconnectSession). Moderation (a report's `suspend_author`) runs it in its own
 * decision's transaction.
 */
export async function suspendUserInTransaction(
  tx: Db,
  admin: UserRow,
  userId: string,
  reason: string,
  now: Date,
): Promise<{ user: UserRow; sessionIds: string[] }> {
  if (userId === admin.id) throw new InvalidError(CANNOT_SUSPEND_SELF_MESSAGE);
  if (!(await findUserById(tx, userId))) throw new NotFoundError(USER_NOT_FOUND_MESSAGE);
  const suspended = await markUserSuspended(tx, userId, reason, now);
  if (!suspended) throw new ConflictError(ALREADY_SUSPENDED_MESSAGE);
  const revoked = await revokeAllUserSessions(tx, userId, now);
  await recordAdminAction(tx, {
    adminUserId: admin.id,
    action: 'user.suspend',
    targetType: 'user',
    targetId: userId,
    details: { reason, email: suspended.email, revokedSessions: revoked.length },
  });
  return { user: suspended, sessionIds: revoked };
}

/**
 * Suspends the account: in one transaction the flag, the revocation of every session and the audit
 * row; then the sockets of those sessions are closed. The user's next request is a 401 and signing
 * in is refused while suspended.
 */
export async function suspendUser(app: FastifyInstance, admin: UserRow, userId: string, reason: string): Promise<TAdminUser> {
  const { user, sessionIds } = await app.db.transaction(async (tx) => suspendUserInTransaction(tx, admin, userId, reason, new Date()));
  for (const sessionId of sessionIds) app.realtime.disconnectSession(sessionId);
  return toAdminUser(user);
}

export async function unsuspendUser(app: FastifyInstance, admin: UserRow, userId: string): Promise<TAdminUser> {
  const user = await app.db.transaction(async (tx) => {
    const existing = await findUserById(tx, userId);
    if (!existing) throw new NotFoundError(USER_NOT_FOUND_MESSAGE);
    const restored = await clearUserSuspension(tx, userId);
    if (!restored) throw new ConflictError(NOT_SUSPENDED_MESSAGE);
    await recordAdminAction(tx, {
      adminUserId: admin.id,
      action: 'user.unsuspend',
      targetType: 'user',
      targetId: userId,
      details: { email: restored.email, previousReason: existing.suspensionReason },
    });
    return restored;
  });
  return toAdminUser(user);
}
