import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PENDING_ADD_TTL_MS, readPendingBasketAdd, savePendingBasketAdd, takePendingBasketAdd } from './pending-basket-add';

const EGGS = { productId: '0195f3a2-7c1e-7d3a-9b2c-4e5f6a7b8c9d', title: 'Garden Eggs', quantity: 3 };

/** The part of session storage the module uses (the web tests run in Node). */
function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

beforeEach(() => vi.stubGlobal('sessionStorage', memoryStorage()));
afterEach(() => vi.unstubAllGlobals());

describe('pending basket add', () => {
  it('is read for the login page and taken once by its product only', () => {
    savePendingBasketAdd(EGGS, 1000);
    expect(readPendingBasketAdd(2000)).toMatchObject(EGGS);
    expect(takePendingBasketAdd('another-product', 2000)).toBeNull();
    expect(takePendingBasketAdd(EGGS.productId, 2000)).toMatchObject(EGGS);
    expect(takePendingBasketAdd(EGGS.productId, 2000)).toBeNull();
  });

  it('is forgotten after half an hour, and when it is not well formed', () => {
    savePendingBasketAdd(EGGS, 1000);
    expect(takePendingBasketAdd(EGGS.productId, 1000 + PENDING_ADD_TTL_MS + 1)).toBeNull();
    expect(globalThis.sessionStorage.getItem('pending_basket_add')).toBeNull();
    globalThis.sessionStorage.setItem('pending_basket_add', '{"productId":"x","quantity":-1}');
    expect(readPendingBasketAdd()).toBeNull();
    globalThis.sessionStorage.setItem('pending_basket_add', 'not json');
    expect(readPendingBasketAdd()).toBeNull();
  });
});
