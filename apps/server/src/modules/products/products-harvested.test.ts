import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { createProduct, createSeller } from '../orders/testing/order-fixtures';
import { listProducts } from './products-service';

/**
 * The listing's harvest-date filter (issue 14: the Pulse Assistant's "harvested this week"): not
 * part of the public query, the assistant's catalogue search passes it to the same listing.
 */

let testApp: TestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  testApp = await createTestApp();
  const seller = await createSeller(testApp.app);
  ids.fresh = await createProduct(testApp.app, seller.id, { title: 'Fresh Spinach', harvestDate: '2026-11-20' });
  ids.edge = await createProduct(testApp.app, seller.id, { title: 'Spinach Bunches', harvestDate: '2026-11-14' });
  ids.old = await createProduct(testApp.app, seller.id, { title: 'Old Spinach', harvestDate: '2026-10-01' });
  ids.unknown = await createProduct(testApp.app, seller.id, { title: 'Spinach Seeds', harvestDate: null });
});

afterAll(async () => {
  await testApp.close();
});

describe('listProducts with harvestedSince', () => {
  it('keeps products harvested on or after the day, with and without search words', async () => {
    const query = { limit: 24, sort: 'newest' as const };
    const all = await listProducts(testApp.app.db, query, 'USD');
    expect(all.items.map((item) => item.id).sort()).toEqual(Object.values(ids).sort());
    const recent = await listProducts(testApp.app.db, query, 'USD', { harvestedSince: '2026-11-14' });
    expect(recent.items.map((item) => item.id).sort()).toEqual([ids.fresh, ids.edge].sort());
    // The relevance search goes through the ranking cache: the filter is part of its key.
    const searched = await listProducts(testApp.app.db, { limit: 24, q: 'spinach' }, 'USD');
    expect(searched.items).toHaveLength(4);
    const searchedRecent = await listProducts(testApp.app.db, { limit: 24, q: 'spinach' }, 'USD', { harvestedSince: '2026-11-14' });
    expect(searchedRecent.items.map((item) => item.id).sort()).toEqual([ids.fresh, ids.edge].sort());
  });
});
