/**
 * Orders fixtures (tests/orders*.spec.ts, tests/buyer-journey.spec.ts): two approved farms of their
 * own with produce sold by weight and by the piece, pickup and delivery slots, and buyers with a
 * saved delivery address near the farms. The specs read the constants; seedOrdersFixtures writes the rows.
 */
import type { Db } from '../../apps/server/src/db/client';
import { addresses } from '../../apps/server/src/db/schema/addresses';
import { deliverySlots } from '../../apps/server/src/db/schema/delivery-slots';
import { products, type NewProductRow } from '../../apps/server/src/db/schema/products';
import { createLocalUser } from '../../apps/server/src/modules/auth/auth-service';
import { setSellerStatus } from '../../apps/server/src/modules/sellers/sellers-service';
import { FIXTURE_PASSWORD } from './fixtures';

export const ORDERS_USERS = {
  farmA: { email: 'ofori.roots@orders.e2e.example', username: 'ofori_roots' },
  farmB: { email: 'asante.honey@orders.e2e.example', username: 'asante_honey' },
  /** tests/orders.spec.ts: places orders through the API and follows them on the order page. */
  buyer: { email: 'buyer@orders.e2e.example', username: 'orders_lane_buyer' },
  /** tests/orders-dashboard.spec.ts: the dashboard tabs and reorder. */
  dashboardBuyer: { email: 'dashboard@orders.e2e.example', username: 'orders_dashboard_buyer' },
  /** tests/orders-dashboard.spec.ts: a buyer who never ordered sees the empty state. */
  noOrdersBuyer: { email: 'no.orders@orders.e2e.example', username: 'orders_none_yet' },
  /** tests/buyer-journey.spec.ts: the whole journey on a phone. */
  journeyBuyer: { email: 'journey@orders.e2e.example', username: 'journey_buyer_efua' },
  /** tests/weekly-baskets.spec.ts: makes a weekly basket from a paid order (one per buyer and farm, so a buyer of its own). */
  weeklyBuyer: { email: 'weekly@orders.e2e.example', username: 'weekly_basket_buyer' },
} as const;

export const ORDERS_SHOPS = {
  farmA: { name: 'Ofori Roots Farm', region: 'Ashanti', lat: 6.6885, lng: -1.6244 },
  farmB: { name: 'Asante Honey Yard', region: 'Ashanti', lat: 6.7012, lng: -1.6021 },
} as const;

/** Titles unlikely to meet another lane's fixtures in a search. */
export const ORDERS_PRODUCTS = {
  cassava: { title: 'Orders-lane Cassava', unit: 'kg', priceMinor: 350, stock: 500, farm: 'farmA' },
  shea: { title: 'Orders-lane Shea Butter', unit: 'piece', priceMinor: 900, stock: 300, farm: 'farmB' },
  bambara: { title: 'Bambara Groundnuts', unit: 'kg', priceMinor: 520, stock: 200, farm: 'farmA' },
  moringa: { title: 'Moringa Leaf Powder', unit: 'piece', priceMinor: 1150, stock: 150, farm: 'farmB' },
} as const;

export type OrdersProductKey = keyof typeof ORDERS_PRODUCTS;

/** Every buyer's saved address: about 1.3 km from Ofori Roots Farm, so delivery costs the first band. */
export const ORDERS_ADDRESS = {
  label: 'Home',
  recipientName: 'Efua Boateng',
  phone: '+233 24 555 0142',
  line1: '14 Prempeh II Street',
  city: 'Kumasi',
  region: 'Ashanti',
  lat: 6.6962,
  lng: -1.6151,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

function slotsFor(sellerUserId: string, now: Date) {
  const rows = [];
  for (const dayOffset of [1, 2]) {
    const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + dayOffset * DAY_MS);
    for (const [method, startHour] of [
      ['pickup', 9],
      ['delivery', 14],
    ] as const) {
      const startsAt = new Date(day.getTime() + startHour * 60 * 60 * 1000);
      rows.push({
        sellerUserId,
        method,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 3 * 60 * 60 * 1000),
        cutoffAt: new Date(startsAt.getTime() - 2 * 60 * 60 * 1000),
        capacity: null,
      });
    }
  }
  return rows;
}

export async function seedOrdersFixtures(db: Db): Promise<void> {
  const ids: Record<string, string> = {};
  for (const [key, user] of Object.entries(ORDERS_USERS)) {
    ids[key] = (await createLocalUser(db, { ...user, password: FIXTURE_PASSWORD })).id;
  }
  for (const farm of ['farmA', 'farmB'] as const) {
    await setSellerStatus(db, { email: ORDERS_USERS[farm].email, status: 'approved', businessName: ORDERS_SHOPS[farm].name });
  }

  const productRows: NewProductRow[] = Object.values(ORDERS_PRODUCTS).map((product) => {
    const shop = ORDERS_SHOPS[product.farm];
    return {
      sellerUserId: ids[product.farm]!,
      title: product.title,
      description: `${product.title} from ${shop.name}, ${shop.region}.`,
      category: product.unit === 'kg' ? 'vegetables' : 'other',
      unit: product.unit,
      priceMinor: product.priceMinor,
      stockQuantity: product.stock,
      originFarmName: shop.name,
      originRegion: shop.region,
      originLat: shop.lat,
      originLng: shop.lng,
      status: 'active',
    };
  });
  await db.insert(products).values(productRows);

  const now = new Date();
  await db.insert(deliverySlots).values([...slotsFor(ids.farmA!, now), ...slotsFor(ids.farmB!, now)]);

  await db.insert(addresses).values(
    (['buyer', 'dashboardBuyer', 'journeyBuyer', 'weeklyBuyer'] as const).map((key) => ({ userId: ids[key]!, ...ORDERS_ADDRESS, isDefault: true })),
  );
}
