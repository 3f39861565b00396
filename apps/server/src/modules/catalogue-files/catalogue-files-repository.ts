import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, type ProductRow } from '../../db/schema/products';
import type { ProductWriteFields } from '../products/products-repository';

/** The columns an import compares and writes, plus what matching needs. */
export type CatalogueProduct = Pick<
  ProductRow,
  | 'id'
  | 'sku'
  | 'title'
  | 'category'
  | 'unit'
  | 'priceMinor'
  | 'stockQuantity'
  | 'reservedQuantity'
  | 'minOrderQuantity'
  | 'organic'
  | 'harvestDate'
  | 'description'
  | 'status'
>;

const catalogueColumns = {
  id: products.id,
  sku: products.sku,
  title: products.title,
  category: products.category,
  unit: products.unit,
  priceMinor: products.priceMinor,
  stockQuantity: products.stockQuantity,
  reservedQuantity: products.reservedQuantity,
  minOrderQuantity: products.minOrderQuantity,
  organic: products.organic,
  harvestDate: products.harvestDate,
  description: products.description,
  status: products.status,
};

/** One page of the seller's products in id order (keyset after `afterId`), for the streamed export. */
export async function listSellerCataloguePage(db: Db, sellerUserId: string, afterId: string | null, limit: number): Promise<CatalogueProduct[]> {
  const where = afterId === null ? eq(products.sellerUserId, sellerUserId) : and(eq(products.sellerUserId, sellerUserId), gt(products.id, afterId));
  return db.select(catalogueColumns).from(products).where(where).orderBy(asc(products.id)).limit(limit);
}

/** Every product of the seller (an import matches rows against them); locked when `forUpdate`. */
export async function listSellerCatalogue(db: Db, sellerUserId: string, forUpdate = false): Promise<CatalogueProduct[]> {
  const query = db.select(catalogueColumns).from(products).where(eq(products.sellerUserId, sellerUserId));
  return forUpdate ? query.for('update') : query;
}

export async function insertCatalogueProducts(db: Db, sellerUserId: string, rows: readonly ProductWriteFields[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(products).values(rows.map((row) => ({ ...row, sellerUserId })));
}

export async function updateCatalogueProduct(db: Db, sellerUserId: string, productId: string, values: Partial<ProductWriteFields>): Promise<void> {
  await db
    .update(products)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(products.id, productId), eq(products.sellerUserId, sellerUserId)));
}
