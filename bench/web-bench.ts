/**
 * Web app benchmark (not a test): Lighthouse 12 with its default mobile profile (simulated slow 4G,
 * 4x CPU slowdown, Moto G Power screen) against the real server and the built app, RUNS runs per
 * page, each in a fresh Chrome. Pages: /, /product-listing, a product page, /login, and, signed in
 * as the demo buyer, /basket and /hub/feed. Then whether Chrome considers the app installable.
 *
 * Builds the web app first if apps/web/dist is missing (it never rebuilds: run `npm run build` after
 * a change). The server runs on a fresh temporary DATA_DIR so the demo marketplace is seeded.
 * Prints a table of medians and writes it into README.md between the web-bench markers; the JSON
 * reports stay in bench/.results/web-<time>/ (gitignored).
 *
 * Run: `npm run bench:web`. For a quick look: WEB_BENCH_RUNS=1, WEB_BENCH_PAGES=/login,/basket (page
 * names as in the table; the README is then left alone); WEB_BENCH_PORT moves the server.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer from 'puppeteer-core';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const port = Number(process.env.WEB_BENCH_PORT ?? 4530);
const runs = Number(process.env.WEB_BENCH_RUNS ?? 3);
const base = `http://127.0.0.1:${port}`;
const readmePath = join(root, 'README.md');
const resultsDir = join(root, 'bench/.results', `web-${new Date().toISOString().replace(/[:.]/g, '-')}`);

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

/** The seeded demo buyer (apps/server/src/seed): has a basket and a Pulse Hub feed. */
const DEMO_BUYER = { email: 'buyer@demo.pulse.market', password: 'fresh-harvest-market-2026' };
const SESSION_COOKIE = 'pulse_session';

const GOALS = { score: 95, lcpMs: 2500, tbtMs: 200, cls: 0.1 };
const GOALS_LINE =
  'Goals: performance, accessibility and best practices >= 95, LCP <= 2.5 s, TBT <= 200 ms, CLS <= 0.1 (a figure in bold misses its goal).';
const MARKER_START = '<!-- web-bench:start -->';
const MARKER_END = '<!-- web-bench:end -->';

interface PageToAudit {
  name: string;
  path: string;
  signedIn: boolean;
}

interface RunFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
}

interface Failure {
  category: string;
  id: string;
  title: string;
  runs: number;
  elements: Set<string>;
}

interface PageResult {
  page: PageToAudit;
  median: RunFigures;
  failures: Failure[];
  /** Lighthouse's measure of this machine's speed at each run (higher is faster). */
  benchmarkIndexes: number[];
}

