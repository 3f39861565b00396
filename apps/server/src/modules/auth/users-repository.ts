import { and, count, eq, sql } from 'drizzle-orm';
import type { TRole } from '@pulse/contract/users';
import type { Db } from '../../db/client';
import { agents } from '../../db/schema/agents';
import { sellerApplications } from '../../db/schema/seller-applications';
import { users, type NewUserRow, type UserRow } from '../../db/schema/users';

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** The language the user chose (null: not chosen, or no such user). */
export async function findUserLanguage(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, id));
  return row?.language ?? null;
}

/** Stores the user's language; false when there is no such user. */
export async function updateUserLanguage(db: Db, id: string, language: string): Promise<boolean> {
  const rows = await db.update(users).set({ language }).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row ?? null;
}

export async function findUserByProvider(db: Db, provider: string, providerId: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.provider, provider), eq(users.providerId, providerId)));
  return row ?? null;
}

export async function isUsernameTaken(db: Db, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row !== undefined;
}

export async function insertUser(db: Db, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('Insert into users returned no row');
  return row;
}

/** Adds the role unless the user already has it; returns the updated user or null if none. */
export async function addUserRole(db: Db, userId: string, role: TRole): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({
      roles: sql`case when ${role} = any(${users.roles}) then ${users.roles} else array_append(${users.roles}, ${role}::text) end`,
    })
    .where(eq(users.id, userId))
    .returning();
  return row ?? null;
}

export async function linkUserProvider(db: Db, userId: string, provider: string, providerId: string): Promise<UserRow> {
  const [row] = await db.update(users).set({ provider, providerId }).where(eq(users.id, userId)).returning();
  if (!row) throw new Error(`User ${userId} disappeared while linking a provider`);
  return row;
}

/**
 * A single sign-on whose provider says the address is verified (`email_verified: true`) confirms it
 * here too, when it is the account's address (decision 053).
 */
export async function markEmailVerifiedIfVouched(db: Db, user: UserRow, identity: { email: string | null; emailVerified: boolean | null }): Promise<UserRow> {
  if (user.emailVerifiedAt || identity.emailVerified !== true || identity.email?.trim().toLowerCase() !== user.email) return user;
  const [row] = await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id)).returning();
  return row ?? user;
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(users);
  return row?.value ?? 0;
}

/** Ids of the user's approved agent record and approved seller application, as ZUser carries them. */
export async function findApprovedProfileIds(db: Db, userId: string): Promise<{ agentId: string | null; sellerId: string | null }> {
  const [[agent], [seller]] = await Promise.all([
    db
      .select({ id: agents.id })
      .from(agents)
      .where(and(eq(agents.userId, userId), eq(agents.status, 'approved'))),
    db
      .select({ id: sellerApplications.id })
      .from(sellerApplications)
      .where(and(eq(sellerApplications.userId, userId), eq(sellerApplications.status, 'approved'))),
  ]);
  return { agentId: agent?.id ?? null, sellerId: seller?.id ?? null };
}
