/**
 * Basket, checkout, wallet and addresses fixtures (tests/basket*.spec.ts, wallet*.spec.ts,
 * addresses*.spec.ts): two approved farms of their own with produce, pickup and delivery slots for
 * the coming days, and one buyer per spec so parallel workers never share a basket or a wallet.
 * Buyers start with no money: the specs top up through the UI or the API.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { basketItems } from '../../apps/server/src/db/schema/basket-items';
import { deliverySlots } from '../../apps/server/src/db/schema/delivery-slots';
import { products, type NewProductRow } from '../../apps/server/src/db/schema/products';
import { sellerApplications } from '../../apps/server/src/db/schema/seller-applications';
import { createLocalUser } from '../../apps/server/src/modules/auth/auth-service';
import { setSellerStatus } from '../../apps/server/src/modules/sellers/sellers-service';
import { FIXTURE_PASSWORD } from './fixtures';

export const BASKET_USERS = {
  farmA: { email: 'mensah.family@basket.e2e.example', username: 'mensah_family_farm' },
  farmB: { email: 'lakeside.greens@basket.e2e.example', username: 'lakeside_greens' },
  /** basket.spec.ts: two farms, quantities, remove and undo. */
  linesBuyer: { email: 'lines@basket.e2e.example', username: 'basket_lines_buyer' },
  /** basket.spec.ts: a line asking for more than is left. */
  problemBuyer: { email: 'problem@basket.e2e.example', username: 'basket_problem_buyer' },
  /** basket-checkout.spec.ts: delivery to a new address, top-up inline, two orders. */
  checkoutBuyer: { email: 'checkout@basket.e2e.example', username: 'basket_checkout_buyer' },
  /** basket-checkout.spec.ts: double click on Pay. */
  doublePayBuyer: { email: 'double.pay@basket.e2e.example', username: 'basket_double_pay' },
  /** basket-checkout.spec.ts: the first answer of Pay is lost on the way back. */
  lostAnswerBuyer: { email: 'lost.answer@basket.e2e.example', username: 'basket_lost_answer' },
  /** basket-checkout.spec.ts: a pickup order shows where, when and whom to call, from checkout to the order page. */
  pickupBuyer: { email: 'pickup@basket.e2e.example', username: 'basket_pickup_buyer' },
  /** basket-checkout.spec.ts: stock runs short between choosing and paying. */
  stockBuyer: { email: 'stock@basket.e2e.example', username: 'basket_stock_buyer' },
  /** wallet.spec.ts */
  walletBuyer: { email: 'wallet@basket.e2e.example', username: 'wallet_page_buyer' },
  /** addresses.spec.ts */
  addressBuyer: { email: 'addresses@basket.e2e.example', username: 'address_book_buyer' },
  /** languages.spec.ts: the French walk (a French browser, signing in, checking out) and the Twi one. */
  frenchBuyer: { email: 'french@basket.e2e.example', username: 'basket_french_buyer' },
  twiBuyer: { email: 'twi@basket.e2e.example', username: 'basket_twi_buyer' },
  /** addresses.spec.ts: coordinates from the town, and a pin for a place the server does not know. */
  pinBuyer: { email: 'pins@basket.e2e.example', username: 'address_pin_buyer' },
  /** discount-codes.spec: pays with farm A's code. */
  discountBuyer: { email: 'discount@basket.e2e.example', username: 'basket_discount_buyer' },
} as const;

export const BASKET_SHOPS = {
  farmA: { name: 'Mensah Family Farm', region: 'Greater Accra', lat: 5.6037, lng: -0.187 },
  farmB: { name: 'Lakeside Greens', region: 'Eastern', lat: 6.0941, lng: -0.2591, phone: '+233 24 555 0142' },
} as const;

