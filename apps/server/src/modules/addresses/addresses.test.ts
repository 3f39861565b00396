import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAddress } from '@pulse/contract/addresses';
import { bearer, registerTestUser } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { getAddressForUser } from './addresses-repository';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

const home = {
  label: 'Home',
  recipientName: 'Ama Mensah',
  phone: '+233 24 123 4567',
  line1: '12 Market Street',
  city: 'Kumasi',
  region: 'Ashanti',
  postalCode: 'AK-039',
  lat: 6.6885,
  lng: -1.6244,
};

function create(token: string, body: object) {
  return testApp.app.inject({ method: 'POST', url: '/api/addresses', headers: bearer(token), payload: body });
}

async function list(token: string): Promise<TAddress[]> {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/addresses', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json().items;
}

describe('addresses API', () => {
  it('needs a signed-in user', async () => {
    const id = '0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b';
    for (const [method, url] of [
      ['GET', '/api/addresses'],
      ['POST', '/api/addresses'],
      ['PUT', `/api/addresses/${id}`],
      ['DELETE', `/api/addresses/${id}`],
      ['POST', `/api/addresses/${id}/default`],
    ] as const) {
      expect((await testApp.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('creates an address (201); the first one becomes the default', async () => {
    const { token } = await registerTestUser(testApp.app);
    expect(await list(token)).toEqual([]);
    const response = await create(token, { ...home, isDefault: false });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ ...home, line2: '', isDefault: true, id: expect.any(String) });
    const second = await create(token, { ...home, label: 'Work', line1: '4 Station Road' });
    expect(second.json().isDefault).toBe(false);
    expect((await list(token)).map((address) => [address.label, address.isDefault])).toEqual([
      ['Home', true],
      ['Work', false],
    ]);
  });

  it('refuses bad input with a message per field', async () => {
    const { token } = await registerTestUser(testApp.app);
    const response = await create(token, { recipientName: '  ', phone: 'call me', line1: '', city: 'K'.repeat(101), lat: 91 });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      recipientName: 'Enter the recipient’s name',
      phone: 'Enter a phone number, digits with an optional leading +',
      line1: 'Enter the street and number',
      city: 'Too long (100 characters at most)',
      lat: 'Latitude is between -90 and 90',
    });
    expect(await list(token)).toEqual([]);
  });

  it('a new address with isDefault moves the default; POST .../default switches it', async () => {
    const { token } = await registerTestUser(testApp.app);
    const first = (await create(token, home)).json();
    const second = (await create(token, { ...home, label: 'Farm', isDefault: true })).json();
    expect(second.isDefault).toBe(true);
    let addresses = await list(token);
    expect(addresses[0]?.id).toBe(second.id);
    expect(addresses.filter((address) => address.isDefault)).toHaveLength(1);

    const switched = await testApp.app.inject({ method: 'POST', url: `/api/addresses/${first.id}/default`, headers: bearer(token) });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ id: first.id, isDefault: true });
    addresses = await list(token);
    expect(addresses.map((address) => [address.id, address.isDefault])).toEqual([
      [first.id, true],
      [second.id, false],
    ]);
  });

  it('PUT replaces the fields', async () => {
    const { token } = await registerTestUser(testApp.app);
    const created = (await create(token, home)).json();
    const response = await testApp.app.inject({
      method: 'PUT',
      url: `/api/addresses/${created.id}`,
      headers: bearer(token),
      payload: { ...home, line1: '99 New Road', city: 'Nowhere Creek', region: '', lat: null, lng: null },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: created.id, line1: '99 New Road', lat: null, lng: null, locatedBy: null, isDefault: true });
    const invalid = await testApp.app.inject({ method: 'PUT', url: `/api/addresses/${created.id}`, headers: bearer(token), payload: { ...home, city: '' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields).toEqual({ city: 'Enter the town or city' });
    expect((await list(token))[0]?.line1).toBe('99 New Road');
  });

  it('deleting the default makes the newest remaining address the default', async () => {
    const { token } = await registerTestUser(testApp.app);
    const a = (await create(token, { ...home, label: 'A' })).json();
    await create(token, { ...home, label: 'B' });
    const c = (await create(token, { ...home, label: 'C' })).json();
    const deleted = await testApp.app.inject({ method: 'DELETE', url: `/api/addresses/${a.id}`, headers: bearer(token) });
    expect(deleted.statusCode).toBe(204);
    const addresses = await list(token);
    expect(addresses.map((address) => [address.label, address.isDefault])).toEqual([
      ['C', true],
      ['B', false],
    ]);
    expect(addresses[0]?.id).toBe(c.id);
    // Deleting a non-default leaves the default alone.
    await testApp.app.inject({ method: 'DELETE', url: `/api/addresses/${addresses[1]?.id}`, headers: bearer(token) });
    expect((await list(token)).map((address) => [address.label, address.isDefault])).toEqual([['C', true]]);
  });

  describe('coordinates when saved (decision 029)', () => {
    /** Someone pinned an address in Ejisu, Ashanti: the gazetteer now knows the town and the region. */
    const ejisu = { lat: 6.7205, lng: -1.4711 };

    beforeAll(async () => {
      const neighbour = await registerTestUser(testApp.app);
      expect((await create(neighbour.token, { ...home, city: 'Ejisu', region: 'Ashanti', ...ejisu })).statusCode).toBe(201);
    });

    it('keeps the buyer’s pin as given', async () => {
      const { token } = await registerTestUser(testApp.app);
      const saved = (await create(token, { ...home, city: 'Mampong', lat: 7.06, lng: -1.4 })).json() as TAddress;
      expect(saved).toMatchObject({ lat: 7.06, lng: -1.4, locatedBy: 'pin' });
    });

    it('places an address without a pin at its known town, a small typo included', async () => {
      const { token } = await registerTestUser(testApp.app);
      for (const city of ['Ejisu', 'ejisu', 'Ejissu']) {
        const saved = (await create(token, { ...home, label: city, city, region: '', lat: null, lng: null })).json() as TAddress;
        expect(saved.locatedBy, city).toBe('town');
        expect(saved.lat, city).toBeCloseTo(ejisu.lat, 4);
        expect(saved.lng, city).toBeCloseTo(ejisu.lng, 4);
      }
    });

    it('falls back to the known region when the town is unknown', async () => {
      const { token } = await registerTestUser(testApp.app);
      const saved = (await create(token, { ...home, city: 'Abirem Zongo', region: 'Ashanti', lat: null, lng: null })).json() as TAddress;
      expect(saved.locatedBy).toBe('region');
      expect(saved.lat).not.toBeNull();
    });

    it('an unknown place stays off the map (no coordinates, locatedBy null)', async () => {
      const { token } = await registerTestUser(testApp.app);
      const response = await create(token, { ...home, city: 'Nowhere Creek', region: 'Far Away', lat: null, lng: null });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ city: 'Nowhere Creek', lat: null, lng: null, locatedBy: null });
    });

    it('a town first seen after the gazetteer was read still places the address', async () => {
      const { token } = await registerTestUser(testApp.app);
      expect((await create(token, { ...home, city: 'Konongo', region: '', lat: null, lng: null })).json().locatedBy).toBeNull();
      await create(token, { ...home, label: 'Pinned', city: 'Konongo', lat: 6.6167, lng: -1.2167 });
      const placed = (await create(token, { ...home, label: 'Later', city: 'Konongo', region: '', lat: null, lng: null })).json() as TAddress;
      expect(placed).toMatchObject({ locatedBy: 'town', lat: 6.6167, lng: -1.2167 });
    });

    it('editing the town of an address placed by town places it again', async () => {
      const { token } = await registerTestUser(testApp.app);
      const created = (await create(token, { ...home, city: 'Nowhere Creek', region: '', lat: null, lng: null })).json() as TAddress;
      const response = await testApp.app.inject({
        method: 'PUT',
        url: `/api/addresses/${created.id}`,
        headers: bearer(token),
        payload: { ...home, city: 'Ejisu', region: '', lat: null, lng: null },
      });
      expect(response.json()).toMatchObject({ locatedBy: 'town', lat: ejisu.lat, lng: ejisu.lng });
    });
  });

  it('another user’s address is 404 everywhere, and unchanged', async () => {
    const owner = await registerTestUser(testApp.app);
    const stranger = await registerTestUser(testApp.app);
    const address = (await create(owner.token, home)).json();
    const headers = bearer(stranger.token);
    expect((await testApp.app.inject({ method: 'PUT', url: `/api/addresses/${address.id}`, headers, payload: home })).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'DELETE', url: `/api/addresses/${address.id}`, headers })).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'POST', url: `/api/addresses/${address.id}/default`, headers })).statusCode).toBe(404);
    expect(await list(stranger.token)).toEqual([]);
    expect(await list(owner.token)).toHaveLength(1);
    expect(await getAddressForUser(testApp.app.db, stranger.user.id, address.id)).toBeNull();
    expect(await getAddressForUser(testApp.app.db, owner.user.id, address.id)).toMatchObject({ id: address.id, city: 'Kumasi' });
  });

  it('keeps at most 20 addresses (409 for the 21st)', async () => {
    const { token } = await registerTestUser(testApp.app);
    for (let index = 0; index < 20; index += 1) expect((await create(token, { ...home, label: `#${index}` })).statusCode).toBe(201);
    const response = await create(token, home);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('You can keep up to 20 addresses. Delete one you no longer use first.');
    expect(await list(token)).toHaveLength(20);
  });

  it('simultaneous first addresses still leave exactly one default', async () => {
    const { token } = await registerTestUser(testApp.app);
    const responses = await Promise.all([create(token, { ...home, label: 'X' }), create(token, { ...home, label: 'Y' }), create(token, { ...home, label: 'Z' })]);
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201]);
    expect((await list(token)).filter((address) => address.isDefault)).toHaveLength(1);
  });
});
