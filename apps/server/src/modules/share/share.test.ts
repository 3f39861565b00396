import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { formatMoney } from '@pulse/contract/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/products';
import { users } from '../../db/schema/users';
import { bearer, registerTestUser } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { createHubPost, hidePost, publicUploadFor } from '../hub/testing/hub-fixtures';
import { createProductAs, registerSeller, type TestUser } from '../products/products-test-helpers';
import { shareRoutes } from './share-routes';

/**
 * Links that share well (decision 032): the HTML of product pages, shops and Hub posts carries
 * their own title, description and picture as Open Graph and Twitter-card meta, anything not
 * public gets the generic app meta, a page fetched without Accept: text/html is still the page,
 * and /sitemap.xml and /robots.txt describe the public part of the market.
 */

const PUBLIC_URL = 'https://market.example.com';
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Fresh farm and nature produce, straight from local growers." />
    <title>Pulse Market</title>
    <script type="module" crossorigin src="/assets/index-1a2b3c.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const GENERIC_DESCRIPTION = 'Fresh farm and nature produce, straight from local growers.';
const HOSTILE_TITLE = `Tom's "best" <script>alert(1)</script> & co`;

let testApp: TestApp;
let distDir: string;
let seller: TestUser;
let productId: string;
let productImageUrl: string;
let pausedProductId: string;
let pendingSellerId: string;
let suspendedSeller: TestUser;
let suspendedSellersProductId: string;
let visiblePostId: string;
let hiddenPostId: string;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'pulse-share-dist-'));
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'index.html'), INDEX_HTML);
  writeFileSync(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  testApp = await createTestApp({ WEB_DIST_DIR: distDir, PUBLIC_URL });
  const app = testApp.app;

  seller = await registerSeller(testApp, 'Green Valley Farm');
  const product = await createProductAs(testApp, seller, {
    title: HOSTILE_TITLE,
    description: 'Sweet and ripe.\n\nPicked this morning "on the vine".',
    priceMinor: 450,
    unit: 'kg',
  });
  productId = product.id;
  productImageUrl = product.images[0]?.url ?? '';
  const paused = await createProductAs(testApp, seller, { title: 'Secret winter squash' });
  pausedProductId = paused.id;
  await app.db.update(products).set({ status: 'paused' }).where(eq(products.id, pausedProductId));

  // Registered and asked to sell, never approved: no shop.
  pendingSellerId = (await registerTestUser(app)).user.id;
  suspendedSeller = await registerSeller(testApp, 'Closed Down Farm');
  suspendedSellersProductId = (await createProductAs(testApp, suspendedSeller, { title: 'Banned beans' })).id;
  await app.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspendedSeller.user.id));

  const author = { id: seller.user.id, token: seller.token, username: seller.user.username };
  const photo = await publicUploadFor(app, author.id);
  visiblePostId = (await createHubPost(app, author, { text: 'First okra of the season!  Come and see\nthe whole field.', imageUploadIds: [photo] })).id;
  hiddenPostId = (await createHubPost(app, author, { text: 'This one was hidden by a moderator' })).id;
  await hidePost(app, hiddenPostId);
}, 180_000);

afterAll(async () => {
  await testApp.close();
  rmSync(distDir, { recursive: true, force: true });
});

const browser = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const curl = { accept: '*/*' };

async function page(url: string, headers: Record<string, string> = browser): Promise<LightMyRequestResponse> {
  return testApp.app.inject({ method: 'GET', url, headers });
}

/** The head's meta as a crawler reads it: name/property -> content, entities decoded. */
function metaOf(html: string): Map<string, string> {
  const decode = (value: string) =>
    value.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const meta = new Map<string, string>();
  for (const match of html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g)) meta.set(match[1] ?? '', decode(match[2] ?? ''));
  const title = /<title>([^<]*)<\/title>/.exec(html);
  if (title) meta.set('<title>', decode(title[1] ?? ''));
  return meta;
}

function expectGenericMeta(html: string) {
  const meta = metaOf(html);
  expect(meta.get('<title>')).toBe('Pulse Market');
  expect(meta.get('description')).toBe(GENERIC_DESCRIPTION);
  expect(meta.get('og:title')).toBe('Pulse Market');
  expect(meta.get('og:image')).toBe(`${PUBLIC_URL}/icons/icon-512.png`);
  expect(meta.has('og:url')).toBe(false);
  expect(html).toContain('<script type="module" crossorigin src="/assets/index-1a2b3c.js"></script>');
}

