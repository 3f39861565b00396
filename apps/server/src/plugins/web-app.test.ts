import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app';

let testApp: TestApp;
let distDir: string;
const INDEX_HTML = '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app-1a2b3c.js"></script></body></html>';

beforeAll(async () => {
  // A stand-in for `vite build` output: index.html plus one fingerprinted asset.
  distDir = mkdtempSync(join(tmpdir(), 'pulse-dist-'));
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'index.html'), INDEX_HTML);
  writeFileSync(join(distDir, 'assets', 'app-1a2b3c.js'), 'console.log("app")');
  writeFileSync(join(distDir, 'robots.txt'), 'User-agent: *');
  testApp = await createTestApp({ WEB_DIST_DIR: distDir });
});

afterAll(async () => {
  await testApp.close();
  rmSync(distDir, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

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