function startServer(dataDir: string): ChildProcess {
  return spawn(join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function isAnswering(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

async function waitFor(url: string, server: ChildProcess): Promise<void> {
  // Seeding the demo marketplace takes 20-40 s before the server listens; more on a busy machine.
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server stopped (exit code ${server.exitCode}) before answering ${url}`);
    if (await isAnswering(url)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within 240 s`);
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  // main.ts closes PGlite on SIGTERM; a kill would leave the folder locked.
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (server.exitCode === null) server.kill('SIGKILL');
}

async function firstProductId(): Promise<string> {
  const response = await fetch(`${base}/api/products?limit=1`);
  const body = (await response.json()) as { items?: { id: string }[] };
  const id = body.items?.[0]?.id;
  if (!response.ok || !id) throw new Error(`GET /api/products?limit=1 gave no product (${response.status})`);
  return id;
}

/**
 * Signs the demo buyer in and returns the Cookie header the browser would send. The app asks
 * GET /api/auth/me first with the HttpOnly session cookie, so the cookie alone signs the page in.
 */
async function signInCookie(): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_BUYER),
  });
  if (!response.ok) throw new Error(`Signing in as ${DEMO_BUYER.email} failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error(`POST /api/auth/login set no ${SESSION_COOKIE} cookie`);
  return cookie;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? NaN) : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

function numeric(lhr: Result, auditId: string): number {
  return lhr.audits[auditId]?.numericValue ?? NaN;
}

function score(lhr: Result, category: string): number {
  const value = lhr.categories[category]?.score;
  return value === null || value === undefined ? NaN : Math.round(value * 100);
}

function figuresOf(lhr: Result): RunFigures {
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
  };
}

/** A short name for one item of an audit's details: the element if there is one, else its URL or text. */
function describeItem(item: Record<string, unknown>): string | null {
  const node = item.node as { selector?: string; snippet?: string; nodeLabel?: string } | undefined;
  if (node?.selector || node?.snippet) {
    const label = node.nodeLabel ? ` "${node.nodeLabel.slice(0, 60)}"` : '';
    return `${node.selector ?? ''}${label} ${node.snippet ?? ''}`.trim().slice(0, 300);
  }
  for (const key of ['description', 'source', 'url', 'value', 'issueType', 'reason']) {
    const value = item[key];
    if (typeof value === 'string' && value !== '') return value.slice(0, 240);
    if (value && typeof value === 'object' && 'url' in value && typeof value.url === 'string') return value.url.slice(0, 240);
  }
  return null;
}

/** Accessibility and best-practices audits that failed in this run, with the elements named. */
function failuresOf(lhr: Result): Omit<Failure, 'runs'>[] {
  const failures: Omit<Failure, 'runs'>[] = [];
  for (const category of ['accessibility', 'best-practices']) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'manual' || audit.scoreDisplayMode === 'notApplicable') continue;
      const details = audit.details as { items?: Record<string, unknown>[] } | undefined;
      const elements = new Set<string>();
      for (const item of details?.items ?? []) {
        const described = describeItem(item);
        if (described) elements.add(described);
        // Some audits (e.g. inspector issues) nest their rows one level down.
        const nested = (item.subItems as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
        for (const subItem of nested) {
          const sub = describeItem(subItem);
          if (sub) elements.add(sub);
        }
      }
      failures.push({ category, id: ref.id, title: audit.title, elements });
    }
  }
  return failures;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

function formatRun(figures: RunFigures): string {
  return (
    `perf ${figures.performance}, a11y ${figures.accessibility}, bp ${figures.bestPractices}, ` +
    `LCP ${seconds(figures.lcpMs)}, TBT ${Math.round(figures.tbtMs)} ms, CLS ${figures.cls.toFixed(3)}, FCP ${seconds(figures.fcpMs)}`
  );
}

async function auditOnce(url: string, cookie: string | null): Promise<Result> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      // The documented way to audit a signed-in page: the header goes with every request Chrome makes.
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART, NO_FCP): such a run is
 * repeated in a new Chrome, up to MAX_ATTEMPTS times, rather than counted.
 */
const MAX_ATTEMPTS = 3;

async function auditWithRetries(url: string, cookie: string | null): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url, cookie);
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS) throw error;
      console.log(`    retrying (${attempt}/${MAX_ATTEMPTS - 1}): ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

async function auditPage(page: PageToAudit, cookie: string): Promise<PageResult> {
  const url = `${base}${page.path}`;
  const runFigures: RunFigures[] = [];
  const benchmarkIndexes: number[] = [];
  const failures = new Map<string, Failure>();
  for (let run = 1; run <= runs; run++) {
    const started = Date.now();
    const lhr = await auditWithRetries(url, page.signedIn ? cookie : null);
    const fileName = `${page.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${run}.json`;
    writeFileSync(join(resultsDir, fileName), JSON.stringify(lhr, null, 1));
    const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
    if (page.signedIn && finalPath === '/login') {
      throw new Error(`${page.path} ended on /login: the page was not signed in (report ${fileName})`);
    }
    const figures = figuresOf(lhr);
    runFigures.push(figures);
    benchmarkIndexes.push(lhr.environment.benchmarkIndex);
    for (const failure of failuresOf(lhr)) {
      const known = failures.get(failure.id) ?? { ...failure, runs: 0, elements: new Set<string>() };
      known.runs += 1;
      for (const element of failure.elements) known.elements.add(element);
      failures.set(failure.id, known);
    }
    const warnings = lhr.runWarnings.length > 0 ? ` warnings: ${lhr.runWarnings.join(' | ')}` : '';
    console.log(
      `  ${page.name} run ${run}/${runs}: ${formatRun(figures)}; ended on ${finalPath}; ` +
        `benchmark index ${lhr.environment.benchmarkIndex} (${Math.round((Date.now() - started) / 1000)} s)${warnings}`,
    );
  }
  const pick = (key: keyof RunFigures) => median(runFigures.map((figures) => figures[key]));
  return {
    page,
    median: {
      performance: pick('performance'),
      accessibility: pick('accessibility'),
      bestPractices: pick('bestPractices'),
      lcpMs: pick('lcpMs'),
      tbtMs: pick('tbtMs'),
      cls: pick('cls'),
      fcpMs: pick('fcpMs'),
    },
    failures: [...failures.values()],
    benchmarkIndexes,
  };
}

interface Installability {
  installable: boolean;
  summary: string;
  /** The browser's own name for itself, e.g. "Chrome/156.0.8078.79". */
  browserVersion: string;
}

/**
 * Lighthouse 12 dropped the PWA category and its installable-manifest audit, so this asks Chrome
 * itself, as Lighthouse 11 did: Page.getAppManifest and Page.getInstallabilityErrors over the
 * DevTools protocol, after loading / in a fresh Chrome; and checks that each icon is a PNG.
 */
async function checkInstallability(): Promise<Installability> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    try {
      const page = await browser.newPage();
      await page.goto(`${base}/`, { waitUntil: 'networkidle0', timeout: 60_000 });
      const session = await page.createCDPSession();
      const manifest = await session.send('Page.getAppManifest', {});
      const { installabilityErrors } = await session.send('Page.getInstallabilityErrors');
      const problems: string[] = [
        ...manifest.errors.map((error) => `manifest: ${error.message}`),
        ...installabilityErrors.map((error) => `${error.errorId}${error.errorArguments.length ? ` (${error.errorArguments.map((a) => `${a.name}=${a.value}`).join(', ')})` : ''}`),
      ];
      const parsed = JSON.parse(manifest.data ?? '{}') as { icons?: { src: string; sizes?: string; purpose?: string }[] };
      for (const icon of parsed.icons ?? []) {
        const response = await fetch(new URL(icon.src, manifest.url));
        const type = response.headers.get('content-type') ?? '';
        if (!response.ok || !type.startsWith('image/png')) problems.push(`icon ${icon.src}: ${response.status} ${type}`);
      }
      const iconList = (parsed.icons ?? []).map((icon) => `${icon.sizes ?? '?'}${icon.purpose && icon.purpose !== 'any' ? ` ${icon.purpose}` : ''}`).join(', ');
      const installable = manifest.url !== '' && problems.length === 0;
      const summary = installable
        ? `Page.getInstallabilityErrors on / lists nothing; manifest ${new URL(manifest.url).pathname}, PNG icons ${iconList}`
        : `${manifest.url === '' ? 'no manifest linked; ' : ''}${problems.join('; ')}`;
      return { installable, summary, browserVersion: await browser.version() };
    } finally {
      await browser.disconnect();
    }
  } finally {
    chrome.kill();
  }
}

