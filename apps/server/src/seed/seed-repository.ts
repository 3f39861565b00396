import { count, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { deliverySlots } from '../db/schema/delivery-slots';
import { productImages, products } from '../db/schema/products';
import { sellerApplications } from '../db/schema/seller-applications';
import { sellerProfilePhotos, sellerProfiles } from '../db/schema/seller-profiles';
import { settings } from '../db/schema/settings';
import { users, type NewUserRow } from '../db/schema/users';

/** The seed's own writes: bulk inserts the request path never needs. */

export async function countAllUsers(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users);
  return Number(row?.total ?? 0);
}

/** Any constant shared by every process of this app; names the advisory lock guarding the demo seed. */
const DEMO_SEED_LOCK_ID = 7_305_118_912;

/**
 * Held for the whole demo seed, whose later steps commit through the services' own transactions.
 * Two processes starting together on an empty PostgreSQL database seed once: the second waits here,
 * then finds the seed finished. If the holder dies, PostgreSQL ends its session and the lock with
 * it, so the waiter finds the seed unfinished and starts it again. A session lock, on a connection
 * of its own; PGlite needs none, as the pid lock lets one process open it (decision 004).
 * Returns the release.
 */
export async function holdDemoSeedLock(database: Database): Promise<() => Promise<void>> {
  if (database.kind !== 'postgres') return async () => {};
  const connection = await database.pool.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [DEMO_SEED_LOCK_ID]);
  } catch (error) {
    connection.release();
    throw error;
  }
  return async () => {
    try {
      await connection.query('select pg_advisory_unlock($1)', [DEMO_SEED_LOCK_ID]);
      connection.release();
    } catch {
      // Dropping the connection ends the session, and the lock with it.
      connection.release(true);
    }
  };
}

/** Accounts the demo seed did not make (every demo address is @demo.pulse.market). */
export async function countUsersOutsideDemo(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users).where(sql`${users.email} not like '%@demo.pulse.market'`);
  return Number(row?.total ?? 0);
}

/**
 * Empties every table but `settings` (the JWT secret and the seed's own state stay): what an
 * interrupted demo seed left behind, so the seed can start again in the same transaction.
 */
export async function clearSeededTables(db: Db): Promise<void> {
  const result = (await db.execute(sql`select tablename from pg_tables where schemaname = 'public' and tablename <> 'settings'`)) as unknown as {
    rows: Array<{ tablename: string }>;
  };
  const names = result.rows.map((row) => `"public"."${row.tablename.replaceAll('"', '""')}"`);
  if (names.length > 0) await db.execute(sql.raw(`truncate table ${names.join(', ')} cascade`));
}

/** Seeded people: their addresses count as confirmed (decision 053), unless a row says otherwise. */
export async function insertUsers(db: Db, rows: NewUserRow[]): Promise<Array<{ id: string; email: string }>> {
  if (rows.length === 0) return [];
  const now = new Date();
  return db
    .insert(users)
    .values(rows.map((row) => ({ emailVerifiedAt: now, ...row })))
    .returning({ id: users.id, email: users.email });
}

export async function setProfilePicture(db: Db, userId: string, url: string): Promise<void> {
  await db.update(users).set({ profilePictureUrl: url }).where(sql`${users.id} = ${userId}`);
}

export interface SeedSeller {
  userId: string;
  businessName: string;
  region?: string;
  lat?: number;
  lng?: number;
  story?: string;
}

/** Approved applications and the shops approval makes from them (decision 013). */
export async function insertApprovedSellerApplications(db: Db, rows: SeedSeller[]): Promise<void> {
  if (rows.length === 0) return;
  const located = rows.map((row) => ({ userId: row.userId, businessName: row.businessName, region: row.region ?? '', lat: row.lat ?? null, lng: row.lng ?? null }));
  await db.insert(sellerApplications).values(located.map((row) => ({ ...row, status: 'approved' as const })));
  await db.insert(sellerProfiles).values(
    located.map((row, index) => ({ userId: row.userId, shopName: row.businessName, region: row.region, lat: row.lat, lng: row.lng, story: rows[index]?.story ?? '' })),
  );
}

/** Shop photos, in display order per seller. */
export async function insertSellerProfilePhotos(db: Db, rows: Array<{ userId: string; uploadId: string; position: number }>): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(sellerProfilePhotos).values(rows);
}

export async function insertProductImages(db: Db, rows: Array<{ productId: string; uploadId: string; position: number }>): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(productImages).values(rows);
}

export async function insertDeliverySlots(db: Db, rows: Array<typeof deliverySlots.$inferInsert>): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(deliverySlots).values(rows);
}

/** Sellers to attach synthetic products to (the large seed reuses whoever sells already). */
export async function findSellerIds(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`'seller' = any(${users.roles})`)
    .orderBy(users.createdAt)
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function countProducts(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(products);
  return Number(row?.total ?? 0);
}

/** The settings key of the demo seed's progress: 'started' commits with the catalogue, 'finished' after the last step. */
export const DEMO_SEED_STATE_KEY = 'demo_seed';
export type DemoSeedState = 'started' | 'finished';

export async function writeDemoSeedState(db: Db, state: DemoSeedState): Promise<void> {
  await db.insert(settings).values({ key: DEMO_SEED_STATE_KEY, value: state }).onConflictDoUpdate({ target: settings.key, set: { value: state } });
}
