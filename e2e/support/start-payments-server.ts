/**
 * A server of its own for the Paystack walks (tests/payments-paystack.spec.ts): a buyer, a farm whose
 * earnings wait to be paid out, its garden eggs with pickup times and a second buyer with two kilos
 * of them in the basket, with PAYMENT_PROVIDER=paystack pointed at the Paystack double the spec runs.
 * Started by the spec as a child process (tsx): PORT, PAYSTACK_BASE_URL and PAYMENTS_DATA_DIR come
 * from the spec.
 */
import { eq } from 'drizzle-orm';
import { basketItems } from '../../apps/server/src/db/schema/basket-items';
import { deliverySlots } from '../../apps/server/src/db/schema/delivery-slots';
import { sellerApplications } from '../../apps/server/src/db/schema/seller-applications';
import { createLocalUser } from '../../apps/server/src/modules/auth/auth-service';
import { setSellerStatus } from '../../apps/server/src/modules/sellers/sellers-service';
import { postLedgerTransaction } from '../../apps/server/src/modules/wallet/ledger-service';
import { FIXTURE_PASSWORD } from './fixtures';
import { PAYMENTS_BUYER, PAYMENTS_CHECKOUT_BUYER, PAYMENTS_FARM, PAYMENTS_PRODUCT, PAYMENTS_SECRET_KEY } from './payments-data';
import { insertGardenEggs, startSeededServer, type SeedDb } from './start-seeded-server';

const CURRENCY = 'GHS';
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Pickup mornings at the farm for the next three days, orders closing 2 h before. */
function pickupSlots(sellerUserId: string, now: Date) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return [1, 2, 3].map((dayOffset) => {
    const startsAt = new Date(today + dayOffset * DAY_MS + 9 * HOUR_MS);
    return { sellerUserId, method: 'pickup' as const, startsAt, endsAt: new Date(startsAt.getTime() + 3 * HOUR_MS), cutoffAt: new Date(startsAt.getTime() - 2 * HOUR_MS), capacity: null };
  });
}

async function seed(db: SeedDb): Promise<void> {
  await createLocalUser(db, { email: PAYMENTS_BUYER.email, username: PAYMENTS_BUYER.username, password: FIXTURE_PASSWORD });
  const checkoutBuyer = await createLocalUser(db, { email: PAYMENTS_CHECKOUT_BUYER.email, username: PAYMENTS_CHECKOUT_BUYER.username, password: FIXTURE_PASSWORD });
  const farm = await createLocalUser(db, { email: PAYMENTS_FARM.email, username: PAYMENTS_FARM.username, password: FIXTURE_PASSWORD, roles: ['buyer', 'seller'] });
  await setSellerStatus(db, { email: PAYMENTS_FARM.email, status: 'approved', businessName: PAYMENTS_FARM.name });
  const { payout } = PAYMENTS_FARM;
  await db
    .update(sellerApplications)
    .set({ payoutMethod: payout.method, payoutProviderName: payout.providerName, payoutAccountName: payout.accountName, payoutAccountNumber: payout.accountNumber })
    .where(eq(sellerApplications.userId, farm.id));
  // Earnings from earlier sales: money the provider holds for the platform, owed to the farm.
  await postLedgerTransaction(db, {
    kind: 'top_up',
    idempotencyKey: 'e2e-payments:farm-earnings',
    memo: 'Earnings from earlier sales',
    currency: CURRENCY,
    postings: [
      { account: { ownerUserId: null, kind: 'provider_clearing' }, amountMinor: -PAYMENTS_FARM.availableMinor },
      { account: { ownerUserId: farm.id, kind: 'user_available' }, amountMinor: PAYMENTS_FARM.availableMinor },
    ],
  });

  const productId = await insertGardenEggs(db, {
    sellerUserId: farm.id,
    farmName: PAYMENTS_FARM.name,
    place: 'Dodowa',
    lat: 5.8826,
    lng: -0.0977,
    title: PAYMENTS_PRODUCT.title,
    priceMinor: PAYMENTS_PRODUCT.priceMinor,
  });
  await db.insert(deliverySlots).values(pickupSlots(farm.id, new Date()));
  await db.insert(basketItems).values({ userId: checkoutBuyer.id, productId, quantity: PAYMENTS_PRODUCT.basketQuantity });
}

if (!process.env.PAYSTACK_BASE_URL) throw new Error('PAYSTACK_BASE_URL is not set (the Paystack double the spec started)');
startSeededServer({
  name: 'payments',
  dataDirVariable: 'PAYMENTS_DATA_DIR',
  seed,
  env: { CURRENCY, PAYMENT_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: PAYMENTS_SECRET_KEY },
});
