import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema/sessions';
import { users, type UserRow } from '../../db/schema/users';

export async function insertSession(db: Db, values: { jti: string; userId: string; expiresAt: Date }): Promise<void> {
  await db.insert(sessions).values(values);
}

/**
 * The user of a live session of that user, in one round trip: every authenticated request asks
 * this, so it is a single indexed join rather than two lookups.
 */
export async function findLiveSessionUser(db: Db, jti: string, userId: string, now: Date): Promise<UserRow | null> {
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.jti, jti), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  return row?.user ?? null;
}

export async function revokeSession(db: Db, jti: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.jti, jti), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
