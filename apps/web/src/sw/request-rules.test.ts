import { describe, expect, it } from 'vitest';
import { classifyRequest, selectWarmUpRequests, type RequestKind } from './request-rules';

const ORIGIN = 'https://market.example';

function kindOf(path: string, method = 'GET', mode = 'cors', origin = ORIGIN): RequestKind {
  return classifyRequest({ method, url: new URL(path, origin), mode, origin: ORIGIN });
}

describe('which requests the service worker answers', () => {
  it('reads the product listing, search, one product and its reviews, shops, orders, wallet and notifications offline', () => {
    for (const path of [
      '/api/products',
      '/api/products?q=yams&sort=price_asc&page=2',
      '/api/products/0195f3a2-7c1e-7d3a-9b2c-4e5f6a7b8c9d',
      '/api/products/0195f3a2-7c1e-7d3a-9b2c-4e5f6a7b8c9d/reviews?limit=10',
      '/api/shops/0195f3a2-7c1e-7d3a-9b2c-4e5f6a7b8c9d',
      '/api/orders?role=buyer&limit=20',
      '/api/orders/0195f3a2-7c1e-7d3a-9b2c-4e5f6a7b8c9d',
      '/api/wallet',
      '/api/wallet/history?limit=20',
      '/api/wallet/payouts',
      '/api/notifications?page=1&limit=10',
      '/api/notifications/unread-count',
      '/api/notifications/pulse-hub/unread-count',
    ]) {
      expect(kindOf(path), path).toBe('api-read');
    }
  });

  it('never answers a write from a cache, whatever the address', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(kindOf('/api/products', method)).toBe('network');
      expect(kindOf('/api/orders/1/actions', method)).toBe('network');
      expect(kindOf('/api/notifications/1/read', method)).toBe('network');
      expect(kindOf('/uploads/photo.webp', method)).toBe('network');
    }
  });

  it('never stores the session, the checkout, payments, top-ups, the basket, private uploads or socket.io', () => {
    for (const path of [
      '/api/auth/me',
      '/api/auth/providers',
      '/api/checkout',
      '/api/checkout/quote',
      '/api/payments/123',
      '/api/wallet/top-ups',
      '/api/wallet/top-ups/123',
      '/api/baskets',
      '/api/baskets/count',
      '/api/uploads/private/123',
      '/socket.io/?EIO=4&transport=polling',
    ]) {
      expect(kindOf(path), path).toBe('network');
    }
  });

  it('leaves other API reads to the network (nothing offline that was not chosen)', () => {
    for (const path of ['/api/addresses', '/api/conversations', '/api/admin/overview', '/api/seller/dashboard', '/api/orders/1/review', '/api/health']) {
      expect(kindOf(path), path).toBe('network');
    }
  });

  it('stores uploaded photos, brand images, sounds and fingerprinted files left out of the precache', () => {
    expect(kindOf('/uploads/products/ab12.webp')).toBe('image');
    expect(kindOf('/brand/logo.svg')).toBe('static');
    expect(kindOf('/sounds/bell.mp3')).toBe('static');
    expect(kindOf('/favicon.svg')).toBe('static');
    expect(kindOf('/assets/BarChart-CQJju38w.js')).toBe('asset');
    expect(kindOf('/manifest.webmanifest')).toBe('network');
  });

  it('page loads: the app shell for pages, the network only for API addresses (the sign-in callback)', () => {
    expect(kindOf('/product-details/1', 'GET', 'navigate')).toBe('navigation');
    expect(kindOf('/', 'GET', 'navigate')).toBe('navigation');
    expect(kindOf('/api/auth/oidc/callback?code=x&state=y', 'GET', 'navigate')).toBe('api-navigation');
  });

  it('ignores other sites', () => {
    expect(kindOf('/api/products', 'GET', 'cors', 'https://elsewhere.example')).toBe('network');
    expect(kindOf('/', 'GET', 'navigate', 'https://elsewhere.example')).toBe('network');
  });
});

describe('what a first visit hands over to the worker', () => {
  it('keeps same-origin reads the worker stores at run time, once each, and skips the precache', () => {
    const precached = new Set([`${ORIGIN}/assets/index-abc.js`]);
    const selected = selectWarmUpRequests(
      [
        `${ORIGIN}/assets/index-abc.js`,
        `${ORIGIN}/assets/BarChart-xyz.js`,
        `${ORIGIN}/api/auth/me`,
        `${ORIGIN}/api/products?q=yams`,
        `${ORIGIN}/api/products?q=yams`,
        `${ORIGIN}/api/baskets/count`,
        `${ORIGIN}/uploads/a.webp`,
        'https://fonts.example/font.woff2',
        'not a url at all ::',
        42,
      ],
      ORIGIN,
      (href) => precached.has(href),
    );
    expect(selected.map(({ url, kind }) => [url.pathname + url.search, kind])).toEqual([
      ['/assets/BarChart-xyz.js', 'asset'],
      ['/api/products?q=yams', 'api-read'],
      ['/uploads/a.webp', 'image'],
    ]);
  });
});
