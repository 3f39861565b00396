/**
 * A server of its own for a spec about money in one currency (tests/money-formats.spec.ts): one farm,
 * one product at a price the spec names and a buyer whose basket holds two of it, with CURRENCY set.
 * Started by the spec as a child process (tsx), one per currency: PORT, CURRENCY, MONEY_PRICE_MINOR,
 * MONEY_DATA_DIR come from the spec.
 */
import { basketItems } from '../../apps/server/src/db/schema/basket-items';
import { createLocalUser } from '../../apps/server/src/modules/auth/auth-service';
import { setSellerStatus } from '../../apps/server/src/modules/sellers/sellers-service';
import { FIXTURE_PASSWORD } from './fixtures';
import { MONEY_BUYER, MONEY_FARM, MONEY_PRODUCT } from './money-formats-data';
import { insertGardenEggs, startSeededServer } from './start-seeded-server';

startSeededServer({
  name: 'money-formats',
  dataDirVariable: 'MONEY_DATA_DIR',
  seed: async (db) => {
    const farm = await createLocalUser(db, { email: MONEY_FARM.email, username: MONEY_FARM.username, password: FIXTURE_PASSWORD, roles: ['buyer', 'seller'] });
    await setSellerStatus(db, { email: MONEY_FARM.email, status: 'approved', businessName: MONEY_FARM.name });
    const buyer = await createLocalUser(db, { email: MONEY_BUYER.email, username: MONEY_BUYER.username, password: FIXTURE_PASSWORD });
    const productId = await insertGardenEggs(db, {
      sellerUserId: farm.id,
      farmName: MONEY_FARM.name,
      place: 'Madina',
      lat: 5.6837,
      lng: -0.1657,
      title: MONEY_PRODUCT,
      priceMinor: Number(process.env.MONEY_PRICE_MINOR),
    });
    await db.insert(basketItems).values({ userId: buyer.id, productId, quantity: 2 });
  },
});
