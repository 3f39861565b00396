import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { basketItems } from '../../db/schema/basket-items';
import { productImages, products } from '../../db/schema/products';
import { sellerApplications } from '../../db/schema/seller-applications';
import { sellerProfiles } from '../../db/schema/seller-profiles';
import { uploads } from '../../db/schema/uploads';
import { users } from '../../db/schema/users';

export async function countBasketLines(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(basketItems).where(eq(basketItems.userId, userId));
  return row?.value ?? 0;
}

/** One basket line joined with its product as it is now (price, stock, seller, first image). */
export interface BasketLineRow {
  id: string;
  productId: string;
  quantity: number;
  createdAt: Date;
  title: string;
  unit: (typeof products.$inferSelect)['unit'];
  status: (typeof products.$inferSelect)['status'];
  priceMinor: number;
  stockQuantity: number;
  reservedQuantity: number;
  minOrderQuantity: number;
  sellerUserId: string;
  /** The seller profile's shop name, else the approved application's business name, else the username (decision 013). */
  shopName: string;
  originLat: number | null;
  originLng: number | null;
  /** The product's farm and region as the listing shows them ('' when not given): the pickup point. */
  originFarmName: string;
  originRegion: string;
  /** Public URL of the first image's thumbnail (full image when no thumb), or null. */
  thumbUrl: string | null;
}

/** Storage key of the first image (lowest position) of the product: thumb when there is one. */
export const firstImageKey = sql<string | null>`(
  select coalesce(${uploads.thumbStorageKey}, ${uploads.storageKey})
  from ${productImages} join ${uploads} on ${uploads.id} = ${productImages.uploadId}
  where ${productImages.productId} = ${products.id}
  order by ${productImages.position} asc
  limit 1
)`;

export const shopNameSql = sql<string>`coalesce(
  (select ${sellerProfiles.shopName} from ${sellerProfiles} where ${sellerProfiles.userId} = ${products.sellerUserId}),
  (select ${sellerApplications.businessName} from ${sellerApplications}
   where ${sellerApplications.userId} = ${products.sellerUserId} and ${sellerApplications.status} = 'approved'
   limit 1),
  ${users.username}
)`;

/**
 * What the checkout reads of a line's product (price, stock, seller, farm, first picture), for the
 * basket's lines and a weekly basket's alike; the query joins products and their seller (users).
 */
export const checkoutProductColumns = {
  title: products.title,
  unit: products.unit,
  status: products.status,
  priceMinor: products.priceMinor,
  stockQuantity: products.stockQuantity,
  reservedQuantity: products.reservedQuantity,
  minOrderQuantity: products.minOrderQuantity,
  sellerUserId: products.sellerUserId,
  shopName: shopNameSql,
  originLat: products.originLat,
  originLng: products.originLng,
  originFarmName: products.originFarmName,
  originRegion: products.originRegion,
  imageKey: firstImageKey,
};

/** A checkout line's picture key as the address the web loads. */
export function withThumbUrl<Row extends { imageKey: string | null }>({ imageKey, ...row }: Row): Omit<Row, 'imageKey'> & { thumbUrl: string | null } {
  return { ...row, thumbUrl: imageKey ? `/uploads/${imageKey}` : null };
}

/**
 * The user's basket lines with product price/stock/seller, oldest line first. The checkout lane
 * reads this inside its transaction; rows are not locked (stock is reserved by a conditional update).
 */
export async function readBasketForCheckout(db: Db, userId: string): Promise<BasketLineRow[]> {
  const rows = await db
    .select({
      id: basketItems.id,
      productId: basketItems.productId,
      quantity: basketItems.quantity,
      createdAt: basketItems.createdAt,
      ...checkoutProductColumns,
    })
    .from(basketItems)
    .innerJoin(products, eq(products.id, basketItems.productId))
    .innerJoin(users, eq(users.id, products.sellerUserId))
    .where(eq(basketItems.userId, userId))
    .orderBy(asc(basketItems.createdAt), asc(basketItems.id));
  return rows.map(withThumbUrl);
}

/** Removes the user's lines for these products (checkout calls it inside its transaction). */
export async function clearBasketLines(db: Db, userId: string, productIds: string[]): Promise<number> {
  if (productIds.length === 0) return 0;
  const deleted = await db
    .delete(basketItems)
    .where(and(eq(basketItems.userId, userId), inArray(basketItems.productId, productIds)))
    .returning({ id: basketItems.id });
  return deleted.length;
}

export async function clearBasket(db: Db, userId: string): Promise<number> {
  const deleted = await db.delete(basketItems).where(eq(basketItems.userId, userId)).returning({ id: basketItems.id });
  return deleted.length;
}

export interface ProductForBasket {
  id: string;
  sellerUserId: string;
  status: (typeof products.$inferSelect)['status'];
  stockQuantity: number;
  reservedQuantity: number;
  minOrderQuantity: number;
  unit: (typeof products.$inferSelect)['unit'];
}

export async function findProductForBasket(db: Db, productId: string): Promise<ProductForBasket | null> {
  const [row] = await db
    .select({
      id: products.id,
      sellerUserId: products.sellerUserId,
      status: products.status,
      stockQuantity: products.stockQuantity,
      reservedQuantity: products.reservedQuantity,
      minOrderQuantity: products.minOrderQuantity,
      unit: products.unit,
    })
    .from(products)
    .where(eq(products.id, productId));
  return row ?? null;
}

export async function findBasketItem(db: Db, userId: string, itemId: string): Promise<{ id: string; productId: string; quantity: number } | null> {
  const [row] = await db
    .select({ id: basketItems.id, productId: basketItems.productId, quantity: basketItems.quantity })
    .from(basketItems)
    .where(and(eq(basketItems.id, itemId), eq(basketItems.userId, userId)));
  return row ?? null;
}

export async function findBasketItemByProduct(db: Db, userId: string, productId: string): Promise<{ id: string; quantity: number } | null> {
  const [row] = await db
    .select({ id: basketItems.id, quantity: basketItems.quantity })
    .from(basketItems)
    .where(and(eq(basketItems.userId, userId), eq(basketItems.productId, productId)));
  return row ?? null;
}

/** Adds to the line of that product, or creates it; returns the line's new quantity. */
export async function addToBasketLine(db: Db, userId: string, productId: string, quantity: number): Promise<{ id: string; quantity: number }> {
  const [row] = await db
    .insert(basketItems)
    .values({ userId, productId, quantity })
    .onConflictDoUpdate({ target: [basketItems.userId, basketItems.productId], set: { quantity: sql`${basketItems.quantity} + ${quantity}` } })
    .returning({ id: basketItems.id, quantity: basketItems.quantity });
  if (!row) throw new Error('basket line not written');
  return row;
}

export async function setBasketLineQuantity(db: Db, userId: string, itemId: string, quantity: number): Promise<boolean> {
  const updated = await db
    .update(basketItems)
    .set({ quantity })
    .where(and(eq(basketItems.id, itemId), eq(basketItems.userId, userId)))
    .returning({ id: basketItems.id });
  return updated.length > 0;
}

export async function deleteBasketLine(db: Db, userId: string, itemId: string): Promise<boolean> {
  const deleted = await db
    .delete(basketItems)
    .where(and(eq(basketItems.id, itemId), eq(basketItems.userId, userId)))
    .returning({ id: basketItems.id });
  return deleted.length > 0;
}