describe('page meta for link previews', () => {
  it('gives a product page its title, price, shop, description and picture as Open Graph and Twitter-card tags', async () => {
    const response = await page(`/product-details/${productId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const meta = metaOf(response.body);
    const description = `${formatMoney(450, 'USD')} per kg from Green Valley Farm. Sweet and ripe. Picked this morning "on the vine".`;
    expect(Object.fromEntries(meta)).toMatchObject({
      '<title>': `${HOSTILE_TITLE} - Pulse Market`,
      description,
      'og:site_name': 'Pulse Market',
      'og:type': 'website',
      'og:title': HOSTILE_TITLE,
      'og:url': `${PUBLIC_URL}/product-details/${productId}`,
      'og:image': `${PUBLIC_URL}${productImageUrl}`,
      'og:image:width': '64',
      'og:image:height': '48',
      'twitter:card': 'summary_large_image',
      'twitter:title': HOSTILE_TITLE,
      'twitter:image': `${PUBLIC_URL}${productImageUrl}`,
    });
    expect(meta.get('og:description')).toBe(meta.get('description'));
    expect(meta.get('twitter:description')).toBe(meta.get('description'));
    expect(productImageUrl).toMatch(/^\/uploads\//);
    expect(response.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/product-details/${productId}" />`);
    // One title and one description: the built page's own were replaced, not doubled.
    expect(response.body.match(/<title>/g)).toHaveLength(1);
    expect(response.body.match(/name="description"/g)).toHaveLength(1);
    expect(response.body).toContain('<div id="root"></div>');
  });

  it('escapes what sellers write: a title with <script> and quotes comes out as inert text', async () => {
    const { body } = await page(`/product-details/${productId}`);
    expect(body).not.toContain('<script>alert(1)</script>');
    expect(body).toContain('Tom&#39;s &quot;best&quot; &lt;script&gt;alert(1)&lt;/script&gt; &amp; co');
    // The only script element is the app's own.
    expect(body.match(/<script\b/g)).toHaveLength(1);
  });

  it('gives a farm shop (/product-listing?seller=) its name, region, product count and picture', async () => {
    for (const path of ['/product-listing', '/']) {
      const response = await page(`${path}?seller=${seller.user.id}`);
      expect(response.statusCode, path).toBe(200);
      const meta = metaOf(response.body);
      expect(meta.get('<title>'), path).toBe('Green Valley Farm - Pulse Market');
      expect(meta.get('og:title')).toBe('Green Valley Farm');
      expect(meta.get('og:description')).toBe('Green Valley Farm: 1 product on Pulse Market.');
      expect(meta.get('og:url')).toBe(`${PUBLIC_URL}/product-listing?seller=${seller.user.id}`);
      // No shop photo and no profile picture yet: the app icon, as a small card.
      expect(meta.get('og:image')).toBe(`${PUBLIC_URL}/icons/icon-512.png`);
      expect(meta.get('twitter:card')).toBe('summary');
    }
  });

  it('gives a Hub post its author, text and first photo', async () => {
    const meta = metaOf((await page(`/pulse/${visiblePostId}`)).body);
    expect(meta.get('<title>')).toBe(`${seller.user.username} on Pulse Hub - Pulse Market`);
    expect(meta.get('og:type')).toBe('article');
    expect(meta.get('og:description')).toBe('First okra of the season! Come and see the whole field.');
    expect(meta.get('og:url')).toBe(`${PUBLIC_URL}/pulse/${visiblePostId}`);
    expect(meta.get('og:image')).toMatch(new RegExp(`^${PUBLIC_URL}/uploads/images/[0-9a-f-]+\\.webp$`));
    expect(meta.get('og:image:width')).toBe('800');
    expect(meta.get('twitter:card')).toBe('summary_large_image');
  });

  it('answers unknown, malformed, hidden and not public ids with the generic meta, leaking nothing; 404 where the page shows nothing public', async () => {
    const cases = [
      ['unknown product', `/product-details/${crypto.randomUUID()}`, 404],
      ['malformed product id', "/product-details/1'%20or%20'1'='1", 404],
      ['paused product', `/product-details/${pausedProductId}`, 404],
      // The listing is there all the same, without the shop's own meta.
      ['unknown shop', `/product-listing?seller=${crypto.randomUUID()}`, 200],
      ['never approved seller', `/product-listing?seller=${pendingSellerId}`, 200],
      ['suspended seller', `/product-listing?seller=${suspendedSeller.user.id}`, 200],
      ['malformed seller id', '/product-listing?seller=1%20or%201=1', 200],
      ['hidden Hub post', `/pulse/${hiddenPostId}`, 404],
      ['unknown Hub post', `/pulse/${crypto.randomUUID()}`, 404],
      ['another page', '/about-us', 200],
    ] as const;
    for (const [name, url, status] of cases) {
      const response = await page(url);
      expect(response.statusCode, name).toBe(status);
      expect(response.headers['content-type'], name).toBe('text/html; charset=utf-8');
      expectGenericMeta(response.body);
      for (const secret of ['Secret winter squash', 'Closed Down Farm', 'hidden by a moderator']) expect(response.body, name).not.toContain(secret);
    }
  });

  it('answers an address that is no page of the app with the app and 404, for browsers and crawlers alike', async () => {
    for (const [url, headers] of [
      ['/no-such-page', {}],
      ['/product-details', curl],
      ['/admin/users', {}],
      ['/basket/extra?x=1', curl],
    ] as const) {
      const response = await page(url, headers);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(response.headers.etag, url).toBeUndefined();
      // The app itself: it loads and shows its own "Page not found".
      expectGenericMeta(response.body);
      expect(response.body, url).toContain('<div id="root">');
    }
    // Pages under other spellings React Router accepts are pages.
    for (const url of ['/Basket', '/hub/feed/', '/hub/anything/else']) expect((await page(url)).statusCode, url).toBe(200);
  });

  it('sends the generic meta at / with an absolute icon from PUBLIC_URL', async () => {
    const response = await page('/');
    expect(response.statusCode).toBe(200);
    expectGenericMeta(response.body);
    expect(metaOf(response.body).get('og:description')).toBe(GENERIC_DESCRIPTION);
  });
});

