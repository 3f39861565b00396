import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app';

let testApp: TestApp;
let distDir: string;
// The web app's index.html as the build writes it: the dev entry replaced by the fingerprinted
// script and stylesheet (the size matters: below 1 KB nothing would be compressed).
const BUILT_ASSETS = '<script type="module" crossorigin src="/assets/app-1a2b3c.js"></script>\n    <link rel="stylesheet" crossorigin href="/assets/index-4d5e6f.css">';
const INDEX_HTML = readFileSync(fileURLToPath(new URL('../../../web/index.html', import.meta.url)), 'utf8')
  .replace(/\s*<script type="module" src="\/src\/main.tsx"><\/script>/, '')
  .replace('</title>', `</title>\n    ${BUILT_ASSETS}`);
/** The built page's own lines that every page answer keeps (the scripts, the styles, the root). */
const SHELL_PARTS = ['<script type="module" crossorigin src="/assets/app-1a2b3c.js"></script>', '<link rel="stylesheet" crossorigin href="/assets/index-4d5e6f.css">', '<div id="root"></div>'];
const APP_JS = `console.log(${JSON.stringify('app '.repeat(400))})`;
const SW_JS = `self.addEventListener('fetch', () => {}); // ${'sw '.repeat(300)}`;
// Fingerprinted JSON without twins: the API's on-the-fly JSON compression must leave it alone.
const DATA_JSON = JSON.stringify({ rows: Array.from({ length: 200 }, (_, index) => ({ index, label: 'same text again' })) });

/** Writes a file, and its .br and .gz twins as the web build does. */
function writeWithTwins(path: string, text: string) {
  writeFileSync(path, text);
  writeFileSync(`${path}.br`, brotliCompressSync(text));
  writeFileSync(`${path}.gz`, gzipSync(text));
}

beforeAll(async () => {
  // A stand-in for `vite build` output: index.html, a fingerprinted script and the service worker
  // with their compressed twins; a few files without twins.
  distDir = mkdtempSync(join(tmpdir(), 'pulse-dist-'));
  mkdirSync(join(distDir, 'assets'));
  writeWithTwins(join(distDir, 'index.html'), INDEX_HTML);
  writeWithTwins(join(distDir, 'assets', 'app-1a2b3c.js'), APP_JS);
  writeWithTwins(join(distDir, 'sw.js'), SW_JS);
  writeFileSync(join(distDir, 'humans.txt'), 'Made by growers');
  writeFileSync(join(distDir, 'assets', 'data-9f8e7d.json'), DATA_JSON);
  testApp = await createTestApp({ WEB_DIST_DIR: distDir });
});

afterAll(async () => {
  await testApp.close();
  rmSync(distDir, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const browserEncodings = 'gzip, deflate, br, zstd';

/** The app shell with the generic meta (decision 032): the built page's parts, the app's title, Open Graph tags. */
function expectAppShell(html: string) {
  for (const part of SHELL_PARTS) expect(html).toContain(part);
  expect(html).toContain('<title>Pulse Market</title>');
  expect(html).toContain('<meta property="og:site_name" content="Pulse Market" />');
}

/** The body as the client reads it after undoing the content encoding. */
function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  if (encoding !== undefined) throw new Error(`unexpected content-encoding ${String(encoding)}`);
  return response.rawPayload.toString('utf8');
}

function varyNames(response: LightMyRequestResponse): string[] {
  return String(response.headers.vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
}

describe('web app serving', () => {
  it('serves the app shell at / without long caching', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expectAppShell(response.body);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers deep links with the app shell so the app’s router can take over', async () => {
    const root = await testApp.app.inject({ method: 'GET', url: '/', headers: html });
    for (const url of ['/order/abc', '/hub/feed', '/chat/123?tab=reviews']) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      // Nothing to say about these addresses: the same generic page, the same ETag.
      expect(response.body, url).toBe(root.body);
      expect(response.headers.etag, url).toBe(root.headers.etag);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers a page revalidated with its ETag with 304 and no body', async () => {
    const first = await testApp.app.inject({ method: 'GET', url: '/order/abc', headers: html });
    const again = await testApp.app.inject({ method: 'GET', url: '/order/abc', headers: { ...html, 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('still serves the built index.html itself as a file (the service worker precaches it)', async () => {
    expect(INDEX_HTML).not.toContain('/src/main.tsx');
    const response = await testApp.app.inject({ method: 'GET', url: '/index.html' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('caches fingerprinted assets for a year', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other static files', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/humans.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('Made by growers');
  });

  it('keeps the JSON 404 for unknown API paths, even when the browser asks for HTML', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/nothing-here', headers: html });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });

  it('answers a missing file that is not a page request with a 404', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/assets/missing-9z9z.js', headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });
});

describe('pre-compressed static files', () => {
  it('sends the brotli twin to a browser that accepts it, with the asset’s long caching', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js', headers: { 'accept-encoding': browserEncodings } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.rawPayload.length).toBeLessThan(APP_JS.length / 4);
    expect(decoded(response)).toBe(APP_JS);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varyNames(response)).toContain('accept-encoding');
  });

  it('sends the gzip twin to a client that accepts only gzip', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(decoded(response)).toBe(SW_JS);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(varyNames(response)).toContain('accept-encoding');
  });

  it('sends the file itself to a client that accepts no encoding, still varying on Accept-Encoding', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const response = await testApp.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js', headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toBe(APP_JS);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(varyNames(response)).toContain('accept-encoding');
    }
  });

  it('answers a deep link with the compressed app shell, as the API compresses JSON (gzip first), not cached for long', async () => {
    const plain = await testApp.app.inject({ method: 'GET', url: '/order/abc', headers: html });
    for (const [encoding, expected] of [
      [browserEncodings, 'gzip'],
      ['gzip', 'gzip'],
      ['br', 'br'],
    ] as const) {
      const response = await testApp.app.inject({ method: 'GET', url: '/order/abc', headers: { ...html, 'accept-encoding': encoding } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(expected);
      expect(response.headers['content-type']).toContain('text/html');
      expect(decoded(response)).toBe(plain.body);
      expect(response.rawPayload.length).toBeLessThan(plain.body.length / 2);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(varyNames(response)).toContain('accept-encoding');
    }
    expect(varyNames(plain)).toContain('accept-encoding');
  });

  it('compresses the app shell at / the same way', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/', headers: { ...html, 'accept-encoding': browserEncodings } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expectAppShell(decoded(response));
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('never compresses a static file on the fly, even JSON without a twin', async () => {
    for (const url of ['/assets/data-9f8e7d.json', '/humans.txt']) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: { 'accept-encoding': browserEncodings } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBeUndefined();
    }
  });
});
