/**
 * Referral journey fixtures (tests/referrals-journey.spec.ts): an approved referral agent (its code
 * is made on first use of /agent-referrals) and a farm of its own with one product sold by the
 * piece and pickup slots, so the new visitor's order completes in the fewest steps. The referred
 * buyer is made by the spec itself (a fresh sign-up). Nobody else uses these rows.
 *
 * tests/admin-referrals.spec.ts has a referral agent of its own with a fixed code (so the journey
 * spec's funnel never counts its sign-ups) and an admin of its own (so its audit entries are apart).
 */
import type { Db } from '../../apps/server/src/db/client';
import { agents } from '../../apps/server/src/db/schema/agents';
import { deliverySlots } from '../../apps/server/src/db/schema/delivery-slots';
import { products } from '../../apps/server/src/db/schema/products';
import { referralCodes } from '../../apps/server/src/db/schema/referrals';
import { createLocalUser } from '../../apps/server/src/modules/auth/auth-service';
import { setSellerStatus } from '../../apps/server/src/modules/sellers/sellers-service';
import { FIXTURE_PASSWORD } from './fixtures';

export const REFERRALS_USERS = {
  /** Approved referral agent: shares its link, watches the funnel. */
  agent: { email: 'referrer.abena@referrals.e2e.example', username: 'referrer_abena' },
  /** The farm the referred visitor buys from. */
  farm: { email: 'owusu.orchard@referrals.e2e.example', username: 'owusu_orchard' },
} as const;

/** The admin referrals spec's people: an agent whose referral the admin voids, and the admin. */
export const ADMIN_REFERRALS_USERS = {
  agent: { email: 'kwesi.voided@referrals.e2e.example', username: 'kwesi_voided' },
  admin: { email: 'admin@referrals.e2e.example', username: 'referrals_admin_efua' },
} as const;

/** Made at seed time rather than on first use of /agent-referrals, so the admin's row shows it. */
export const ADMIN_REFERRALS_CODE = 'KWE-V7D';

export const REFERRALS_SHOP = { name: 'Owusu Citrus Orchard', region: 'Ashanti', lat: 6.6931, lng: -1.6188 } as const;

/** A title no other lane's search meets. */
export const REFERRALS_PRODUCT = { title: 'Referrals-lane Sweet Oranges', unit: 'piece', priceMinor: 2_450, stock: 500 } as const;

const DAY_MS = 24 * 60 * 60 * 1000;

export async function seedReferralsFixtures(db: Db): Promise<void> {
  const agentUser = await createLocalUser(db, { ...REFERRALS_USERS.agent, password: FIXTURE_PASSWORD, roles: ['buyer', 'agent'] });
  const farmUser = await createLocalUser(db, { ...REFERRALS_USERS.farm, password: FIXTURE_PASSWORD });
  await setSellerStatus(db, { email: REFERRALS_USERS.farm.email, status: 'approved', businessName: REFERRALS_SHOP.name });

  const now = new Date();
  await db.insert(agents).values({
    userId: agentUser.id,
    kind: 'referral',
    status: 'approved',
    region: 'Kumasi, Ashanti',
    lat: 6.6958,
    lng: -1.6172,
    phone: '+233 24 555 0301',
    payoutMethod: 'mobile_money',
    payoutAccountName: 'Abena Owusu-Ansah',
    payoutAccountNumber: '0245550301',
    payoutProviderName: 'MTN MoMo',
    termsAcceptedAt: now,
    reviewedAt: now,
  });

  await db.insert(products).values({
    sellerUserId: farmUser.id,
    title: REFERRALS_PRODUCT.title,
    description: `${REFERRALS_PRODUCT.title}, picked ripe at ${REFERRALS_SHOP.name}.`,
    category: 'fruits',
    unit: REFERRALS_PRODUCT.unit,
    priceMinor: REFERRALS_PRODUCT.priceMinor,
    stockQuantity: REFERRALS_PRODUCT.stock,
    originFarmName: REFERRALS_SHOP.name,
    originRegion: REFERRALS_SHOP.region,
    originLat: REFERRALS_SHOP.lat,
    originLng: REFERRALS_SHOP.lng,
    status: 'active',
  });

  const voidAgentUser = await createLocalUser(db, { ...ADMIN_REFERRALS_USERS.agent, password: FIXTURE_PASSWORD, roles: ['buyer', 'agent'] });
  await createLocalUser(db, { ...ADMIN_REFERRALS_USERS.admin, password: FIXTURE_PASSWORD, roles: ['buyer', 'admin'] });
  const [voidAgent] = await db
    .insert(agents)
    .values({
      userId: voidAgentUser.id,
      kind: 'referral',
      status: 'approved',
      region: 'Cape Coast, Central',
      lat: 5.1053,
      lng: -1.2466,
      phone: '+233 24 555 0302',
      payoutMethod: 'mobile_money',
      payoutAccountName: 'Kwesi Arthur',
      payoutAccountNumber: '0245550302',
      payoutProviderName: 'MTN MoMo',
      termsAcceptedAt: now,
      reviewedAt: now,
    })
    .returning({ id: agents.id });
  if (!voidAgent) throw new Error('The admin referrals agent was not created');
  await db.insert(referralCodes).values({ code: ADMIN_REFERRALS_CODE, agentId: voidAgent.id, agentUserId: voidAgentUser.id });

  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  await db.insert(deliverySlots).values(
    [1, 2].map((dayOffset) => {
      const startsAt = new Date(today + dayOffset * DAY_MS + 9 * 60 * 60 * 1000);
      return {
        sellerUserId: farmUser.id,
        method: 'pickup' as const,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 3 * 60 * 60 * 1000),
        cutoffAt: new Date(startsAt.getTime() - 2 * 60 * 60 * 1000),
        capacity: null,
      };
    }),
  );
}
