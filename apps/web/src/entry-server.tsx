/**
 * Server rendering of the pages a visitor lands on (issue 26, decision 056). The server (apps/server,
 * plugins/web-app.ts) imports this module's build (vite build --ssr) and calls renderPage for a
 * visitor's page load; the browser hydrates what it returns (main.tsx).
 *
 * How a page gets its data: the tree is rendered once; each useQuery it reaches is then in the
 * query client, not yet fetched, and is fetched here (through the server's own API, in process, see
 * ServerApiFetch); then it is rendered again, until a render reaches no new query (at most
 * MAX_RENDERS renders); that last render is the page. The same hooks and query functions as in the browser, so there is nothing
 * per page to keep in step. Queries that failed are left for the browser (a loading state on both
 * sides), so a failure shows as it does today, with its toast.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { findRoute } from './app/find-route';
import { preloadRoutePage } from './app/lazy-page';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { AppRoutes } from './app/router';
import { SERVER_ANSWER_FRESH_MS, type ServerRenderState } from './app/server-render-state';
import { PublicOriginContext } from './features/catalogue/components/product-structured-data';
import { setServerApiFetch } from './lib/api-client';
import { activateLanguage, i18n } from './lib/i18n/i18n';
import type { AppLocale } from './lib/i18n/locales';
import { getAppThemeName } from './shell/app-theme';

export { serializeServerRenderState, SERVER_RENDER_STATE_ID } from './app/server-render-state';

/** Answers an API call inside the server's process (Fastify's inject): no socket, no second server. */
export type ServerApiFetch = (url: string, init: RequestInit) => Promise<Response>;

export interface ServerRenderInput {
  /** Path and query, as the browser asked. */
  url: string;
  locale: AppLocale;
  /** The server's public address (PUBLIC_URL), for absolute links. */
  origin: string;
  apiFetch: ServerApiFetch;
}

export interface ServerRenderResult {
  /** The markup for the element #root. */
  html: string;
  state: ServerRenderState;
  /** The page's name in its language, for "{Page} - {product name}". */
  pageTitle: string;
}

const MAX_RENDERS = 4;
/** React's placeholder for a Suspense boundary not finished in the first pass of a render. */
const SUSPENDED_PART = '<template id="B:';

const requestApiFetch = new AsyncLocalStorage<ServerApiFetch>();
setServerApiFetch((url, init) => {
  const apiFetch = requestApiFetch.getStore();
  if (!apiFetch) return Promise.reject(new Error('An API call outside a server render'));
  return apiFetch(url, init);
});

/**
 * Lingui's i18n is one object for the process, and a render reads its active language: renders
 * take turns, each activating its own language first. A render with its data at hand takes a
 * few milliseconds; the data is fetched outside the turn.
 */
let turn: Promise<unknown> = Promise.resolve();
function inLanguage<T>(locale: AppLocale, render: () => Promise<T> | T): Promise<T> {
  const run = turn.then(async () => {
    if (i18n.locale !== locale) await activateLanguage(locale);
    return render();
  });
  turn = run.catch(() => undefined);
  return run;
}

function isEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/** Queries the last render reached that have no answer yet and were never asked. */
function unaskedQueries(queryClient: QueryClient): Query[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && query.state.fetchFailureCount === 0 && isEnabled(query) && query.meta?.serverRender !== false);
}

function renderToHtml(tree: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    const stream = renderToPipeableStream(tree, {
      // The whole page in place, in order: React outlines a large finished part (a segment and an
      // inline script to move it), which the Content-Security-Policy would block.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        // Logged by the server around this call; an error here becomes the route's error boundary in the browser.
        if (error instanceof Error) reject(error);
      },
    });
  });
}

/** The page's HTML and state, or null for a page the browser renders itself (signed-in pages, redirects). */
export async function renderPage(input: ServerRenderInput): Promise<ServerRenderResult | null> {
  const location = new URL(input.url, 'http://page.invalid');
  const route = findRoute(location.pathname);
  if (route.access !== 'public' || route.redirectTo) return null;
  await preloadRoutePage(route);

  const queryClient = createQueryClient();
  // One try each: a retry would hold the page up; the browser retries what is left.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false, staleTime: SERVER_ANSWER_FRESH_MS } });
  const themeName = getAppThemeName({ pathname: location.pathname, mode: 'buyer' });
  const tree = (
    <StrictMode>
      <PublicOriginContext value={input.origin}>
        <AppProviders queryClient={queryClient} themeName={themeName} startingSession="visitor">
          <StaticRouter location={input.url}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </PublicOriginContext>
    </StrictMode>
  );

  const answered = new Set<string>();
  const apiFetch: ServerApiFetch = async (url, init) => {
    const response = await input.apiFetch(url, init);
    if (response.ok && (init.method ?? 'GET') === 'GET') answered.add(url);
    return response;
  };
  return requestApiFetch.run(apiFetch, async () => {
    // The title is read in the render's turn, in its language.
    let pageTitle = '';
    const render = () => inLanguage(input.locale, () => ((pageTitle = route.title), renderToHtml(tree)));
    let html = await render();
    for (let pass = 1; pass < MAX_RENDERS; pass += 1) {
      const queries = unaskedQueries(queryClient);
      if (queries.length > 0) await Promise.all(queries.map((query) => query.fetch().catch(() => undefined)));
      // A part that waited for its code (React.lazy) comes as a separate segment and an inline script
      // to put it in place, which the Content-Security-Policy blocks; its code is here now, so the
      // next render has it in place. Code loads once per process: later pages render in one go.
      else if (!html.includes(SUSPENDED_PART)) break;
      html = await render();
    }
    // What failed shows its loading state here and in the browser's first render, which then asks again.
    const failed = queryClient.getQueryCache().findAll({ predicate: (query) => query.state.status === 'error' });
    if (failed.length > 0) {
      queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' });
      html = await render();
    }
    return { html, pageTitle, state: { routeId: route.id, locale: input.locale, themeName, origin: input.origin, queries: dehydrate(queryClient), answered: [...answered] } };
  });
}
