import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { deliverySlots } from '../db/schema/delivery-slots';
import { productImages, products } from '../db/schema/products';
import { sellerApplications } from '../db/schema/seller-applications';
import { sellerProfilePhotos, sellerProfiles } from '../db/schema/seller-profiles';
import { users, type NewUserRow } from '../db/schema/users';

/** The seed's own writes: bulk inserts the request path never needs. */

export async function countAllUsers(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users);
  return Number(row?.total ?? 0);
}

/** Any constant shared by every process of this app; names the advisory lock guarding the demo seed. */
const DEMO_SEED_LOCK_ID = 7_305_118_912;

/**
 * Held until the caller's transaction ends: two processes starting together on an empty
 * PostgreSQL database seed once (the second waits, then finds users and skips).
 */
export async function lockDemoSeed(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK_ID})`);
}

export async function insertUsers(db: Db, rows: NewUserRow[]): Promise<Array<{ id: string; email: string }>> {
  if (rows.length === 0) return [];
  return db.insert(users).values(rows).returning({ id: users.id, email: users.email });
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
