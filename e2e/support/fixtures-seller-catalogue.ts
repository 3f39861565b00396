/**
 * Seller catalogue fixtures (tests/seller-catalogue.spec.ts): an approved seller whose products are
 * in several statuses (each test works on its own products, so the order of the tests does not
 * matter), a second approved seller whose product the first must not open, and a buyer without
 * the seller role. Only that spec uses them.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { products, type NewProductRow } from '../../apps/server/src/db/schema/products';
import { sellerProfiles } from '../../apps/server/src/db/schema/seller-profiles';
import { createLocalUser } from '../../apps/server/src/modules/auth/auth-service';
import { setSellerStatus } from '../../apps/server/src/modules/sellers/sellers-service';
import { FIXTURE_PASSWORD } from './fixtures';

export const SELLER_CATALOGUE_USERS = {
  seller: { email: 'seller@seller-catalogue.e2e.example', username: 'sunrise_seller' },
  otherSeller: { email: 'other@seller-catalogue.e2e.example', username: 'moonlight_seller' },
  buyer: { email: 'buyer@seller-catalogue.e2e.example', username: 'sunrise_buyer' },
} as const;

export const SELLER_CATALOGUE_SHOPS = {
  seller: { name: 'Sunrise Terraces', region: 'Volta', lat: 6.6, lng: 0.47 },
  otherSeller: { name: 'Moonlight Orchard', region: 'Eastern' },
} as const;

/** Titles carry "Sunrise" so a public search for them finds nothing from the other fixtures. */
export const SELLER_CATALOGUE_PRODUCTS = {
  toReprice: { title: 'Sunrise Forest Honey', status: 'active', unit: 'litre', priceMinor: 1200, stock: 20 },
  toPause: { title: 'Sunrise Duck Eggs', status: 'active', unit: 'dozen', priceMinor: 650, stock: 30 },
  toArchive: { title: 'Sunrise Okra Crate', status: 'active', unit: 'crate', priceMinor: 2500, stock: 5 },
  bulkFirst: { title: 'Sunrise Bulk Cassava', status: 'active', unit: 'kg', priceMinor: 150, stock: 100 },
  bulkSecond: { title: 'Sunrise Bulk Yam', status: 'active', unit: 'kg', priceMinor: 300, stock: 60 },
  draft: { title: 'Sunrise Draft Jam', status: 'draft', unit: 'piece', priceMinor: 500, stock: 10 },
  paused: { title: 'Sunrise Paused Melons', status: 'paused', unit: 'piece', priceMinor: 400, stock: 12 },
  archived: { title: 'Sunrise Archived Gourds', status: 'archived', unit: 'piece', priceMinor: 350, stock: 0 },
} as const;

export const OTHER_SELLER_PRODUCT = 'Moonlight Star Apples';

type FixtureProduct = (typeof SELLER_CATALOGUE_PRODUCTS)[keyof typeof SELLER_CATALOGUE_PRODUCTS];

function toRow(sellerUserId: string, shop: { name: string; region: string }, product: FixtureProduct | { title: string; status: 'active'; unit: 'kg'; priceMinor: number; stock: number }, index: number): NewProductRow {
  return {
    sellerUserId,
    title: product.title,
    description: `${product.title}, grown on the terraces.`,
    category: 'other',
    unit: product.unit,
    priceMinor: product.priceMinor,
    stockQuantity: product.stock,
    originFarmName: shop.name,
    originRegion: shop.region,
    status: product.status,
    createdAt: new Date(Date.now() - 120_000 - index * 60_000),
  };
}

export async function seedSellerCatalogueFixtures(db: Db): Promise<void> {
  const seller = await createLocalUser(db, { ...SELLER_CATALOGUE_USERS.seller, password: FIXTURE_PASSWORD, roles: ['buyer', 'seller'] });
  const other = await createLocalUser(db, { ...SELLER_CATALOGUE_USERS.otherSeller, password: FIXTURE_PASSWORD, roles: ['buyer', 'seller'] });
  await createLocalUser(db, { ...SELLER_CATALOGUE_USERS.buyer, password: FIXTURE_PASSWORD });
  await setSellerStatus(db, { email: SELLER_CATALOGUE_USERS.seller.email, status: 'approved', businessName: SELLER_CATALOGUE_SHOPS.seller.name });
  await setSellerStatus(db, { email: SELLER_CATALOGUE_USERS.otherSeller.email, status: 'approved', businessName: SELLER_CATALOGUE_SHOPS.otherSeller.name });
  // The application carries no region here; the shop says where the farm is, so new products start from it.
  const shop = SELLER_CATALOGUE_SHOPS.seller;
  await db.update(sellerProfiles).set({ region: shop.region, lat: shop.lat, lng: shop.lng }).where(eq(sellerProfiles.userId, seller.id));
  await db.insert(products).values(Object.values(SELLER_CATALOGUE_PRODUCTS).map((product, index) => toRow(seller.id, SELLER_CATALOGUE_SHOPS.seller, product, index)));
  await db
    .insert(products)
    .values(toRow(other.id, SELLER_CATALOGUE_SHOPS.otherSeller, { title: OTHER_SELLER_PRODUCT, status: 'active', unit: 'kg', priceMinor: 800, stock: 15 }, 0));
}
