/**
 * Seller workspace fixtures (tests/seller-workspace.spec.ts): an approved farm with payout details
 * on file, produce sold by weight and by the piece, open pickup and delivery slots, and a buyer with
 * a saved address. The spec places and moves its own orders through the API, so each test owns them.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { addresses } from '../../apps/server/src/db/schema/addresses';
import { deliverySlots } from '../../apps/server/src/db/schema/delivery-slots';
import { products, type NewProductRow } from '../../apps/server/src/db/schema/products';
import { sellerApplications } from '../../apps/server/src/db/schema/seller-applications';
import { createLocalUser } from '../../apps/server/src/modules/auth/auth-service';
import { setSellerStatus } from '../../apps/server/src/modules/sellers/sellers-service';
import { FIXTURE_PASSWORD } from './fixtures';

export const SELLER_WORKSPACE_USERS = {
  farm: { email: 'farm@seller-workspace.e2e.example', username: 'workspace_farm_kofi' },
  buyer: { email: 'buyer@seller-workspace.e2e.example', username: 'workspace_buyer_ama' },
  /** Signed in without the seller role: the seller pages say they are for approved sellers. */
  plainBuyer: { email: 'plain@seller-workspace.e2e.example', username: 'workspace_plain_buyer' },
} as const;

export const SELLER_WORKSPACE_SHOP = { name: 'Kofi Workspace Farm', region: 'Eastern', lat: 6.0941, lng: -0.2591 } as const;

/** What the payout details on file read as on /wallet (server: findPayoutDestination, the number masked). */
export const SELLER_WORKSPACE_PAYOUT = {
  method: 'mobile_money',
  providerName: 'MTN',
  accountName: 'Kofi Mensah',
  accountNumber: '0241112222',
  destination: 'MTN Mobile Money ****2222',
} as const;

/** Titles no other lane uses, so catalogue searches find exactly one. */
export const SELLER_WORKSPACE_PRODUCTS = {
  yams: { title: 'Workspace-lane Water Yams', unit: 'kg', priceMinor: 400, stock: 5000 },
  eggs: { title: 'Workspace-lane Guinea Fowl Eggs', unit: 'piece', priceMinor: 250, stock: 5000 },
} as const;

export type SellerWorkspaceProductKey = keyof typeof SELLER_WORKSPACE_PRODUCTS;

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export async function seedSellerWorkspaceFixtures(db: Db): Promise<void> {
  const ids: Record<string, string> = {};
  for (const [key, user] of Object.entries(SELLER_WORKSPACE_USERS)) {
    ids[key] = (await createLocalUser(db, { ...user, password: FIXTURE_PASSWORD })).id;
  }
  await setSellerStatus(db, { email: SELLER_WORKSPACE_USERS.farm.email, status: 'approved', businessName: SELLER_WORKSPACE_SHOP.name });
  await db
    .update(sellerApplications)
    .set({
      payoutMethod: SELLER_WORKSPACE_PAYOUT.method,
      payoutProviderName: SELLER_WORKSPACE_PAYOUT.providerName,
      payoutAccountName: SELLER_WORKSPACE_PAYOUT.accountName,
      payoutAccountNumber: SELLER_WORKSPACE_PAYOUT.accountNumber,
    })
    .where(eq(sellerApplications.userId, ids.farm!));

  const shop = SELLER_WORKSPACE_SHOP;
  const productRows: NewProductRow[] = Object.values(SELLER_WORKSPACE_PRODUCTS).map((product) => ({
    sellerUserId: ids.farm!,
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
  }));
  await db.insert(products).values(productRows);

  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const slots = [1, 2, 3].flatMap((dayOffset) =>
    (['pickup', 'delivery'] as const).map((method) => {
      const startsAt = new Date(today + dayOffset * DAY_MS + (method === 'pickup' ? 9 : 14) * HOUR_MS);
      return { sellerUserId: ids.farm!, method, startsAt, endsAt: new Date(startsAt.getTime() + 3 * HOUR_MS), cutoffAt: new Date(startsAt.getTime() - 2 * HOUR_MS), capacity: null };
    }),
  );
  await db.insert(deliverySlots).values(slots);

  await db.insert(addresses).values({
    userId: ids.buyer!,
    label: 'Home',
    recipientName: 'Ama Owusu',
    phone: '+233 24 555 0199',
    line1: '3 Station Road',
    city: 'Koforidua',
    region: 'Eastern',
    lat: 6.0903,
    lng: -0.2555,
    isDefault: true,
  });
}
