import type { Db } from '../db/client';
import { createId } from '../db/new-id';
import type { NewProductRow } from '../db/schema/products';
import type { ObjectStorage } from '../modules/uploads/object-storage';
import { hashPassword } from '../modules/auth/password-hashing';
import { DEMO_PASSWORD, PRODUCT_TEMPLATES, SEED_FARMS } from './catalogue-data';
import { insertProductRows } from '../modules/products/products-repository';
import { renderProductImage } from './images';
import { createRandom } from './random';
import { createSeedImageStore } from './seed-images';
import {
  findSellerIds,
  insertApprovedSellerApplications,
  insertProductImages,
  insertUsers,
} from './seed-repository';

export interface LargeSeedOptions {
  products: number;
  /** Rows per multi-row INSERT and per transaction. */
  batchSize?: number;
  /** Attach one of a handful of generated pictures to every product (thumbs exist in listings). */
  images?: boolean;
  /** Progress lines. */
  log?: (line: string) => void;
  /** Seed of the PRNG; the default makes every run produce the same catalogue. */
  seed?: number;
}

export interface LargeSeedResult {
  products: number;
  sellers: number;
  images: number;
  milliseconds: number;
}

const ADJECTIVES = ['Fresh', 'Farm', 'Local', 'Sweet', 'Select', 'Hand-picked', 'Village', 'Premium', 'Seasonal', 'Sun-ripened', 'Heritage', 'Market'];
const SYNTHETIC_SELLERS = 40;
const PICTURES = 12;
const DAY_MS = 86_400_000;

/** The bench's sellers: those already selling, else 40 synthetic approved farms. */
async function ensureSellers(db: Db): Promise<string[]> {
  const existing = await findSellerIds(db, SYNTHETIC_SELLERS);
  if (existing.length > 0) return existing;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const suffix = Date.now().toString(36);
  return db.transaction(async (tx) => {
    const rows = await insertUsers(
      tx,
      Array.from({ length: SYNTHETIC_SELLERS }, (_, index) => ({
        email: `bench-farm-${index + 1}-${suffix}@bench.pulse.market`,
        username: `benchfarm${index + 1}${suffix}`,
        passwordHash,
        roles: ['buyer', 'seller'],
      })),
    );
    await insertApprovedSellerApplications(
      tx,
      rows.map((row, index) => ({ userId: row.id, businessName: `${SEED_FARMS[index % SEED_FARMS.length]?.businessName ?? 'Farm'} ${index + 1}` })),
    );
    return rows.map((row) => row.id);
  });
}

/**
 * Adds `products` synthetic active products (for benchmarks) in batches: one multi-row INSERT and
 * one transaction per batch, a progress line after each tenth of the work. Titles, prices and
 * origins come from the demo catalogue with a seeded PRNG; each product gets one of a dozen
 * generated pictures, so listings have thumbnails.
 */
export async function seedLargeCatalogue(
  deps: { db: Db; objectStorage: ObjectStorage },
  options: LargeSeedOptions,
): Promise<LargeSeedResult> {
  const started = Date.now();
  const total = options.products;
  const batchSize = options.batchSize ?? 1000;
  const log = options.log ?? (() => {});
  const random = createRandom(options.seed ?? 424_242);
  const sellerIds = await ensureSellers(deps.db);

  const uploadIds: string[] = [];
  if (options.images !== false) {
    const storeImage = createSeedImageStore(deps);
    for (let index = 0; index < PICTURES; index += 1) {
      const template = PRODUCT_TEMPLATES[(index * 11) % PRODUCT_TEMPLATES.length];
      if (!template) continue;
      const picture = { title: template.title, shape: template.shape, colour: template.colour, variant: index % 3 };
      const stored = await storeImage(`${template.title}|${picture.variant}`, sellerIds[0] as string, () => renderProductImage(picture));
      uploadIds.push(stored.id);
    }
  }

  const now = Date.now();
  let inserted = 0;
  let nextReport = Math.max(batchSize, Math.ceil(total / 10));
  while (inserted < total) {
    const size = Math.min(batchSize, total - inserted);
    const rows: NewProductRow[] = [];
    for (let index = 0; index < size; index += 1) {
      const template = random.pick(PRODUCT_TEMPLATES);
      const farm = random.pick(SEED_FARMS);
      const createdAt = new Date(now - random.int(0, 365 * 24 * 60) * 60_000);
      const price = Math.max(1, Math.round(template.priceMinor * (0.7 + random.next() * 0.7)));
      rows.push({
        id: createId(createdAt.getTime()),
        sellerUserId: random.pick(sellerIds),
        title: `${random.pick(ADJECTIVES)} ${template.title}`,
        description: `${template.description} From ${farm.businessName}, ${farm.region}.`,
        category: template.category,
        unit: template.unit,
        priceMinor: price,
        stockQuantity: random.chance(0.05) ? 0 : random.int(1, 500),
        minOrderQuantity: template.minOrder,
        harvestDate: template.harvestDays ? new Date(createdAt.getTime() - random.int(0, 5) * DAY_MS).toISOString().slice(0, 10) : null,
        organic: random.chance(template.organic),
        originFarmName: farm.businessName,
        originRegion: farm.region,
        originLat: Math.round((farm.lat + (random.next() - 0.5) * 0.6) * 1e5) / 1e5,
        originLng: Math.round((farm.lng + (random.next() - 0.5) * 0.6) * 1e5) / 1e5,
        status: 'active',
        createdAt,
        updatedAt: createdAt,
      });
    }
    await deps.db.transaction(async (tx) => {
      const ids = await insertProductRows(tx, rows);
      if (uploadIds.length > 0) {
        await insertProductImages(
          tx,
          ids.map((productId) => ({ productId, uploadId: uploadIds[random.int(0, uploadIds.length - 1)] as string, position: 0 })),
        );
      }
    });
    inserted += size;
    if (inserted >= nextReport || inserted === total) {
      const seconds = (Date.now() - started) / 1000;
      log(`  ${inserted.toLocaleString('en')} / ${total.toLocaleString('en')} products (${Math.round(inserted / Math.max(seconds, 0.001))}/s)`);
      nextReport += Math.max(batchSize, Math.ceil(total / 10));
    }
  }
  return { products: inserted, sellers: sellerIds.length, images: uploadIds.length, milliseconds: Date.now() - started };
}
