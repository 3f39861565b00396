/**
 * Agent journey fixtures (tests/agent-journey.spec.ts): a farm with coordinates (so its delivery
 * tasks are offered by distance), its product and slots, a buyer with an address nearby, and three
 * approved delivery agents whose working radius covers the farm. Nobody else uses these rows.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { addresses } from '../../apps/server/src/db/schema/addresses';
import { agents } from '../../apps/server/src/db/schema/agents';
import { deliverySlots } from '../../apps/server/src/db/schema/delivery-slots';
import { products } from '../../apps/server/src/db/schema/products';
import { sellerProfiles } from '../../apps/server/src/db/schema/seller-profiles';
import { createLocalUser } from '../../apps/server/src/modules/auth/auth-service';
import { setSellerStatus } from '../../apps/server/src/modules/sellers/sellers-service';
import { FIXTURE_PASSWORD } from './fixtures';

export const AGENT_LANE_USERS = {
  farm: { email: 'mensah.yams@agents.e2e.example', username: 'mensah_yams' },
  buyer: { email: 'buyer@agents.e2e.example', username: 'agents_lane_buyer' },
  /** Wins the claim, picks up, shares its position, delivers; also walks the failed attempt. */
  rider: { email: 'rider.kofi@agents.e2e.example', username: 'rider_kofi' },
  /** Loses the race for the same task; walks the release. */
  rival: { email: 'rider.ama@agents.e2e.example', username: 'rider_ama' },
} as const;

/**
 * A buyer who has not applied to be an agent (tests/agent-registration.spec.ts applies with it). Made
 * by the fixtures, so the address counts as confirmed (decision 053): applications need that.
 */
export const AGENT_APPLICANT = { email: 'applicant@agents.e2e.example', username: 'agent_applicant' } as const;

export const AGENT_LANE_FARM = { name: 'Mensah Yam Fields', region: 'Ashanti', lat: 6.7102, lng: -1.6305 } as const;

export const AGENT_LANE_PRODUCT = { title: 'Agents-lane White Yam', unit: 'piece', priceMinor: 600, stock: 400 } as const;

/** About 2 km from the farm. */
export const AGENT_LANE_ADDRESS = {
  label: 'Home',
  recipientName: 'Akua Owusu',
  phone: '+233 24 555 0177',
  line1: '7 Bantama High Street',
  city: 'Kumasi',
  region: 'Ashanti',
  lat: 6.6972,
  lng: -1.6201,
} as const;

/** The agents' home point: the farm is about 3 km away, well inside their 25 km radius. */
export const AGENT_LANE_HOME = { lat: 6.69, lng: -1.64 } as const;

const DAY_MS = 24 * 60 * 60 * 1000;

export async function seedAgentLaneFixtures(db: Db): Promise<void> {
  const ids: Record<string, string> = {};
  for (const [key, user] of Object.entries(AGENT_LANE_USERS)) {
    const roles = key === 'rider' || key === 'rival' ? ['buyer', 'agent'] : undefined;
    ids[key] = (await createLocalUser(db, { ...user, password: FIXTURE_PASSWORD, ...(roles ? { roles } : {}) })).id;
  }
  await createLocalUser(db, { ...AGENT_APPLICANT, password: FIXTURE_PASSWORD });
  await setSellerStatus(db, { email: AGENT_LANE_USERS.farm.email, status: 'approved', businessName: AGENT_LANE_FARM.name });
  await db
    .update(sellerProfiles)
    .set({ lat: AGENT_LANE_FARM.lat, lng: AGENT_LANE_FARM.lng, region: AGENT_LANE_FARM.region })
    .where(eq(sellerProfiles.userId, ids.farm!));

  await db.insert(products).values({
    sellerUserId: ids.farm!,
    title: AGENT_LANE_PRODUCT.title,
    description: `${AGENT_LANE_PRODUCT.title} from ${AGENT_LANE_FARM.name}.`,
    category: 'vegetables',
    unit: AGENT_LANE_PRODUCT.unit,
    priceMinor: AGENT_LANE_PRODUCT.priceMinor,
    stockQuantity: AGENT_LANE_PRODUCT.stock,
    originFarmName: AGENT_LANE_FARM.name,
    originRegion: AGENT_LANE_FARM.region,
    originLat: AGENT_LANE_FARM.lat,
    originLng: AGENT_LANE_FARM.lng,
    status: 'active',
  });

  const now = new Date();
  const slots = [];
  for (const dayOffset of [1, 2]) {
    const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + dayOffset * DAY_MS;
    const startsAt = new Date(day + 14 * 60 * 60 * 1000);
    slots.push({
      sellerUserId: ids.farm!,
      method: 'delivery' as const,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3 * 60 * 60 * 1000),
      cutoffAt: new Date(startsAt.getTime() - 2 * 60 * 60 * 1000),
      capacity: null,
    });
  }
  await db.insert(deliverySlots).values(slots);
  await db.insert(addresses).values({ userId: ids.buyer!, ...AGENT_LANE_ADDRESS, isDefault: true });

  for (const key of ['rider', 'rival'] as const) {
    await db.insert(agents).values({
      userId: ids[key]!,
      kind: 'delivery',
      status: 'approved',
      region: AGENT_LANE_FARM.region,
      lat: AGENT_LANE_HOME.lat,
      lng: AGENT_LANE_HOME.lng,
      workingRadiusKm: 25,
      vehicle: key === 'rider' ? 'motorbike' : 'bicycle',
      phone: key === 'rider' ? '+233 24 555 0201' : '+233 24 555 0202',
      payoutMethod: 'mobile_money',
      payoutAccountName: AGENT_LANE_USERS[key].username,
      payoutAccountNumber: key === 'rider' ? '0245550201' : '0245550202',
      payoutProviderName: 'MTN MoMo',
      termsAcceptedAt: now,
      reviewedAt: now,
    });
  }
}
