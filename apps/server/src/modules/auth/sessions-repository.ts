import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, type SessionRow } from '../../db/schema/sessions';
import { users, type UserRow } from '../../db/schema/users';

export async function insertSession(
  db: Db,
  values: { jti: string; userId: string; expiresAt: Date; keepSignedIn?: boolean; userAgent?: string | null; lastActiveAt?: Date },
): Promise<void> {
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

/** A live session row of that user, with the user (for renewal). */
export async function findLiveSession(db: Db, jti: string, userId: string, now: Date): Promise<{ session: SessionRow; user: UserRow } | null> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.jti, jti), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  return row ?? null;
}

/** Moves a live session's end and last activity; false when it was revoked meanwhile. */
export async function extendSession(db: Db, jti: string, values: { expiresAt: Date; lastActiveAt: Date }): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set(values)
    .where(and(eq(sessions.jti, jti), isNull(sessions.revokedAt)))
    .returning({ jti: sessions.jti });
  return rows.length > 0;
}

/** The user's sessions that can still be used, most recently active first. */
export async function listLiveSessions(db: Db, userId: string, now: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastActiveAt), desc(sessions.jti));
}

/** Ends one live session of that user; false when it is not theirs or already over. */
export async function revokeOwnSession(db: Db, userId: string, jti: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.jti, jti), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .returning({ jti: sessions.jti });
  return rows.length > 0;
}

/** Ends the user's sessions, all or all but one; the ids of those ended. */
export async function revokeSessionsOfUser(db: Db, userId: string, now: Date, except: string | null = null): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now), except ? ne(sessions.jti, except) : undefined))
    .returning({ jti: sessions.jti });
  return rows.map((row) => row.jti);
}
