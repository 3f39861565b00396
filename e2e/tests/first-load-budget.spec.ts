import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { expect, test, type Request } from '@playwright/test';

/**
 * The first-load budget of issue 10 (docs/decisions/020-first-load-budget.md): what a visitor's
 * browser fetches for a first visit of /, in gzipped bytes. Sizes are those of the build's own
 * .gz files (gzip -9, made at build time), so the figure is the same on every machine; it is not
 * a timed test. The README quotes the figures this prints.
 */
// 150 kB again since issue 23 (decision 047): Lingui's run time and the first page's messages added 5.8 kB,
// React Router's declarative mode (no data router) took 16 kB off.
const BUDGET = { js: 150 * 1024, css: 30 * 1024 };

const distDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');

function gzippedSize(pathname: string): number {
  const file = resolve(distDir, `.${pathname}`);
  if (!file.startsWith(`${distDir}/`)) throw new Error(`${pathname} is outside the built app`);
  const twin = `${file}.gz`;
  return existsSync(twin) ? readFileSync(twin).length : gzipSync(readFileSync(file), { level: 9 }).length;
}

function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} kB`;
}

test('a first visit of / fetches at most 150 kB of gzipped JavaScript and 30 kB of CSS', async ({ page, baseURL }) => {
  const origin = new URL(baseURL ?? '/').origin;
  const fetched = new Map<string, 'script' | 'stylesheet'>();
  const record = (request: Request) => {
    const type = request.resourceType();
    const url = new URL(request.url());
    if ((type === 'script' || type === 'stylesheet') && url.origin === origin) fetched.set(url.pathname, type);
  };
  page.on('request', record);

  await page.goto('/');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  // Whatever the page still fetches once it has loaded (the service worker's registration) counts too.
  await page.waitForLoadState('networkidle');
  page.off('request', record);

  const rows = [...fetched].map(([pathname, type]) => ({ pathname, type, bytes: gzippedSize(pathname) }));
  const js = rows.filter((row) => row.type === 'script').reduce((sum, row) => sum + row.bytes, 0);
  const css = rows.filter((row) => row.type === 'stylesheet').reduce((sum, row) => sum + row.bytes, 0);
  const report = rows
    .sort((a, b) => b.bytes - a.bytes)
    .map((row) => `${kilobytes(row.bytes).padStart(9)}  ${row.pathname}`)
    .join('\n');
  console.log(`First load of / (gzipped): JavaScript ${kilobytes(js)} in ${rows.filter((r) => r.type === 'script').length} files, CSS ${kilobytes(css)}\n${report}`);

  expect(rows.length, 'the page fetched its scripts from this server').toBeGreaterThan(0);
  expect(js, `first-load JavaScript ${kilobytes(js)} is over the ${kilobytes(BUDGET.js)} budget:\n${report}`).toBeLessThanOrEqual(BUDGET.js);
  expect(css, `first-load CSS ${kilobytes(css)} is over the ${kilobytes(BUDGET.css)} budget:\n${report}`).toBeLessThanOrEqual(BUDGET.css);
});
