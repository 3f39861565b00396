import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { REVIEWED_PRODUCT } from '../support/fixtures-catalogue';

/**
 * Server rendering of a visitor's pages (issue 26, decision 056): what a crawler or a browser
 * without JavaScript gets, the HTML budget, and a hydration that neither warns nor asks again.
 */

// A second budget beside the first load's JavaScript (first-load-budget.spec.ts): the HTML of /
// carries 24 cards and their answers inline.
const HTML_BUDGET_BYTES = 60 * 1024;

interface ListedProduct {
  id: string;
  title: string;
}

async function findProduct(page: Page, title: string): Promise<ListedProduct> {
  const response = await page.request.get(`/api/products?q=${encodeURIComponent(title)}`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { items: ListedProduct[] };
  const product = body.items.find((item) => item.title === title);
  if (!product) throw new Error(`No product "${title}" in the catalogue`);
  return product;
}

/** The text a crawler reads: the body without its scripts, styles and tags. */
function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/gi, ' ')
    .replace(/<style[\s\S]*?<\/style>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

function jsonLdBlocks(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1] ?? 'null') as unknown);
}

interface JsonLdNode {
  '@type': string;
  name?: string;
  offers?: { '@type': string; price: string; priceCurrency: string; availability: string };
  aggregateRating?: { ratingValue: number; reviewCount: number };
  itemListElement?: { position: number; item?: string }[];
}

test.describe('server rendering', () => {
  test('a crawler gets a product page with its name and price as text and valid structured data', async ({ page }) => {
    const product = await findProduct(page, REVIEWED_PRODUCT);
    const response = await page.request.get(`/product-details/${product.id}`, { headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } });
    expect(response.status()).toBe(200);
    const html = await response.text();
    const text = visibleText(html);
    expect(text).toContain(REVIEWED_PRODUCT);
    expect(text).toMatch(/[$₵€£]\s?\d+\.\d{2} \/ \w+/);
    expect(text).toMatch(/In stock|left/);

    const [data] = jsonLdBlocks(html) as { '@graph': JsonLdNode[] }[];
    const nodes = data?.['@graph'] ?? [];
    const productNode = nodes.find((node) => node['@type'] === 'Product');
    expect(productNode?.name).toBe(REVIEWED_PRODUCT);
    expect(productNode?.offers).toMatchObject({ '@type': 'Offer', availability: 'https://schema.org/InStock' });
    expect(productNode?.offers?.price).toMatch(/^\d+(\.\d+)?$/);
    expect(productNode?.offers?.priceCurrency).toMatch(/^[A-Z]{3}$/);
    expect(productNode?.aggregateRating?.reviewCount).toBeGreaterThan(0);
    const breadcrumbs = nodes.find((node) => node['@type'] === 'BreadcrumbList');
    expect(breadcrumbs?.itemListElement?.map((item) => item.position)).toEqual([1, 2, 3]);

    // The page's code is announced behind its stylesheets and photo: a code chunk at the browser's
    // high priority would hold the first paint in Lighthouse's model of a slow phone (decision 056).
    // Only the first load's own code (every page's, as on /) stays at the default priority.
    const preloads = (source: string) => [...source.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((match) => match[0]);
    const firstLoad = preloads(await (await page.request.get('/')).text());
    const pageCode = preloads(html).filter((link) => !firstLoad.includes(link));
    expect(pageCode.length).toBeGreaterThan(0);
    expect(pageCode.filter((link) => !link.includes('fetchpriority="low"'))).toEqual([]);
  });

  test('the listing is in the HTML with real links, within 60 kB gzipped, and shows without JavaScript', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    const response = await page.goto('/');
    const html = (await response?.text()) ?? '';
    const gzipped = gzipSync(html, { level: 9 }).length;
    console.log(`HTML of / : ${(html.length / 1024).toFixed(1)} kB, ${(gzipped / 1024).toFixed(1)} kB gzipped`);
    expect(gzipped).toBeLessThanOrEqual(HTML_BUDGET_BYTES);

    const cards = page.getByTestId('product-card');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(4);
    await expect(cards.first()).toHaveAttribute('href', /^\/product-details\/[\w-]+$/);
    await context.close();
  });

  test('hydrating a rendered page warns of nothing and does not ask again for what came inline', async ({ page }) => {
    const product = await findProduct(page, REVIEWED_PRODUCT);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /hydrat|#41[89]|#42[0-9]/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/products')) apiCalls.push(url.pathname + url.search);
    });

    for (const path of ['/', '/product-listing?category=vegetables', `/product-details/${product.id}`, '/login', '/about-us']) {
      apiCalls.length = 0;
      await page.goto(path);
      // Hydrated: the page answers a tap (React has attached its handlers to the root).
      await expect.poll(() => page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')))).toBe(true);
      await page.waitForLoadState('networkidle');
      expect(apiCalls, `${path} asked again for its products`).toEqual([]);
    }
    expect(problems).toEqual([]);
  });
});
