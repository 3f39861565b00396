import { describe, expect, it, vi } from 'vitest';
import { createSavedDataStore } from './service-worker-saved-data';

const AT_14_02 = Date.parse('2025-03-03T14:02:00Z');
const AT_15_30 = Date.parse('2025-03-03T15:30:00Z');

describe('saved data store', () => {
  it('is empty until an answer from the cache is recorded', () => {
    const store = createSavedDataStore();
    store.record('/api/products/1', null);
    expect(store.getSnapshot()).toBeNull();
    store.record('/api/products/1', AT_14_02);
    expect(store.getSnapshot()).toBe(AT_14_02);
  });

  it('names the oldest saved answer on screen, and forgets an address once it is answered fresh', () => {
    const store = createSavedDataStore();
    store.record('/api/orders', AT_15_30);
    store.record('/api/products/1', AT_14_02);
    expect(store.getSnapshot()).toBe(AT_14_02);
    store.record('/api/products/1', null);
    expect(store.getSnapshot()).toBe(AT_15_30);
    store.record('/api/orders', null);
    expect(store.getSnapshot()).toBeNull();
  });

  it('keeps an unknown time (0) as the oldest, and clear() empties it', () => {
    const store = createSavedDataStore();
    store.record('/api/orders', AT_15_30);
    store.record('/api/wallet', 0);
    expect(store.getSnapshot()).toBe(0);
    store.clear();
    expect(store.getSnapshot()).toBeNull();
  });

  it('tells subscribers only when what it says changes', () => {
    const store = createSavedDataStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.record('/api/products', null);
    expect(listener).not.toHaveBeenCalled();
    store.record('/api/products', AT_14_02);
    store.record('/api/products?page=2', AT_15_30);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.clear();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
