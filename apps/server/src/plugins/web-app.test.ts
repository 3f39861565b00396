import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app';

let testApp: TestApp;
let distDir: string;
const INDEX_HTML = '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app-1a2b3c.js"></script></body></html>';
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
  writeFileSync(join(distDir, 'robots.txt'), 'User-agent: *');
  writeFileSync(join(distDir, 'assets', 'data-9f8e7d.json'), DATA_JSON);
  testApp = await createTestApp({ WEB_DIST_DIR: distDir });
});

afterAll(async () => {
  await testApp.close();
  rmSync(distDir, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const browserEncodings = 'gzip, deflate, br, zstd';

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
  it('serves index.html at / without long caching', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers deep links with index.html so the app’s router can take over', async () => {
    for (const url of ['/order/abc', '/hub/feed', '/product-details/123?tab=reviews']) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toBe(INDEX_HTML);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches fingerprinted assets for a year', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other static files', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('User-agent: *');
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

  it('answers a deep link with the compressed index.html, not cached for long', async () => {
    for (const [encoding, expected] of [
      [browserEncodings, 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const response = await testApp.app.inject({ method: 'GET', url: '/order/abc', headers: { ...html, 'accept-encoding': encoding } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(expected);
      expect(response.headers['content-type']).toContain('text/html');
      expect(decoded(response)).toBe(INDEX_HTML);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(varyNames(response)).toContain('accept-encoding');
    }
  });

  it('compresses the app shell at / the same way', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/', headers: { ...html, 'accept-encoding': browserEncodings } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(decoded(response)).toBe(INDEX_HTML);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('never compresses a static file on the fly, even JSON without a twin', async () => {
    for (const url of ['/assets/data-9f8e7d.json', '/robots.txt']) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: { 'accept-encoding': browserEncodings } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBeUndefined();
    }
  });
});