/** Titles unlikely to meet another lane's fixtures. */
export const BASKET_PRODUCTS = {
  yams: { title: 'Mensah Yellow Yams', unit: 'kg', priceMinor: 450, stock: 500, minOrder: 1, farm: 'farmA' },
  cabbage: { title: 'Mensah Savoy Cabbage', unit: 'piece', priceMinor: 275, stock: 400, minOrder: 1, farm: 'farmA' },
  watercress: { title: 'Lakeside Watercress', unit: 'bunch', priceMinor: 320, stock: 400, minOrder: 1, farm: 'farmB' },
  tilapia: { title: 'Lakeside Smoked Tilapia', unit: 'kg', priceMinor: 1250, stock: 300, minOrder: 1, farm: 'farmB' },
  /** basket-checkout.spec.ts lowers its stock while the stock buyer is at the checkout. */
  shortHoney: { title: 'Mensah Forest Honey', unit: 'litre', priceMinor: 1600, stock: 10, minOrder: 1, farm: 'farmA' },
  /** Only 4 left: the problem buyer's basket asks for 9. */
  lastMushrooms: { title: 'Lakeside Oyster Mushrooms', unit: 'kg', priceMinor: 980, stock: 4, minOrder: 1, farm: 'farmB' },
} as const;

export type BasketProductKey = keyof typeof BASKET_PRODUCTS;

/** What the problem buyer's basket asks for, more than the 4 left. */
export const PROBLEM_LINE_QUANTITY = 9;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Pickup mornings and delivery afternoons for the next three days, orders closing 2 h before. */
function slotsFor(sellerUserId: string, now: Date) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return [1, 2, 3].flatMap((dayOffset) =>
    (
      [
        ['pickup', 9],
        ['delivery', 14],
      ] as const
    ).map(([method, startHour]) => {
      const startsAt = new Date(today + dayOffset * DAY_MS + startHour * HOUR_MS);
      return { sellerUserId, method, startsAt, endsAt: new Date(startsAt.getTime() + 3 * HOUR_MS), cutoffAt: new Date(startsAt.getTime() - 2 * HOUR_MS), capacity: null };
    }),
  );
}

export async function seedBasketFixtures(db: Db): Promise<void> {
  const ids: Record<string, string> = {};
  for (const [key, user] of Object.entries(BASKET_USERS)) {
    ids[key] = (await createLocalUser(db, { ...user, password: FIXTURE_PASSWORD })).id;
  }
  for (const farm of ['farmA', 'farmB'] as const) {
    await setSellerStatus(db, { email: BASKET_USERS[farm].email, status: 'approved', businessName: BASKET_SHOPS[farm].name });
  }
  // The pickup point's phone comes from the farm's application (setSellerStatus writes none).
  await db.update(sellerApplications).set({ phone: BASKET_SHOPS.farmB.phone }).where(eq(sellerApplications.userId, ids.farmB!));

  const productIds: Partial<Record<BasketProductKey, string>> = {};
  for (const [key, product] of Object.entries(BASKET_PRODUCTS) as [BasketProductKey, (typeof BASKET_PRODUCTS)[BasketProductKey]][]) {
    const shop = BASKET_SHOPS[product.farm];
    const row: NewProductRow = {
      sellerUserId: ids[product.farm]!,
      title: product.title,
      description: `${product.title}, grown at ${shop.name} in ${shop.region}.`,
      category: 'vegetables',
      unit: product.unit,
      priceMinor: product.priceMinor,
      stockQuantity: product.stock,
      minOrderQuantity: product.minOrder,
      originFarmName: shop.name,
      originRegion: shop.region,
      originLat: shop.lat,
      originLng: shop.lng,
      status: 'active',
    };
    const [inserted] = await db.insert(products).values(row).returning({ id: products.id });
    productIds[key] = inserted!.id;
  }

  const now = new Date();
  await db.insert(deliverySlots).values([...slotsFor(ids.farmA!, now), ...slotsFor(ids.farmB!, now)]);

  await db.insert(basketItems).values([
    { userId: ids.problemBuyer!, productId: productIds.lastMushrooms!, quantity: PROBLEM_LINE_QUANTITY },
    { userId: ids.problemBuyer!, productId: productIds.yams!, quantity: 2 },
  ]);
}
