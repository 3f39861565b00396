import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sellerProfilePhotos, sellerProfiles, type SellerProfileRow } from '../../db/schema/seller-profiles';

/**
 * Creates the seller's shop from their approved application (business name, region, coordinates)
 * unless they already have one: an edited shop is never overwritten (re-approval, repeated calls).
 */
export async function createProfileFromApplication(db: Db, userId: string): Promise<void> {
  await db.execute(sql`insert into seller_profiles (user_id, shop_name, region, lat, lng)
    select sa.user_id, sa.business_name, sa.region, sa.lat, sa.lng from seller_applications sa
    where sa.user_id = ${userId} and sa.status = 'approved'
    on conflict (user_id) do nothing`);
}

export type SellerProfileFields = Pick<SellerProfileRow, 'shopName' | 'story' | 'region' | 'lat' | 'lng'>;

/** Updates the shop's fields and replaces its photos (in the given order); false if there is no shop. */
export async function updateProfile(db: Db, userId: string, fields: SellerProfileFields, photoUploadIds: readonly string[]): Promise<boolean> {
  const updated = await db
    .update(sellerProfiles)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(sellerProfiles.userId, userId))
    .returning({ userId: sellerProfiles.userId });
  if (updated.length === 0) return false;
  await db.delete(sellerProfilePhotos).where(eq(sellerProfilePhotos.userId, userId));
  if (photoUploadIds.length > 0) {
    await db.insert(sellerProfilePhotos).values(photoUploadIds.map((uploadId, position) => ({ userId, uploadId, position })));
  }
  return true;
}

export interface ShopPhotoRecord {
  id: string;
  storageKey: string;
  thumbStorageKey: string | null;
  width: number;
  height: number;
}

export interface ShopRecord {
  userId: string;
  username: string;
  profilePictureUrl: string | null;
  suspended: boolean;
  approved: boolean;
  shopName: string;
  story: string;
  region: string;
  lat: number | null;
  lng: number | null;
  createdAt: Date;
  updatedAt: Date;
  ratingSum: number;
  ratingCount: number;
  activeProductCount: number;
  photos: ShopPhotoRecord[];
}

type RawRow = Record<string, unknown>;

function toNullableNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

/**
 * The shop with what buyers see around it, in one statement: the user, whether their application
 * is approved, the shop rating (the sums over the seller's products, as on the product details
 * page, read through products_seller_rating_idx), active products and the photos in order.
 */
export async function findShop(db: Db, userId: string): Promise<ShopRecord | null> {
  const result = (await db.execute(sql`select sp.user_id, u.username, u.profile_picture_url, u.suspended_at is not null as suspended,
      exists (select 1 from seller_applications sa where sa.user_id = sp.user_id and sa.status = 'approved') and 'seller' = any(u.roles) as approved,
      sp.shop_name, sp.story, sp.region, sp.lat, sp.lng, sp.created_at, sp.updated_at,
      sr.rating_sum, sr.rating_count,
      (select count(*) from products ap where ap.seller_user_id = sp.user_id and ap.status = 'active')::int as active_product_count,
      coalesce((select json_agg(json_build_object('id', up.id, 'storageKey', up.storage_key, 'thumbStorageKey', up.thumb_storage_key,
          'width', up.width, 'height', up.height) order by ph.position)
        from seller_profile_photos ph join uploads up on up.id = ph.upload_id where ph.user_id = sp.user_id), '[]'::json) as photos
    from seller_profiles sp
    join users u on u.id = sp.user_id
    cross join lateral (select coalesce(sum(s.rating_sum), 0)::bigint as rating_sum, coalesce(sum(s.rating_count), 0)::bigint as rating_count
      from products s where s.seller_user_id = sp.user_id) sr
    where sp.user_id = ${userId}`)) as unknown as { rows: RawRow[] };
  const row = result.rows[0];
  if (!row) return null;
  const photos = (typeof row.photos === 'string' ? JSON.parse(row.photos) : row.photos) as ShopPhotoRecord[];
  return {
    userId: String(row.user_id),
    username: String(row.username),
    profilePictureUrl: row.profile_picture_url === null || row.profile_picture_url === undefined ? null : String(row.profile_picture_url),
    suspended: Boolean(row.suspended),
    approved: Boolean(row.approved),
    shopName: String(row.shop_name),
    story: String(row.story),
    region: String(row.region),
    lat: toNullableNumber(row.lat),
    lng: toNullableNumber(row.lng),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
    ratingSum: Number(row.rating_sum),
    ratingCount: Number(row.rating_count),
    activeProductCount: Number(row.active_product_count),
    photos,
  };
}