function cell(value: string, missesGoal: boolean): string {
  return missesGoal ? `**${value}**` : value;
}

function tableRows(results: PageResult[]): string[] {
  return [
    '| page | performance | accessibility | best practices | LCP | TBT | CLS | FCP |',
    '|---|---|---|---|---|---|---|---|',
    ...results.map(({ page, median: m }) =>
      [
        `\`${page.name}\`${page.signedIn ? ' (signed in)' : ''}`,
        cell(String(m.performance), m.performance < GOALS.score),
        cell(String(m.accessibility), m.accessibility < GOALS.score),
        cell(String(m.bestPractices), m.bestPractices < GOALS.score),
        cell(seconds(m.lcpMs), m.lcpMs > GOALS.lcpMs),
        cell(`${Math.round(m.tbtMs)} ms`, m.tbtMs > GOALS.tbtMs),
        cell(m.cls.toFixed(3), m.cls > GOALS.cls),
        seconds(m.fcpMs),
      ].join(' | '),
    ).map((row) => `| ${row} |`),
  ];
}

function formatLoad(load: number[]): string {
  return load.map((value) => value.toFixed(1)).join(' / ');
}

function readmeBlock(results: PageResult[], installability: Installability, loadStart: number[], loadEnd: number[]): string {
  const date = new Date().toISOString().slice(0, 10);
  const indexes = results.flatMap((result) => result.benchmarkIndexes);
  return [
    MARKER_START,
    `Lighthouse 12.2.3, default mobile profile (simulated slow 4G, 4x CPU slowdown), median of ${runs} runs per page,`,
    `each in a fresh headless Chromium (${installability.browserVersion}), against the real server with the demo data (\`npm run bench:web\`).`,
    `Figures of ${date}; load average ${formatLoad(loadStart)} at the start, ${formatLoad(loadEnd)} at the end;`,
    `Lighthouse's CPU benchmark index ${Math.round(median(indexes))} (median; ${Math.round(Math.min(...indexes))}-${Math.round(Math.max(...indexes))} across runs:`,
    'the lower, the busier the machine and the longer the blocking times). Signed-in pages as the demo buyer.',
    '',
    ...tableRows(results),
    '',
    GOALS_LINE,
    '',
    'Lighthouse 12.2.3 (the last for Node 20) is older than this Chromium: its LCP-element diagnostic fails and a run',
    'now and then loses its trace (NO_NAVSTART, run again); the scores and metrics above are complete.',
    '',
    `Installable: ${installability.installable ? 'yes' : '**no**'} (Lighthouse 12 has no PWA category; the bench asks Chrome: ${installability.summary}).`,
    MARKER_END,
  ].join('\n');
}

