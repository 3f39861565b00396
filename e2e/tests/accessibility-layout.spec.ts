/**
 * axe-core (WCAG 2.2 A and AA rules) on every page of the route table, as the person each page is
 * for (support/route-walk.ts, shared with the screenshot script), on the demo marketplace so every
 * page shows real data: photos, ratings, charts, tasks. Runs on the phone and the desktop project
 * (the file name matches the desktop's layout specs). Decision 041.
 *
 * Fast on purpose (CI time is tight): one sign-in per person (the session goes into session storage
 * before the first page), one full load per person, then the app's own client-side navigation from
 * page to page; each page is checked once its data has drawn (no loader, no skeleton, no animation).
 *
 * On the phone the walk runs in the pseudo-locale (?lang=pseudo: every catalog text accented and
 * 30% longer, decision 046) and also looks for English left on the page that did not come from the
 * API (a text outside the catalogs) and for labels cut off at 390 px (support/untranslated-text.ts).
 */
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { openLivePage } from '../support/live-page';
import type axe from 'axe-core';
import type { AxeResults } from 'axe-core';
import { DEMO_URL } from '../support/demo-address';
import { collectContentWords, findUntranslatedText } from '../support/untranslated-text';
import { fillPath, keepSession, loadWalkedRoutes, PERSONAS, personasFor, resolveParams, signInDemoUsers, type DemoTokens, type RouteParams, type RouteRow } from '../support/route-walk';

const AXE_SOURCE = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

/** WCAG 2.0, 2.1 and 2.2, levels A and AA (issue 22). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test.use({ baseURL: DEMO_URL });

let routes: RouteRow[] = [];
let tokens: DemoTokens;
let params: RouteParams;

test.beforeAll(async () => {
  routes = await loadWalkedRoutes();
  tokens = await signInDemoUsers(DEMO_URL);
  params = await resolveParams(DEMO_URL, tokens);
});

/** The route a path lands on (after any redirect), by the route table's patterns. */
function routeOf(pathname: string): RouteRow | undefined {
  const matches = (route: RouteRow) => route.path !== '*' && new RegExp(`^${route.path.replace(/:\w+/g, '[^/]+')}/?$`).test(pathname);
  return routes.find(matches) ?? routes.find((route) => route.path === '*');
}

/**
 * Opens `path` the way the app moves between pages (history + popstate, which React Router
 * follows), after one full load for the first page; then waits until the page that landed has drawn
 * its data: its title set, no loader, skeleton or running animation, pictures in.
 */
async function openPage(page: Page, path: string, first: boolean): Promise<RouteRow> {
  const previousTitle = first ? '' : await page.title();
  // A first page may come rendered by the server: it is checked once live, as the next ones are.
  if (first) await openLivePage(page, path);
  else
    await page.evaluate((target) => {
      window.history.pushState(null, '', target);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  let landed: RouteRow | undefined;
  await expect
    .poll(
      async () => {
        const state = await page.evaluate(() => ({
          pathname: window.location.pathname,
          title: document.title,
          busy: Array.from(document.querySelectorAll('.mantine-Skeleton-root, [role="status"][aria-label^="Loading"], .mantine-Loader-root')).map((element) => element.className),
          animating: document
            .getAnimations()
            .filter((animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity)
            .map((animation) => (animation.effect instanceof KeyframeEffect ? (animation.effect.target?.className ?? '') : '')),
          // Lazy pictures load only once scrolled to (down or sideways): not waited for.
          pictures: Array.from(document.images)
            .filter((image) => image.loading !== 'lazy' && !image.complete)
            .map((image) => image.src),
          fonts: document.fonts.status,
        }));
        landed = routeOf(state.pathname);
        const pending = [
          // The route's title, or the page's own (a product's name) once it differs from the page before.
          ...(landed && (state.title.startsWith(`${landed.title} - `) || (state.title !== previousTitle && state.title.endsWith(' - Pulse Market')))
            ? []
            : [`title "${state.title}" at ${state.pathname}`]),
          ...state.busy.map((name) => `loading: ${name}`),
          ...state.animating.map((name) => `animating: ${String(name)}`),
          ...state.pictures.map((src) => `picture: ${src}`),
          ...(state.fonts === 'loaded' ? [] : ['fonts']),
        ];
        return pending.join('; ') || 'drawn';
      },
      { message: `${path} did not finish drawing`, timeout: 20_000 },
    )
    .toBe('drawn');
  return landed!;
}

async function findViolations(page: Page): Promise<AxeResults['violations']> {
  return page.evaluate(async (tags) => {
    const results = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations;
  }, WCAG_TAGS);
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}

for (const persona of PERSONAS) {
  test(`axe finds no WCAG 2.2 A/AA violation on any page of the ${persona}`, async ({ page, context }, testInfo) => {
    const own = routes.filter((route) => personasFor(route).includes(persona));
    // About 2 s a page on a slow, busy 2-core machine; the default 60 s is for one journey.
    test.setTimeout(30_000 + own.length * 8_000);
    await keepSession(context, persona, persona === 'visitor' ? null : tokens[persona]);
    // In every document before its own scripts: not subject to the page's Content-Security-Policy.
    await context.addInitScript(AXE_SOURCE);
    const pseudo = testInfo.project.name === 'phone';
    const contentWords = collectContentWords(page);
    const textFindings: string[] = [];

    const started = Date.now();
    const findings: string[] = [];
    const missing: string[] = [];
    let visited = 0;
    for (const route of own) {
      const path = fillPath(route, params[persona]);
      if (!path) {
        missing.push(`${route.id} (${route.path})`);
        continue;
      }
      const landed = await openPage(page, visited === 0 && pseudo ? `${path}${path.includes('?') ? '&' : '?'}lang=pseudo` : path, visited === 0);
      visited += 1;
      for (const violation of await findViolations(page)) {
        const targets = violation.nodes.map((node) => node.target.join(' ')).join(' | ');
        findings.push(
          `${testInfo.project.name} ${persona} ${path}${landed.id !== route.id ? ` (-> ${landed.path})` : ''}: ${violation.id} (${violation.impact}) ${violation.help}: ${violation.nodes.length} element(s): ${targets}`,
        );
      }
      if (pseudo) for (const finding of await findUntranslatedText(page, contentWords)) textFindings.push(`${persona} ${path}: ${finding.kind}: "${finding.text}"`);
    }
    testInfo.annotations.push({ type: 'walk', description: `${visited} pages in ${((Date.now() - started) / 1000).toFixed(1)} s` });

    expect(missing, `pages of the ${persona} without an id in the demo data`).toEqual([]);
    expect(visited, `pages of the ${persona} visited`).toBe(own.length);
    expect(findings, `axe-core violations:\n${findings.join('\n')}`).toEqual([]);
    expect(textFindings, `in the pseudo-locale, text outside the catalogs or cut off:\n${textFindings.join('\n')}`).toEqual([]);
  });
}
