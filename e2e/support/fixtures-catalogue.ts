/**
 * Catalogue fixtures (tests/catalogue*.spec.ts): two approved farms with produce across categories
 * and prices, a buyer with an empty basket, and two buyers whose completed orders left reviews.
 * The specs only read the constants; seedCatalogueFixtures writes the rows.
 */
import type { Db } from '../../apps/server/src/db/client';
import { checkouts, orderItems, orders } from '../../apps/server/src/db/schema/orders';
import { products, type NewProductRow } from '../../apps/server/src/db/schema/products';
import { reviews } from '../../apps/server/src/db/schema/reviews';
import { createLocalUser } from '../../apps/server/src/modules/auth/auth-service';
import { setSellerStatus } from '../../apps/server/src/modules/sellers/sellers-service';
import { FIXTURE_PASSWORD } from './fixtures';

export const CATALOGUE_USERS = {
  greenValley: { email: 'green.valley@catalogue.e2e.example', username: 'green_valley_farm' },
  coastal: { email: 'coastal.harvest@catalogue.e2e.example', username: 'coastal_harvest' },
  buyer: { email: 'buyer@catalogue.e2e.example', username: 'catalogue_buyer' },
  doubleClickBuyer: { email: 'double.click@catalogue.e2e.example', username: 'catalogue_double_click' },
  /** catalogue.spec.ts: taps "Add to basket" as a visitor, signs in, finds it in the basket. */
  visitorBuyer: { email: 'visitor.add@catalogue.e2e.example', username: 'catalogue_visitor_add' },
  reviewerAma: { email: 'ama@catalogue.e2e.example', username: 'ama_mensah' },
  reviewerKofi: { email: 'kofi@catalogue.e2e.example', username: 'kofi_owusu' },
} as const;

export const CATALOGUE_SHOPS = {
  greenValley: { name: 'Green Valley Farm', region: 'Ashanti' },
  coastal: { name: 'Coastal Harvest Co-op', region: 'Central' },
} as const;

type Category = NonNullable<NewProductRow['category']>;
type Unit = NonNullable<NewProductRow['unit']>;

interface FixtureProduct {
  title: string;
  category: Category;
  unit: Unit;
  priceMinor: number;
  stock: number;
  minOrder?: number;
  organic?: boolean;
  description: string;
}

const p = (
  title: string,
  category: Category,
  unit: Unit,
  priceMinor: number,
  stock: number,
  organic: boolean,
  description: string,
  minOrder = 1,
): FixtureProduct => ({ title, category, unit, priceMinor, stock, organic, description, minOrder });

