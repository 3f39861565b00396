import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/first-load-styles';
import './app/global.css';
import { App } from './app/app';
import { findRoute } from './app/find-route';
import { loadRoutePage } from './app/lazy-page';
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

// The page starts in its language (English is in the code; another language's catalog is one small
// download, fetched beside the page's own chunk); if it cannot be fetched, English.
const language = initialLanguage(window.location.search, navigator.languages);
if (language === 'en') render();
else void activateLanguage(language).catch(() => undefined).finally(render);