/** Replaces the block between the markers, or adds it at the end of the "### Web app" section. */
function writeReadme(block: string): void {
  const readme = readFileSync(readmePath, 'utf8');
  const start = readme.indexOf(MARKER_START);
  const end = readme.indexOf(MARKER_END);
  let next: string;
  if (start !== -1 && end > start) {
    next = readme.slice(0, start) + block + readme.slice(end + MARKER_END.length);
  } else {
    const section = readme.indexOf('\n### Web app');
    if (section === -1) throw new Error('README.md has no "### Web app" section to write the figures into');
    const following = readme.slice(section + 1).search(/\n#{1,3} /);
    const sectionEnd = following === -1 ? readme.length : section + 1 + following;
    const before = readme.slice(0, sectionEnd).replace(/\n*$/, '');
    next = `${before}\n\n${block}\n${readme.slice(sectionEnd)}`;
  }
  writeFileSync(readmePath, next);
}

function printFailures(results: PageResult[]): void {
  console.log('\nAccessibility and best-practices audits that failed (runs failing / runs):');
  for (const { page, failures } of results) {
    if (failures.length === 0) {
      console.log(`  ${page.name}: none`);
      continue;
    }
    console.log(`  ${page.name}:`);
    for (const failure of failures) {
      console.log(`    [${failure.category}] ${failure.id} (${failure.runs}/${runs}): ${failure.title}`);
      for (const element of [...failure.elements].slice(0, 8)) console.log(`        ${element}`);
      if (failure.elements.size > 8) console.log(`        ... ${failure.elements.size - 8} more`);
    }
  }
}

async function main(): Promise<void> {
  if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
    console.log('apps/web/dist is missing: building the web app (npm run build)...');
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  if (await isAnswering(`${base}/api/health`)) throw new Error(`Something already answers on ${base}; set WEB_BENCH_PORT`);
  mkdirSync(resultsDir, { recursive: true });
  const loadStart = loadavg();
  const dataDir = mkdtempSync(join(tmpdir(), 'pulse-web-bench-'));
  const server = startServer(dataDir);
  try {
    const seedStarted = Date.now();
    await waitFor(`${base}/api/health`, server);
    console.log(`Server up with the demo data in ${Math.round((Date.now() - seedStarted) / 1000)} s at ${base}; load average ${formatLoad(loadStart)}`);
    const productId = await firstProductId();
    const cookie = await signInCookie();
    const pages: PageToAudit[] = [
      { name: '/', path: '/', signedIn: false },
      { name: '/product-listing', path: '/product-listing', signedIn: false },
      { name: '/product-details/{id}', path: `/product-details/${productId}`, signedIn: false },
      { name: '/login', path: '/login', signedIn: false },
      { name: '/basket', path: '/basket', signedIn: true },
      { name: '/hub/feed', path: '/hub/feed', signedIn: true },
    ];
    const only = (process.env.WEB_BENCH_PAGES ?? '').split(',').map((name) => name.trim()).filter(Boolean);
    const results: PageResult[] = [];
    for (const page of pages) {
      if (only.length === 0 || only.includes(page.name)) results.push(await auditPage(page, cookie));
    }
    const installability = await checkInstallability();
    const loadEnd = loadavg();
    console.log(`\nMedians of ${runs} runs (reports in ${resultsDir}):\n`);
    console.log(tableRows(results).join('\n'));
    console.log(`\n${GOALS_LINE}\nInstallable: ${installability.installable ? 'yes' : 'NO'} (${installability.summary})`);
    printFailures(results);
    writeFileSync(join(resultsDir, 'summary.json'), JSON.stringify({ loadStart, loadEnd, installability, results }, (_key, value: unknown) => (value instanceof Set ? [...value] : value), 1));
    if (only.length === 0 && runs >= 3) {
      writeReadme(readmeBlock(results, installability, loadStart, loadEnd));
      console.log('\nREADME.md updated between the web-bench markers.');
    } else {
      console.log('\nREADME.md left alone (a partial run: WEB_BENCH_PAGES or WEB_BENCH_RUNS < 3).');
    }
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