/** 30 products: more than one listing page (24), so the shop scrolls into a second page. */
export const GREEN_VALLEY_PRODUCTS: readonly FixtureProduct[] = [
  p('Heirloom Tomatoes', 'vegetables', 'kg', 450, 38, true, 'Sun-ripened heirloom varieties picked the morning they ship: Brandywine, Cherokee Purple and Green Zebra.', 2),
  p('Rainbow Chard', 'vegetables', 'bunch', 275, 40, true, 'Tender leaves on red, yellow and pink stems.'),
  p('Garden Eggs', 'vegetables', 'kg', 320, 25, false, 'Small white aubergines, firm and slightly bitter, for stews and sauces.'),
  p('Okra Pods', 'vegetables', 'kg', 290, 30, false, 'Young, tender pods under 8 cm.'),
  p('Scotch Bonnet Peppers', 'vegetables', 'kg', 780, 12, true, 'Fiery and fruity; a little goes a long way.'),
  p('Sweet Potatoes', 'vegetables', 'kg', 210, 120, false, 'Orange-fleshed, cured for two weeks for extra sweetness.'),
  p('Cocoyam Leaves', 'vegetables', 'bunch', 150, 35, true, 'Kontomire for palava sauce, washed and bundled.'),
  p('Green Plantains', 'vegetables', 'bunch', 600, 20, false, 'A hand of six to eight firm green plantains.'),
  p('Sweet Pineapples', 'fruits', 'piece', 350, 60, true, 'Sugarloaf pineapples, low acid and very juicy.'),
  p('Alphonso Mangoes', 'fruits', 'kg', 540, 45, false, 'Buttery, fibre-free mangoes at peak ripeness.'),
  p('Passion Fruit', 'fruits', 'kg', 690, 18, true, 'Wrinkled purple shells full of fragrant pulp.'),
  p('Ripe Papayas', 'fruits', 'piece', 260, 30, false, 'Sunrise papayas, soft and sweet.'),
  p('Wild Strawberries', 'fruits', 'g', 95, 0, true, 'Tiny, intensely flavoured berries gathered by hand. Back next season.'),
  p('Lemongrass Bundle', 'herbs_and_spices', 'bunch', 180, 50, true, 'Fresh stalks for tea and soups.'),
  p('Fresh Ginger Root', 'herbs_and_spices', 'kg', 820, 22, true, 'Young ginger with thin skin and a clean heat.'),
  p('Sweet Basil', 'herbs_and_spices', 'bunch', 220, 28, true, 'Large bunches cut to order.'),
  p('Dried Hibiscus Petals', 'herbs_and_spices', 'g', 60, 900, true, 'Sun-dried sorrel for sobolo.'),
  p('Wildflower Honey', 'honey_and_preserves', 'litre', 1450, 16, true, 'Raw, unfiltered honey from hives at the forest edge.'),
  p('Mango Chutney', 'honey_and_preserves', 'piece', 650, 24, false, 'Spiced chutney in 350 g jars.'),
  p('Guava Jam', 'honey_and_preserves', 'piece', 520, 30, false, 'Small-batch jam with pink guavas.'),
  p('Brown Rice', 'grains', 'kg', 310, 200, false, 'Locally grown, stone-milled long grain.'),
  p('Yellow Maize', 'grains', 'kg', 140, 500, false, 'Dried and cleaned, ready for milling.'),
  p('Black-eyed Beans', 'grains', 'kg', 380, 80, true, 'This season, sorted by hand.'),
  p('Millet Flour', 'grains', 'kg', 420, 60, false, 'Finely ground pearl millet for porridge.'),
  p('Free-range Eggs', 'dairy_and_eggs', 'dozen', 480, 40, false, 'Eggs from hens that roam the orchard.'),
  p('Fresh Goat Cheese', 'dairy_and_eggs', 'piece', 890, 10, true, 'Soft cheese rolled in herbs, 200 g.'),
  p('Cocoa Seedlings', 'plants_and_seeds', 'piece', 250, 150, false, 'Hardy seedlings ready for planting.'),
  p('Moringa Seeds', 'plants_and_seeds', 'g', 45, 2000, true, 'Seeds for your own moringa trees.'),
  p('Woven Market Basket', 'nature_crafts', 'piece', 2400, 8, false, 'Bolga basket woven from elephant grass with a leather handle.'),
  p('Shea Butter Block', 'nature_crafts', 'piece', 760, 35, true, 'Unrefined shea butter, 250 g.'),
];

/** 12 products at distinct prices, for the price sort. */
export const COASTAL_PRODUCTS: readonly FixtureProduct[] = [
  p('Smoked Mackerel', 'meat_and_fish', 'kg', 1150, 20, false, 'Oak-smoked over two days.'),
  p('Fresh Red Snapper', 'meat_and_fish', 'kg', 1690, 14, false, 'Landed this morning, scaled and gutted on request.'),
  p('Dried Anchovies', 'meat_and_fish', 'g', 85, 3000, false, 'Sun-dried keta school boys.'),
  p('Coconut Bundle', 'fruits', 'piece', 120, 90, true, 'Green drinking coconuts.'),
  p('Cashew Apples', 'fruits', 'kg', 470, 25, true, 'Juicy fruit with the nut attached.'),
  p('Seaside Limes', 'fruits', 'kg', 395, 40, false, 'Small, thin-skinned and very juicy.'),
  p('Cassava Roots', 'vegetables', 'kg', 165, 150, false, 'Freshly lifted sweet cassava.'),
  p('Coastal Sea Salt', 'other', 'g', 30, 5000, false, 'Hand-harvested salt from the lagoon pans.'),
  p('Palm Oil', 'honey_and_preserves', 'litre', 560, 60, false, 'Red palm oil pressed in the village.'),
  p('Coconut Oil', 'honey_and_preserves', 'litre', 980, 30, true, 'Cold-pressed virgin coconut oil.'),
  p('Groundnut Paste', 'honey_and_preserves', 'piece', 430, 45, false, 'Roasted peanut paste, 500 g tub.'),
  p('Raffia Sun Hat', 'nature_crafts', 'piece', 1325, 12, false, 'Wide-brimmed hat woven from raffia palm.'),
];

export const REVIEWED_PRODUCT = 'Heirloom Tomatoes';
export const CATALOGUE_REVIEWS = [
  { reviewer: 'reviewerAma', rating: 5, body: 'The best tomatoes I have bought all year. Sweet, firm and they kept for a week.' },
  { reviewer: 'reviewerKofi', rating: 4, body: 'Great flavour, a couple were very ripe by the time they arrived.' },
] as const;

