import { and, desc, eq, ilike, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema/sessions';
import { users, type UserRow } from '../../db/schema/users';

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Newest account first (UUIDv7 ids), keyset on id; `q` matches part of the e-mail or username. */
export async function listUsersForAdmin(db: Db, query: { q: string | null; afterId: string | null; limit: number }): Promise<UserRow[]> {
  const pattern = query.q ? likePattern(query.q) : null;
  return db
    .select()
    .from(users)
    .where(
      and(
        pattern ? or(ilike(users.email, pattern), ilike(users.username, pattern)) : undefined,
        query.afterId ? lt(users.id, query.afterId) : undefined,
      ),
    )
    .orderBy(desc(users.id))
    .limit(query.limit);
}

/** Suspends the user unless already suspended; null if it was. */
export async function markUserSuspended(db: Db, userId: string, reason: string, at: Date): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ suspendedAt: at, suspensionReason: reason })
    .where(and(eq(users.id, userId), isNull(users.suspendedAt)))
    .returning();
  return row ?? null;
}

/** Lifts the suspension; null if the user was not suspended. */
export async function clearUserSuspension(db: Db, userId: string): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ suspendedAt: null, suspensionReason: null })
    .where(and(eq(users.id, userId), isNotNull(users.suspendedAt)))
    .returning();
  return row ?? null;
}

/** Revokes every live session of the user; returns their ids (to close their sockets). */
export async function revokeAllUserSessions(db: Db, userId: string, at: Date): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ jti: sessions.jti });
  return rows.map((row) => row.jti);
}
