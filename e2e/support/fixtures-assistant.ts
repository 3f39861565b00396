/**
 * Pulse Assistant fixtures (tests/assistant.spec.ts): a farm of its own near Kumasi with organic
 * tomatoes under 5.00, a non-organic one and a dearer organic one beside them, another farm's
 * organic tomatoes in Tamale (far away), pickup slots, and buyers of their own (one adds from the
 * chat, one has an order, one keeps a conversation). Nobody else uses these rows.
 */
import type { Db } from '../../apps/server/src/db/client';
import { deliverySlots } from '../../apps/server/src/db/schema/delivery-slots';
import { products, type NewProductRow } from '../../apps/server/src/db/schema/products';
import { createLocalUser } from '../../apps/server/src/modules/auth/auth-service';
import { setSellerStatus } from '../../apps/server/src/modules/sellers/sellers-service';
import { FIXTURE_PASSWORD } from './fixtures';

export const ASSISTANT_USERS = {
  kumasiFarm: { email: 'kejetia.farm@assistant.e2e.example', username: 'assistant_kejetia_farm' },
  tamaleFarm: { email: 'tamale.farm@assistant.e2e.example', username: 'assistant_tamale_farm' },
  /** Adds the organic tomatoes to the basket from the chat. */
  basketBuyer: { email: 'basket.buyer@assistant.e2e.example', username: 'assistant_basket_buyer' },
  /** Has one order (placed by the spec through the API) and asks where it is. */
  orderBuyer: { email: 'order.buyer@assistant.e2e.example', username: 'assistant_order_buyer' },
  /** Asks how to become an agent as a visitor, then signs in to follow the link. */
  agentAsker: { email: 'agent.asker@assistant.e2e.example', username: 'assistant_agent_asker' },
  /** Keeps a conversation across the widget, the page and a reload, then clears it. */
  historyBuyer: { email: 'history.buyer@assistant.e2e.example', username: 'assistant_history_buyer' },
} as const;

export const ASSISTANT_FARMS = {
  kumasiFarm: { name: 'Kejetia Market Garden', region: 'Kumasi, Ashanti', lat: 6.7021, lng: -1.6102 },
  tamaleFarm: { name: 'Tamale Dry Season Garden', region: 'Tamale, Northern', lat: 9.4034, lng: -0.8424 },
} as const;

/** Titles no other lane's fixtures use; "tomatos" (the typo) finds them all through the catalogue's search. */
export const ASSISTANT_PRODUCTS = {
  /** Organic, 3.80 a kg, about 2 km from Kumasi: the answer. */
  organicNearKumasi: { title: 'Kejetia Organic Tomatoes', organic: true, priceMinor: 380, farm: 'kumasiFarm' },
  /** Near Kumasi and cheap, but not organic. */
  plainNearKumasi: { title: 'Kejetia Plum Tomatoes', organic: false, priceMinor: 290, farm: 'kumasiFarm' },
  /** Organic near Kumasi, but over 5.00. */
  dearNearKumasi: { title: 'Kejetia Beefsteak Organic Tomatoes', organic: true, priceMinor: 650, farm: 'kumasiFarm' },
  /** Organic and cheap, but in Tamale (some 300 km away). */
  organicFarAway: { title: 'Tamale Organic Tomatoes', organic: true, priceMinor: 320, farm: 'tamaleFarm' },
} as const;

export type AssistantProductKey = keyof typeof ASSISTANT_PRODUCTS;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Pickup slots for the next three days, so the order buyer can check out. */
function pickupSlots(sellerUserId: string, now: Date) {
  return [1, 2, 3].map((dayOffset) => {
    const startsAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + dayOffset * DAY_MS + 9 * 60 * 60 * 1000);
    return {
      sellerUserId,
      method: 'pickup' as const,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3 * 60 * 60 * 1000),
      cutoffAt: new Date(startsAt.getTime() - 2 * 60 * 60 * 1000),
      capacity: null,
    };
  });
}

export async function seedAssistantFixtures(db: Db): Promise<void> {
  const ids: Record<string, string> = {};
  for (const [key, user] of Object.entries(ASSISTANT_USERS)) {
    const seller = key === 'kumasiFarm' || key === 'tamaleFarm';
    ids[key] = (await createLocalUser(db, { ...user, password: FIXTURE_PASSWORD, ...(seller ? { roles: ['buyer', 'seller'] } : {}) })).id;
  }
  for (const farm of ['kumasiFarm', 'tamaleFarm'] as const) {
    await setSellerStatus(db, { email: ASSISTANT_USERS[farm].email, status: 'approved', businessName: ASSISTANT_FARMS[farm].name });
  }
  const today = new Date().toISOString().slice(0, 10);
  const rows: NewProductRow[] = Object.values(ASSISTANT_PRODUCTS).map((product) => {
    const farm = ASSISTANT_FARMS[product.farm];
    return {
      sellerUserId: ids[product.farm]!,
      title: product.title,
      description: `${product.title}, picked this morning at ${farm.name}.`,
      category: 'vegetables',
      unit: 'kg',
      priceMinor: product.priceMinor,
      stockQuantity: 300,
      minOrderQuantity: 1,
      organic: product.organic,
      harvestDate: today,
      originFarmName: farm.name,
      originRegion: farm.region,
      originLat: farm.lat,
      originLng: farm.lng,
      status: 'active',
    };
  });
  await db.insert(products).values(rows);
  await db.insert(deliverySlots).values(pickupSlots(ids.kumasiFarm!, new Date()));
}
