/**
 * Screenshots of every page of the route table (apps/web/src/app/route-table.ts) on the demo
 * marketplace, as a visitor, the demo buyer, the demo seller (seller mode) and the demo agent where
 * the page is theirs, at 390x844 (phone) and 1280x800 (desktop).
 *
 *   npm run screenshots                       # starts its own demo server (port 4312), then stops it
 *   SCREENSHOTS_URL=http://127.0.0.1:3000 npm run screenshots   # a demo server already running
 *
 * Every shot goes to e2e/.artifacts/screenshots/<viewport>/<persona>--<route>.png (plus
 * "-bottom" for pages taller than the screen, where floating buttons meet the last content), with
 * an index.md. A chosen few go to docs/screenshots/ as JPEG (committed, linked from the README).
 * Needs the web app built (npm run build -w @pulse/web) and Chromium at /usr/bin/chromium
 * (CHROMIUM_PATH overrides).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, devices, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_URL } from '../support/fixtures-demo';
import { isUp, startDemoServerProcess, stopDemoServerProcess } from '../support/demo-server-process';
import { demoApi, fillPath, keepSession, loadWalkedRoutes, PERSONAS, personasFor, resolveParams, signInDemoUsers, type Persona, type RouteRow } from '../support/route-walk';

const e2eRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(e2eRoot, '..');
const outDir = resolve(e2eRoot, '.artifacts/screenshots');
const docsDir = resolve(repoRoot, 'docs/screenshots');
const baseUrl = (process.env.SCREENSHOTS_URL ?? DEMO_URL).replace(/\/$/, '');

const VIEWPORTS = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: devices['Pixel 7'].userAgent },
  desktop: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
} as const;
type ViewportName = keyof typeof VIEWPORTS;

/** The docs' few: [file name, persona, route id]. */
const DOCS_SHOTS: ReadonlyArray<[string, Persona, string]> = [
  ['home', 'visitor', 'root'],
  ['product', 'buyer', 'product-details'],
  ['basket', 'buyer', 'basket'],
  ['seller-dashboard', 'seller', 'seller-dashboard'],
  ['wallet', 'seller', 'wallet'],
  ['hub', 'buyer', 'hub-feed'],
];

async function newContext(browser: Browser, viewport: ViewportName, persona: Persona, token: string | null): Promise<BrowserContext> {
  const context = await browser.newContext({ ...VIEWPORTS[viewport], baseURL: baseUrl, locale: 'en-US', colorScheme: 'light' });
  await keepSession(context, persona, token);
  return context;
}

/** Waits until the page has drawn its data: no loading skeleton or status left, images and fonts in. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page
    .waitForFunction(
      () => {
        const busy = document.querySelector('.mantine-Skeleton-root, [role="status"][aria-label^="Loading"], .mantine-Loader-root');
        const images = Array.from(document.images).filter((image) => image.loading !== 'lazy' || image.getBoundingClientRect().top < window.innerHeight);
        return !busy && images.every((image) => image.complete) && document.fonts.status === 'loaded';
      },
      undefined,
      { timeout: 15_000, polling: 250 },
    )
    .catch(() => console.warn(`  still loading after 15 s: ${page.url()}`));
  // Transitions (drawers, toasts, charts' entry animation) end within Mantine's 200-400 ms.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 600))));
}

interface Shot {
  viewport: ViewportName;
  persona: Persona;
  route: string;
  url: string;
  files: string[];
  finalPath: string;
}

async function shoot(page: Page, viewport: ViewportName, persona: Persona, route: RouteRow, path: string): Promise<Shot> {
  await page.goto(path);
  await settle(page);
  const dir = resolve(outDir, viewport);
  const base = `${persona}--${route.id}`;
  const files = [resolve(dir, `${base}.png`)];
  await page.screenshot({ path: files[0]! });
  const docsName = DOCS_SHOTS.find(([, docsPersona, routeId]) => docsPersona === persona && routeId === route.id)?.[0];
  // The docs' few as JPEG: photos of produce compress far better than PNG.
  if (docsName) await page.screenshot({ path: resolve(docsDir, `${docsName}-${viewport}.jpg`), type: 'jpeg', quality: 72 });
  const tall = await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight * 1.2);
  if (tall) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await settle(page);
    files.push(resolve(dir, `${base}-bottom.png`));
    await page.screenshot({ path: files[1]! });
  }
  return { viewport, persona, route: route.id, url: path, files, finalPath: new URL(page.url()).pathname };
}

const api = <T>(path: string, token: string | null, init?: { method?: string; body?: unknown }) => demoApi<T>(baseUrl, path, token, init);

/** The basket needs something in it to show more than its empty state: two products, taken out after. */
async function fillBasketIfEmpty(token: string): Promise<() => Promise<void>> {
  const basket = await api<{ itemCount: number }>('/api/baskets', token);
  if (basket.itemCount > 0) return async () => {};
  const products = await api<{ items: Array<{ id: string; availableQuantity: number; minOrderQuantity: number }> }>('/api/products?limit=24', null);
  for (const product of products.items.filter((item) => item.availableQuantity >= item.minOrderQuantity).slice(0, 3)) {
    await api('/api/baskets/items', token, { method: 'POST', body: { productId: product.id, quantity: product.minOrderQuantity } });
  }
  return async () => {
    await api('/api/baskets', token, { method: 'DELETE' });
  };
}

