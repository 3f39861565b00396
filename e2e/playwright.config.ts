import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { APP_URL, OIDC_ISSUER_URL } from './support/fixtures';

const e2eRoot = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(e2eRoot, '..');
const artifacts = resolve(e2eRoot, '.artifacts');
const webIndex = resolve(repoRoot, 'apps/web/dist/index.html');
const tsx = resolve(repoRoot, 'node_modules/.bin/tsx');

// Fail before starting anything: the server would otherwise answer every page with a JSON 404.
if (!existsSync(webIndex)) {
  throw new Error(`The web app is not built (${webIndex} is missing). Run "npm run build -w @pulse/web" first.`);
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Specs about layout run on the desktop too; the phone runs everything (the app is phone-first). */
const LAYOUT_SPECS = /(layout|visitor-shell)\.spec\.ts$/;

/** Specs whose data every page shows (popups): they run alone, after everything else. */
const SITE_WIDE_SPECS = /realtime-popups\.spec\.ts$/;

const PHONE = {
  browserName: 'chromium',
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent: devices['Pixel 7'].userAgent,
} as const;

export default defineConfig({
  testDir: './tests',
  outputDir: resolve(artifacts, 'test-results'),
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['html', { outputFolder: resolve(artifacts, 'html-report'), open: 'never' }]],
  use: {
    baseURL: APP_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'phone',
      testIgnore: SITE_WIDE_SPECS,
      use: PHONE,
      teardown: 'phone-popups',
    },
    {
      name: 'desktop',
      testMatch: LAYOUT_SPECS,
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
      teardown: 'phone-popups',
    },
    {
      // Popups show on every page of every session: run as the teardown of the others, i.e. after
      // all of them and whether or not they passed, so no other spec meets a popup it did not ask for.
      name: 'phone-popups',
      testMatch: SITE_WIDE_SPECS,
      use: PHONE,
    },
  ],
  webServer: [
    {
      command: `"${tsx}" support/oidc-server.ts`,
      cwd: e2eRoot,
      url: `${OIDC_ISSUER_URL}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 2_000 },
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: `"${tsx}" support/start-server.ts`,
      cwd: e2eRoot,
      url: `${APP_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 90_000,
      // main.ts closes PGlite on SIGTERM; a kill would leave its lock file behind.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
