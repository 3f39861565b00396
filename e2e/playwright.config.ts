import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { DEMO_URL } from './support/demo-address';
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

/** Specs of the seeded demo marketplace (project "demo"): they run against the demo server only. */
const DEMO_SPECS = /demo-.*\.spec\.ts$/;

/** A spec of the phone and desktop projects that walks the demo marketplace (every page with real data). */
const DEMO_DATA_SPEC = /accessibility-layout(\.spec(\.ts)?)?$/;

/**
 * Specs that start every server they use themselves (payments: the Paystack server and double on
 * E2E_APP_PORT + 7 and + 8; money formats: a GHS and an XOF server; account mail (password reset,
 * address check): its mail server on E2E_APP_PORT + 9 and an SMTP server in the spec): alone, they
 * need neither the fixture server nor the mock OpenID provider.
 */
const SELF_SERVED_SPEC = /(payments-paystack|money-formats|account-mail)(\.spec(\.ts)?)?$/;

/** The projects named on the command line (--project=x, --project x, -p x); none means all. */
function requestedProjects(argv: readonly string[]): string[] {
  const projects: string[] = [];
  argv.forEach((arg, index) => {
    const inline = /^--project=(.*)$/.exec(arg);
    if (inline) projects.push(inline[1]!);
    else if ((arg === '--project' || arg === '-p') && argv[index + 1]) projects.push(argv[index + 1]!);
  });
  return projects;
}

/**
 * Which servers this run needs, read from its command line. The demo server starts only when the
 * run includes the demo project (its seed takes a while): "demo" among the projects asked for, or no
 * --project at all (npm test runs everything) unless the run names spec files (tests/x.spec.ts) of
 * which none is a demo spec. The accessibility walk (phone and desktop projects) reads the demo
 * server too. A run of the demo project alone needs neither the fixture server nor
 * the mock OpenID provider. Playwright loads this file in its workers too, with other arguments:
 * only webServer depends on this, the projects never do.
 */
function serversFor(argv: readonly string[]): { demo: boolean; fixtures: boolean } {
  const projects = requestedProjects(argv);
  const specFiles = argv.filter((arg) => !arg.startsWith('-') && /(^|\/)tests\/|\.spec(\.ts)?$/.test(arg));
  // The accessibility walk runs in the phone and desktop projects but reads the demo marketplace.
  const specsReadDemo = specFiles.length === 0 || specFiles.some((arg) => /demo-/.test(arg) || DEMO_DATA_SPEC.test(arg));
  // A self-served spec alone needs the fixtures only for the popups teardown (not run with --no-deps).
  const noDeps = argv.includes('--no-deps');
  if (projects.length === 0) {
    const browserSpecs = specFiles.filter((arg) => !/demo-/.test(arg));
    return { demo: specsReadDemo, fixtures: specFiles.length === 0 || browserSpecs.some((arg) => !SELF_SERVED_SPEC.test(arg) || !noDeps) };
  }
  // The phone and desktop projects end with the popups spec (their teardown, skipped by --no-deps) on the fixtures.
  const browserProjects = projects.some((name) => name !== 'demo');
  const specsReadFixtures =
    specFiles.length === 0 || specFiles.some((arg) => !/demo-/.test(arg) && !DEMO_DATA_SPEC.test(arg) && !SELF_SERVED_SPEC.test(arg));
  return {
    demo: projects.includes('demo') || (browserProjects && (specFiles.length === 0 || specFiles.some((arg) => DEMO_DATA_SPEC.test(arg)))),
    fixtures: browserProjects && (specsReadFixtures || !noDeps),
  };
}

const SERVERS = serversFor(process.argv);

const PHONE = {
  browserName: 'chromium',
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent: devices['Pixel 7'].userAgent,
} as const;

type WebServer = NonNullable<Exclude<PlaywrightTestConfig['webServer'], unknown[]>>;

/** The mock OpenID Connect provider and the real server on the suite's own fixtures. */
const FIXTURE_SERVERS: WebServer[] = [
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
    // The fixture seed on a loaded 2-core machine took over 90 s (issue 22 session); the start is not a timing test.
    timeout: 180_000,
    // main.ts closes PGlite on SIGTERM; a kill would leave its lock file behind.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
];

/** The real server with the demo marketplace seeded (project "demo"). */
const DEMO_SERVER: WebServer = {
  command: `"${tsx}" support/start-demo-server.ts`,
  cwd: e2eRoot,
  // main.ts seeds the demo before it listens: health answers once the demo data is there.
  url: `${DEMO_URL}/api/health`,
  reuseExistingServer: false,
  // The seed's time varies with the machine's load (see README, "Browser tests").
  timeout: 300_000,
  gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  stdout: 'pipe',
  stderr: 'pipe',
};

export default defineConfig({
  testDir: './tests',
  outputDir: resolve(artifacts, 'test-results'),
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // Times are measured in bench/, not asserted here: a walk through ten pages may take 30 s on a
  // slow or busy 2-core machine (CI's failed at 30 s in walks that take 5-14 s on an idle one).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: resolve(artifacts, 'html-report'), open: 'never' }]],
  use: {
    baseURL: APP_URL,
    // Recording a trace costs about a third of the suite's CPU (its screencast runs in every test,
    // passed or not) and CI keeps only what it prints: on only when asked, E2E_TRACE=1.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'phone',
      testIgnore: [SITE_WIDE_SPECS, DEMO_SPECS],
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
    {
      // The seeded demo marketplace as a newcomer finds it after `npm start` (issue 16).
      name: 'demo',
      testMatch: DEMO_SPECS,
      use: { ...PHONE, baseURL: DEMO_URL },
    },
  ],
  webServer: [
    ...(SERVERS.fixtures ? FIXTURE_SERVERS : []),
    ...(SERVERS.demo ? [DEMO_SERVER] : []),
  ],
});
