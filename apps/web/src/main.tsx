import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import './app/first-load-styles';
import './app/global.css';
import { App } from './app/app';
import { findRoute } from './app/find-route';
import { loadRoutePage, preloadRoutePage } from './app/lazy-page';
import { createQueryClient } from './app/query-client';
import { SERVER_ANSWER_FRESH_MS, firstCurrencyOf, readServerRenderState, type ServerRenderState } from './app/server-render-state';
import { SESSION_KEYS, readSessionValue } from './lib/session-keys';
import { currencyDigits, formatMoney } from './lib/format-core';
import { activateLanguage } from './lib/i18n/i18n';
import { initialLanguage } from './lib/i18n/language-choice';

// zod compiles object parsers with new Function() when it may; the Content-Security-Policy forbids
// eval, and zod's probe for it was reported as a violation on every page that parses. zod keeps its
// settings on globalThis.__zod_globalConfig and adopts an object already there (zod/v4/core,
// core.js), so this is config({ jitless: true }) without loading zod on the first page.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The page being opened starts downloading now, beside the session check (LazyPage shows the
// error and a retry if it fails; here a failure is only not a head start).
loadRoutePage(findRoute(window.location.pathname)).catch(() => undefined);

// A share link (?ref=CODE, issue 13): the code is remembered and the visit reported by a chunk of its own.
if (/[?&]ref=/.test(window.location.search)) void import('./lib/referral-capture').then((module) => module.captureReferralFromPage()).catch(() => undefined);

// The service worker (and what it precaches) waits until the page has loaded, so it never competes
// with the first page for the network.
function registerServiceWorkerLater() {
  void import('./lib/service-worker').then(({ registerServiceWorker }) => registerServiceWorker());
}
if (document.readyState === 'complete') registerServiceWorkerLater();
else window.addEventListener('load', registerServiceWorkerLater, { once: true });

function render() {
  createRoot(container!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

/**
 * A page the server rendered (decision 056) is hydrated: the same tree, from the same answers, in the
 * same language, as a visitor. The page's chunk must be here first (a page still loading would not
 * match the HTML). Hydration runs as a transition, so a tap meanwhile is not held up.
 */
async function hydrateServerPage(state: ServerRenderState) {
  await Promise.all([state.locale === 'en' ? undefined : activateLanguage(state.locale), preloadRoutePage(findRoute(window.location.pathname))]);
  const queryClient = createQueryClient();
  hydrate(queryClient, state.queries);
  for (const query of state.queries.queries) queryClient.setQueryDefaults(query.queryKey, { staleTime: SERVER_ANSWER_FRESH_MS });
  keepForOfflineReading(state.answered);
  // A page's first prices build two currency formatters (the currency's digits, read in English, and
  // the page's language), about 40 ms each on a 4x slowed phone (issue 26): 75 ms of an 81 ms
  // hydrating render. Built first, each in a task of its own, no task carries both.
  const currency = firstCurrencyOf(state.queries);
  if (currency) {
    await nextTask();
    currencyDigits(currency);
    await nextTask();
    formatMoney(0, currency);
  }
  await nextTask();
  startTransition(() => {
    hydrateRoot(
      container!,
      <StrictMode>
        <App hydrating={{ queryClient, themeName: state.themeName, origin: state.origin }} />
      </StrictMode>,
    );
  });
}

/**
 * A page rendered here waits for the network (who is signed in, then its data) with the main thread
 * idle; its first prices would then build two currency formatters inside the render that shows them
 * (about 100 ms each on a slowed phone, issue 26). The server names the deployment's currency in the
 * page (<meta name="pulse-currency">): they are built now, each in a task of its own.
 */
function warmMoneyFormatters() {
  const currency = document.querySelector('meta[name="pulse-currency"]')?.getAttribute('content');
  if (!currency || !/^[A-Z]{3}$/.test(currency)) return;
  void nextTask()
    .then(() => currencyDigits(currency))
    .then(nextTask)
    .then(() => formatMoney(0, currency));
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The service worker keeps the API answers a page fetched, for reading offline (decision 019); a page
 * the server rendered fetched none. Once the page has loaded and the browser is idle, the answers it
 * came with are asked for once through the worker, which keeps them. Without a worker, nothing.
 */
function keepForOfflineReading(paths: readonly string[]) {
  const keep = () => {
    if (!navigator.serviceWorker?.controller) return;
    for (const path of paths) void fetch(path, { credentials: 'include', headers: { Accept: 'application/json' } }).catch(() => undefined);
  };
  const whenIdle = () => (typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(keep) : setTimeout(keep, 1000));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

// The page starts in its language (English is in the code; another language's catalog is one small
// download, fetched beside the page's own chunk); if it cannot be fetched, English.
const language = initialLanguage(window.location.search, navigator.languages);
const serverRender = readServerRenderState();
// The server renders as a visitor in the language it could tell: a tab holding a session, or a
// language chosen here that the server did not know, renders in the browser as before.
if (serverRender && serverRender.locale === language && serverRender.routeId === findRoute(window.location.pathname).id && readSessionValue(SESSION_KEYS.token) === null) {
  hydrateServerPage(serverRender).catch((error: unknown) => {
    console.error('Could not hydrate the page; rendering it again', error);
    render();
  });
} else if (language === 'en') {
  render();
  warmMoneyFormatters();
} else
  void activateLanguage(language)
    .catch(() => undefined)
    .finally(() => {
      render();
      warmMoneyFormatters();
    });
