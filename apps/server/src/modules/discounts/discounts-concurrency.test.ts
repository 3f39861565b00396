import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { discountRedemptions } from '../../db/schema/discounts';
import { orders } from '../../db/schema/orders';
import { useConcurrencyApp } from '../../testing/parallel-connections';
import { balances, checkout, createBuyer, createProduct, createSeller, createSlot, fundWallet, ledgerTotal, putInBasket } from '../orders/testing/order-fixtures';
import { createCodeFor } from './discounts-test-helpers';

/**
 * Issue 27: a code's uses are counted exactly with the checkouts really overlapping. On PostgreSQL
 * (DATABASE_URL) each request has its own connection and the code row's lock decides; on PGlite the
 * same test checks the answers with the requests queued.
 */

const suite = useConcurrencyApp('discounts');
const { burst } = suite;

describe('discount code uses under real concurrency', () => {
  it('20 buyers at once with a code that has 5 uses left: exactly 5 discounted orders, 15 told the code has been used up', async () => {
    const { app } = suite.testApp;
    const farm = await createSeller(app, 'Market Day Farm');
    const eggs = await createProduct(app, farm.id, { title: 'Eggs', unit: 'piece', stockQuantity: 1000, priceMinor: 500 });
    const slotId = await createSlot(app, farm.id, { capacity: 100 });
    const code = await createCodeFor(app, farm, { code: 'marketday', kind: 'percent', value: 20, totalUses: 7 });

    // Two uses are already taken: 5 left.
    for (let index = 0; index < 2; index += 1) {
      const early = await createBuyer(app);
      await fundWallet(app, early.id, 10_000);
      await putInBasket(app, early.id, eggs, 2);
      const placed = await checkout(app, early, { sellers: [{ sellerUserId: farm.id, fulfilment: 'pickup', slotId }], discountCodes: ['MarketDay'] });
      expect(placed.statusCode, placed.body).toBe(201);
    }

    const buyers = await Promise.all(Array.from({ length: 20 }, () => createBuyer(app)));
    for (const buyer of buyers) {
      await fundWallet(app, buyer.id, 10_000);
      await putInBasket(app, buyer.id, eggs, 2);
    }
    const body = { sellers: [{ sellerUserId: farm.id, fulfilment: 'pickup', slotId }], discountCodes: ['marketDAY'] };

    const responses = await burst(() => Promise.all(buyers.map((buyer) => checkout(app, buyer, body))));

    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    for (const response of responses.filter((candidate) => candidate.statusCode === 409)) {
      expect(response.json().error.message).toBe('This code has been used up');
    }
    for (const [index, buyer] of buyers.entries()) {
      // 2 eggs at 5.00 less 20 %: 8.00 paid by a winner, nothing by the others.
      expect(await balances(app, buyer.id)).toMatchObject(statuses[index] === 201 ? { availableMinor: 10_000 - 800, escrowMinor: 800 } : { availableMinor: 10_000, escrowMinor: 0 });
    }
    const discounted = await app.db.select({ farmDiscountMinor: orders.farmDiscountMinor, totalMinor: orders.totalMinor }).from(orders).where(eq(orders.sellerUserId, farm.id));
    expect(discounted).toHaveLength(7);
    expect(discounted.every((order) => order.farmDiscountMinor === 200 && order.totalMinor === 800)).toBe(true);
    expect(await app.db.select().from(discountRedemptions).where(eq(discountRedemptions.codeId, code.id))).toHaveLength(7);
    expect(await ledgerTotal(app)).toBe(0);
  }, 120_000);
});