describe('the language of shared pages', () => {
  it('answers crawlers in English, whatever their Accept-Language, unless the address says ?lang=', async () => {
    const english = await page(`/product-details/${productId}`, { ...browser, 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(english.body).toContain('<html lang="en">');
    expect(metaOf(english.body).get('description')).toMatch(/ per kg from Green Valley Farm\. /);

    const french = await page(`/product-details/${productId}?lang=fr`);
    expect(french.statusCode).toBe(200);
    expect(french.body).toContain('<html lang="fr">');
    expect(metaOf(french.body).get('description')).toBe(
      `${formatMoney(450, 'USD')} par kg, chez Green Valley Farm. Sweet and ripe. Picked this morning "on the vine".`,
    );
    expect(metaOf(french.body).get('og:title')).toBe(HOSTILE_TITLE);
  });

  it('writes the shop and Hub previews and the generic page in the language asked for, and ignores a language it does not speak', async () => {
    const shop = await page(`/product-listing?seller=${seller.user.id}&lang=fr`);
    expect(shop.body).toContain('<html lang="fr">');
    expect(metaOf(shop.body).get('description')).toMatch(/^Green Valley Farm : \d+ produits? sur Pulse Market\./);

    const post = await page(`/pulse/${visiblePostId}?lang=fr`);
    expect(metaOf(post.body).get('og:title')).toBe(`${seller.user.username} sur Pulse Hub`);

    const generic = await page('/?lang=ak');
    expect(generic.body).toContain('<html lang="ak">');
    expectGenericMeta(generic.body);

    const unknown = await page('/?lang=de');
    expect(unknown.body).toContain('<html lang="en">');
  });
});

describe('page addresses fetched without Accept: text/html', () => {
  it('answers a crawler or curl (Accept: */*, or none) with the page and its meta, not a JSON 404', async () => {
    for (const headers of [curl, {}]) {
      const response = await page(`/product-details/${productId}`, headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(metaOf(response.body).get('og:title')).toBe(HOSTILE_TITLE);
    }
    const shop = await page(`/product-listing?seller=${seller.user.id}`, curl);
    expect(metaOf(shop.body).get('og:title')).toBe('Green Valley Farm');
    const hubProfile = await page('/hub/profile/ama.k', curl);
    expect(hubProfile.statusCode).toBe(200);
    expectGenericMeta(hubProfile.body);
  });

  it('keeps JSON 404s for the API and for missing files, and real static files as they are', async () => {
    const api = await page('/api/nothing-here', curl);
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('not_found');
    for (const url of ['/assets/missing-9z9z.js', '/images/missing.png', '/uploads/private/abc.webp']) {
      const missing = await page(url, curl);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json().error.code, url).toBe('not_found');
    }
    const favicon = await page('/favicon.svg', curl);
    expect(favicon.statusCode).toBe(200);
    expect(favicon.body).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
  });
});

describe('caching and compression of pages', () => {
  it('sends no-cache with an ETag, a 304 for the same page, and new meta as soon as the product changes', async () => {
    const url = `/product-details/${productId}`;
    const first = await page(url);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await page(url, { ...browser, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another page has another ETag: the HTML varies by address.
    expect((await page(`/pulse/${visiblePostId}`)).headers.etag).not.toBe(etag);

    const rename = await testApp.app.inject({ method: 'PATCH', url: `/api/products/${productId}`, headers: bearer(seller.token), payload: { title: 'Heirloom tomatoes' } });
    expect(rename.statusCode).toBe(200);
    const renamed = await page(url, { ...browser, 'if-none-match': etag });
    expect(renamed.statusCode).toBe(200);
    expect(metaOf(renamed.body).get('og:title')).toBe('Heirloom tomatoes');
    await testApp.app.inject({ method: 'PATCH', url: `/api/products/${productId}`, headers: bearer(seller.token), payload: { title: HOSTILE_TITLE } });
  });

  it('compresses a page for a client that accepts gzip, varying on Accept-Encoding', async () => {
    const response = await page(`/product-details/${productId}`, { ...browser, 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(String(response.headers.vary).toLowerCase()).toContain('accept-encoding');
    const html = gunzipSync(response.rawPayload).toString('utf8');
    expect(metaOf(html).get('og:title')).toBe(HOSTILE_TITLE);
    expect(response.rawPayload.length).toBeLessThan(html.length);
  });
});

describe('/sitemap.xml and /robots.txt', () => {
  /** The <url> (or <sitemap>) entries of a sitemap file: loc and lastmod. */
  function entriesOf(xml: string, element: 'url' | 'sitemap'): Array<{ loc: string; lastmod: string | undefined }> {
    return [...xml.matchAll(new RegExp(`<${element}><loc>([^<]*)</loc>(?:<lastmod>([^<]*)</lastmod>)?</${element}>`, 'g'))].map((match) => ({
      loc: (match[1] ?? '').replace(/&amp;/g, '&'),
      lastmod: match[2],
    }));
  }

  it('lists the home page, approved shops and their active products with lastmod, and nothing else', async () => {
    const response = await page('/sitemap.xml', curl);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const urls = entriesOf(response.body, 'url');
    const locs = urls.map((url) => url.loc);
    expect(locs).toEqual([
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/product-listing?seller=${seller.user.id}`,
      `${PUBLIC_URL}/product-details/${productId}`,
    ]);
    for (const { loc, lastmod } of urls) expect(lastmod, loc).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    for (const hidden of [pausedProductId, suspendedSellersProductId, suspendedSeller.user.id, pendingSellerId]) expect(response.body).not.toContain(hidden);
  });

  it('is split into files of at most the limit, named by a sitemap index, above the limit', async () => {
    const small = Fastify({ logger: false });
    small.decorate('config', testApp.config);
    small.decorate('db', testApp.app.db);
    await small.register(shareRoutes, { sitemapUrlLimit: 2 });
    try {
      const index = await small.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const files = entriesOf(index.body, 'sitemap').map((file) => file.loc);
      expect(files).toEqual([`${PUBLIC_URL}/sitemap.xml?page=1`, `${PUBLIC_URL}/sitemap.xml?page=2`]);
      const pages = await Promise.all([1, 2].map((number) => small.inject({ method: 'GET', url: `/sitemap.xml?page=${number}` })));
      const locs = pages.map((file) => entriesOf(file.body, 'url').map((url) => url.loc));
      expect(locs).toEqual([[`${PUBLIC_URL}/`, `${PUBLIC_URL}/product-listing?seller=${seller.user.id}`], [`${PUBLIC_URL}/product-details/${productId}`]]);
      for (const url of ['/sitemap.xml?page=3', '/sitemap.xml?page=abc']) expect((await small.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    } finally {
      await small.close();
    }
  });

  it('allows the public pages, disallows the API and private pages, and names the sitemap', async () => {
    const response = await page('/robots.txt', curl);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    for (const path of ['/api/', '/basket', '/order/', '/wallet', '/admin', '/seller-dashboard', '/buyer-dashboard', '/messages', '/hub']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    const disallowed = lines.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice('Disallow: '.length).replace(/\$$/, ''));
    for (const open of [`/product-details/${productId}`, '/product-listing', `/pulse/${visiblePostId}`, '/uploads/images/x.webp', '/sellers', '/about-us']) {
      expect(disallowed.filter((prefix) => open.startsWith(prefix) && !(prefix === '/pulse' && open !== '/pulse')), open).toEqual([]);
    }
  });
});
