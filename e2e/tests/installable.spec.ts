import { expect, test } from '@playwright/test';

/**
 * Installable (issue 10): the web app manifest and its icons, as a browser deciding whether the
 * app can be installed fetches them.
 */
interface ManifestIcon {
  src: string;
  sizes?: string;
  type?: string;
  purpose?: string;
}

interface WebAppManifest {
  name?: string;
  short_name?: string;
  start_url?: string;
  scope?: string;
  display?: string;
  background_color?: string;
  theme_color?: string;
  icons?: ManifestIcon[];
}

test.describe('installable web app', () => {
  test('/manifest.webmanifest names the app, opens standalone and lists PNG icons that load', async ({ request, baseURL }) => {
    const response = await request.get('/manifest.webmanifest');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as WebAppManifest;

    expect(manifest.name).toBe('Pulse Market');
    expect(manifest.short_name).toBe('Pulse');
    expect(manifest.display).toBe('standalone');
    expect(manifest.start_url).toBe('/');
    expect(manifest.scope).toBe('/');
    expect(manifest.theme_color).toBe('#2f9e44');

    const icons = manifest.icons ?? [];
    const purposes = (icon: ManifestIcon) => (icon.purpose ?? 'any').split(/\s+/);
    expect(icons.some((icon) => icon.sizes === '192x192' && purposes(icon).includes('any'))).toBe(true);
    expect(icons.some((icon) => icon.sizes === '512x512' && purposes(icon).includes('any'))).toBe(true);
    expect(icons.some((icon) => icon.sizes === '512x512' && purposes(icon).includes('maskable'))).toBe(true);

    for (const icon of icons) {
      const iconUrl = new URL(icon.src, new URL('/manifest.webmanifest', baseURL)).href;
      const iconResponse = await request.get(iconUrl);
      expect(iconResponse.status(), icon.src).toBe(200);
      expect(iconResponse.headers()['content-type'], icon.src).toBe('image/png');
      const body = await iconResponse.body();
      // A PNG's header, then its width and height (IHDR): the size the manifest claims.
      expect(body.subarray(1, 4).toString('latin1'), icon.src).toBe('PNG');
      expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }
  });

  test("the page's manifest link and apple-touch-icon resolve", async ({ page, request }) => {
    await page.goto('/');
    const manifestLink = page.locator('link[rel="manifest"]');
    await expect(manifestLink).toHaveCount(1);
    const manifestUrl = await manifestLink.evaluate((link: HTMLLinkElement) => link.href);
    const manifestResponse = await request.get(manifestUrl);
    expect(manifestResponse.status()).toBe(200);
    expect(((await manifestResponse.json()) as WebAppManifest).name).toBe('Pulse Market');

    const touchIconUrl = await page.locator('link[rel="apple-touch-icon"]').evaluate((link: HTMLLinkElement) => link.href);
    const touchIcon = await request.get(touchIconUrl);
    expect(touchIcon.status()).toBe(200);
    expect(touchIcon.headers()['content-type']).toBe('image/png');
    await expect(page.locator('meta[name="apple-mobile-web-app-title"]')).toHaveAttribute('content', 'Pulse Market');
  });
});