async function main(): Promise<void> {
  const server = (await isUp(baseUrl)) ? null : await startDemoServerProcess(baseUrl);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const started = Date.now();
  try {
    const routes = await loadWalkedRoutes();
    const tokens = await signInDemoUsers(baseUrl);
    const params = await resolveParams(baseUrl, tokens);
    const emptyBasket = await fillBasketIfEmpty(tokens.buyer);
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(docsDir, { recursive: true });
    const shots: Shot[] = [];
    const skipped: string[] = [];
    try {
      for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
        mkdirSync(resolve(outDir, viewport), { recursive: true });
        for (const persona of PERSONAS) {
          const context = await newContext(browser, viewport, persona, persona === 'visitor' ? null : tokens[persona]);
          const page = await context.newPage();
          for (const route of routes.filter((row) => personasFor(row).includes(persona))) {
            const path = fillPath(route, params[persona]);
            if (!path) {
              skipped.push(`${viewport} ${persona} ${route.id}: no ${route.path} in the demo data`);
              continue;
            }
            const shot = await shoot(page, viewport, persona, route, path);
            shots.push(shot);
            console.log(`${viewport.padEnd(7)} ${persona.padEnd(7)} ${path}${shot.finalPath !== path.split('?')[0] ? ` -> ${shot.finalPath}` : ''}`);
          }
          await context.close();
        }
      }
    } finally {
      await emptyBasket();
    }

    const lines = [
      `# Screenshots of ${baseUrl} (${new Date().toISOString()})`,
      '',
      '| viewport | persona | route | address | files |',
      '| --- | --- | --- | --- | --- |',
      ...shots.map((shot) => `| ${shot.viewport} | ${shot.persona} | ${shot.route} | ${shot.url}${shot.finalPath !== shot.url.split('?')[0] ? ` (-> ${shot.finalPath})` : ''} | ${shot.files.map((file) => `[${relative(outDir, file)}](${relative(outDir, file)})`).join(' ')} |`),
      '',
      ...(skipped.length ? ['Not taken:', '', ...skipped.map((line) => `- ${line}`), ''] : []),
    ];
    writeFileSync(resolve(outDir, 'index.md'), lines.join('\n'));
    const files = shots.reduce((sum, shot) => sum + shot.files.length, 0);
    console.log(`${files} screenshots of ${shots.length} pages in ${((Date.now() - started) / 1000).toFixed(0)} s: ${relative(repoRoot, outDir)}/index.md; docs: ${relative(repoRoot, docsDir)}`);
  } finally {
    await browser.close();
    if (server) await stopDemoServerProcess(server);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