async function createUsers(db: Db): Promise<Record<keyof typeof CATALOGUE_USERS, string>> {
  const ids: Partial<Record<keyof typeof CATALOGUE_USERS, string>> = {};
  for (const key of Object.keys(CATALOGUE_USERS) as (keyof typeof CATALOGUE_USERS)[]) {
    const seller = key === 'greenValley' || key === 'coastal';
    const user = await createLocalUser(db, { ...CATALOGUE_USERS[key], password: FIXTURE_PASSWORD, ...(seller ? { roles: ['buyer', 'seller'] } : {}) });
    ids[key] = user.id;
  }
  return ids as Record<keyof typeof CATALOGUE_USERS, string>;
}

function toRows(sellerUserId: string, shop: { name: string; region: string }, list: readonly FixtureProduct[], origin: { lat: number; lng: number }, start: number): NewProductRow[] {
  return list.map((product, index) => ({
    sellerUserId,
    title: product.title,
    description: product.description,
    category: product.category,
    unit: product.unit,
    priceMinor: product.priceMinor,
    stockQuantity: product.stock,
    minOrderQuantity: product.minOrder ?? 1,
    organic: product.organic ?? false,
    harvestDate: new Date(start - (index % 6) * 86_400_000).toISOString().slice(0, 10),
    originFarmName: shop.name,
    originRegion: shop.region,
    originLat: origin.lat,
    originLng: origin.lng,
    status: 'active' as const,
    // A minute apart, in list order: the newest-first listing shows them as listed here.
    createdAt: new Date(start - index * 60_000),
  }));
}

async function seedReviews(db: Db, ids: Record<keyof typeof CATALOGUE_USERS, string>, productId: string, priceMinor: number): Promise<void> {
  const now = Date.now();
  for (const [index, review] of CATALOGUE_REVIEWS.entries()) {
    const buyerUserId = ids[review.reviewer];
    const [checkout] = await db.insert(checkouts).values({ buyerUserId, idempotencyKey: `catalogue-review-${index}`, requestHash: 'fixture' }).returning({ id: checkouts.id });
    const total = priceMinor * 2;
    const [order] = await db
      .insert(orders)
      .values({
        checkoutId: checkout!.id,
        buyerUserId,
        sellerUserId: ids.greenValley,
        status: 'completed',
        fulfilment: 'pickup',
        currency: 'USD',
        subtotalMinor: total,
        totalMinor: total,
        confirmationCode: `CAT${index}`,
        completedAt: new Date(now - (3 - index) * 86_400_000),
      })
      .returning({ id: orders.id });
    await db.insert(orderItems).values({ orderId: order!.id, productId, title: REVIEWED_PRODUCT, unit: 'kg', unitPriceMinor: priceMinor, quantity: 2, lineTotalMinor: total });
    await db.insert(reviews).values({ orderId: order!.id, buyerUserId, sellerUserId: ids.greenValley, rating: review.rating, body: review.body, createdAt: new Date(now - (2 - index) * 3_600_000) });
  }
}

/** Writes the catalogue fixtures into a fresh, migrated database (called from seedFixtures). */
export async function seedCatalogueFixtures(db: Db): Promise<void> {
  const ids = await createUsers(db);
  await setSellerStatus(db, { email: CATALOGUE_USERS.greenValley.email, status: 'approved', businessName: CATALOGUE_SHOPS.greenValley.name });
  await setSellerStatus(db, { email: CATALOGUE_USERS.coastal.email, status: 'approved', businessName: CATALOGUE_SHOPS.coastal.name });

  const start = Date.now() - 60_000;
  const ratingSum = CATALOGUE_REVIEWS.reduce((sum, review) => sum + review.rating, 0);
  const greenRows = toRows(ids.greenValley, CATALOGUE_SHOPS.greenValley, GREEN_VALLEY_PRODUCTS, { lat: 6.6885, lng: -1.6244 }, start).map((row) =>
    row.title === REVIEWED_PRODUCT ? { ...row, ratingCount: CATALOGUE_REVIEWS.length, ratingSum } : row,
  );
  const inserted = await db.insert(products).values(greenRows).returning({ id: products.id, title: products.title, priceMinor: products.priceMinor });
  await db.insert(products).values(toRows(ids.coastal, CATALOGUE_SHOPS.coastal, COASTAL_PRODUCTS, { lat: 5.1053, lng: -1.2466 }, start - 3_600_000));

  const reviewed = inserted.find((row) => row.title === REVIEWED_PRODUCT);
  if (!reviewed) throw new Error(`The fixture product ${REVIEWED_PRODUCT} was not created`);
  await seedReviews(db, ids, reviewed.id, reviewed.priceMinor);
}
