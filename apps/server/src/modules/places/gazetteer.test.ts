import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sellerApplications } from '../../db/schema/seller-applications';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { createAddress, createProduct, createSeller } from '../orders/testing/order-fixtures';
import { buildGazetteer, findPlaces, isProductWord, loadGazetteer, refreshGazetteer } from './gazetteer';
import { understand } from '../assistant/nlu/understand';

describe('gazetteer from a fixed list', () => {
  const gazetteer = buildGazetteer(
    [
      { name: 'Kumasi', lat: 6.6, lng: -1.6 },
      { name: 'kumasi ', lat: 6.8, lng: -1.8 },
      { name: 'Cape Coast', lat: 5.1, lng: -1.2 },
      { name: 'Ho', lat: 6.6, lng: 0.47 },
    ],
    ['Roma Tomatoes', 'Bolga Market Basket'],
  );

  it('groups names case-insensitively and averages their coordinates', () => {
    const kumasi = gazetteer.places.get('kumasi');
    expect(kumasi?.name).toBe('Kumasi');
    expect(kumasi?.lat).toBeCloseTo(6.7, 9);
    expect(kumasi?.lng).toBeCloseTo(-1.7, 9);
    expect(gazetteer.places.size).toBe(3);
  });

  it('matches multi-word names, a small typo, and never a typo of a short name', () => {
    const find = (text: string) => findPlaces(gazetteer, text.split(' '), () => true).map((match) => match.place.name);
    expect(find('honey near cape coast')).toEqual(['Cape Coast']);
    expect(find('yams in kumassi')).toEqual(['Kumasi']);
    expect(find('yams in kumasu')).toEqual(['Kumasi']);
    expect(find('going home')).toEqual([]);
    expect(find('in ho')).toEqual(['Ho']);
    expect(find('baskets from kumas')).toEqual(['Kumasi']);
  });

  it('knows the product-title words and their small typos', () => {
    expect(isProductWord(gazetteer, 'roma')).toBe(true);
    expect(isProductWord(gazetteer, 'tomatos')).toBe(true);
    expect(isProductWord(gazetteer, 'market')).toBe(false);
    expect(isProductWord(gazetteer, 'basket')).toBe(false);
  });
});

describe('loadGazetteer', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('reads the farms, product origins and address cities, cached until refreshed', async () => {
    const { app } = testApp;
    const seller = await createSeller(app, 'Ejisu Hills Farm');
    await app.db.update(sellerApplications).set({ region: 'Ejisu, Ashanti', lat: 6.72, lng: -1.47 }).where(eq(sellerApplications.userId, seller.id));
    await createProduct(app, seller.id, { title: 'Bambara Beans', originRegion: 'Bolgatanga, Upper East', originLat: 10.78, originLng: -0.85 });
    await createAddress(app, seller.id, { lat: 6.69, lng: -1.62 });

    const gazetteer = await refreshGazetteer(app.db);
    expect(gazetteer.places.get('ejisu')).toMatchObject({ name: 'Ejisu', lat: 6.72, lng: -1.47 });
    expect(gazetteer.places.get('bolgatanga')).toMatchObject({ lat: 10.78, lng: -0.85 });
    expect(gazetteer.places.get('upper east')?.name).toBe('Upper East');
    expect(gazetteer.places.get('kumasi')).toMatchObject({ lat: 6.69, lng: -1.62 });
    expect(gazetteer.places.get('ashanti')?.lat).toBeCloseTo(6.72, 6);
    expect(gazetteer.productWords.has('bambara')).toBe(true);
    expect(await loadGazetteer(app.db)).toBe(gazetteer);

    const understood = understand('bambara beans near Bolgatanga', null, gazetteer, { now: new Date(), currency: 'GHS' });
    expect(understood.filters.near).toEqual({ name: 'Bolgatanga', lat: 10.78, lng: -0.85 });

    await createProduct(app, seller.id, { title: 'Shea Honey', originRegion: 'Tamale, Northern', originLat: 9.4, originLng: -0.84 });
    expect((await loadGazetteer(app.db)).places.has('tamale')).toBe(false);
    expect((await refreshGazetteer(app.db)).places.get('tamale')).toMatchObject({ lat: 9.4, lng: -0.84 });
  });
});
