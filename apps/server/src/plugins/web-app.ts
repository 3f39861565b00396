import { msg } from '@lingui/core/runtime-macro';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TApiErrorResponse } from '@pulse/contract/errors';
import { findPage } from '../modules/share/page-meta';
import { cachedBody, createPageShell, escapeHtml, sendPage, withHtmlLang, type PageShell } from '../modules/share/page-shell';
import { createPageRenderer, type RenderedPage } from './page-render';
import { shareRoutes } from '../modules/share/share-routes';

const HASHED_ASSET = /[\\/]assets[\\/]/;

/**
 * Addresses of files, not pages: a missing one is a 404 whatever the client accepts. A page
 * address (/product-details/{id}, /hub/profile/ama.k) has none of these endings.
 */
const FILE_ADDRESS = /\.(?:js|mjs|cjs|css|map|json|webmanifest|txt|xml|html?|png|jpe?g|webp|avif|gif|svg|ico|woff2?|ttf|otf|mp3|ogg|wav|br|gz|zip|pdf)$/i;

/** The app's icon, the picture of a shared link that has none of its own (apps/web/public/icons). */
const DEFAULT_IMAGE_PATH = '/icons/icon-512.png';

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function sendApiNotFound(request: FastifyRequest, reply: FastifyReply) {
  const body: TApiErrorResponse = {
    error: { code: 'not_found', message: request.i18n._(msg`No API route matches ${{ method: request.method }} ${{ path: request.url.split('?')[0] }}.`) },
  };
  return reply.code(404).send(body);
}

/**
 * Whether a GET or HEAD is a page load: a browser asking for HTML, or any client (a link-preview
 * fetcher, a crawler, curl with its Accept: * / *) asking for an address that is not a file's.
 */
function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if ((request.headers.accept ?? '').includes('text/html')) return true;
  const path = request.url.split('?')[0] ?? '';
  return !FILE_ADDRESS.test(path) && !path.startsWith('/assets/') && !path.startsWith('/uploads/');
}

/**
 * Serves the built web app when its folder exists. A page load (see isPageRequest) gets
 * index.html, so a deep link like /order/abc loads the app and its router takes over; /api
 * paths always answer with the JSON 404.
 *
 * Files: the web build writes a `.br` and a `.gz` twin beside every text file; the one the
 * client's Accept-Encoding prefers is sent as it is (brotli, then gzip, else the file itself),
 * with `Vary: Accept-Encoding`. Nothing is compressed per request for them (decision 018).
 *
 * Pages: index.html with the page's own title, description and Open Graph / Twitter-card tags
 * for product pages, shops and Hub posts, the generic app meta elsewhere (decision 032), `no-cache`
 * with an ETag, compressed as the API compresses JSON (the generic page once per process). Beside
 * them /sitemap.xml and /robots.txt.
 */
export const webAppPlugin = fp<{ webDistDir: string; sitemapUrlLimit?: number }>(
  async (app, { webDistDir, sitemapUrlLimit }) => {
    const indexFile = join(webDistDir, 'index.html');
    const shell: PageShell | null = existsSync(indexFile)
      ? // The deployment's currency rides in every page, so the browser can build its money formatters while it waits for the network (issue 26).
        createPageShell(readFileSync(indexFile, 'utf8').replace('</head>', () => `<meta name="pulse-currency" content="${escapeHtml(app.config.currency)}" /></head>`), {
          appName: app.config.appName,
          publicUrl: app.config.publicUrl,
          defaultImageUrl: `${app.config.publicUrl}${DEFAULT_IMAGE_PATH}`,
        })
      : null;

    const renderer = shell ? await createPageRenderer(app, webDistDir) : null;

    /** The shell around a page the server rendered: its markup in #root, its state, its files announced, its title. */
    function withRenderedPage(html: string, page: RenderedPage, hasOwnMeta: boolean): string {
      let result = withHtmlLang(html, page.locale === 'pseudo' ? 'en-XA' : page.locale)
        .replace('<div id="root"></div>', () => `<div id="root">${page.rootHtml}</div>${page.stateScript}`)
        .replace('</head>', () => `${page.headLinks}</head>`);
      if (!hasOwnMeta) result = result.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeHtml(`${page.pageTitle} - ${app.config.appName}`)}</title>`);
      return result;
    }

    async function answerPage(request: FastifyRequest, reply: FastifyReply, pageShell: PageShell) {
      const [{ meta, status, locale }, rendered] = await Promise.all([findPage(app, request.url), renderer?.render(request) ?? null]);
      if (rendered) return sendPage(request, reply, cachedBody(withRenderedPage(pageShell.render(meta, locale), rendered, meta !== null)), status);
      return sendPage(request, reply, meta ? cachedBody(pageShell.render(meta, locale)) : pageShell.genericIn(locale), status);
    }

    if (shell) {
      await app.register(fastifyStatic, {
        root: webDistDir,
        preCompressed: true,
        cacheControl: false,
        // "/" is a page (with the app's meta), answered below rather than as the raw file.
        index: false,
        // Vite fingerprints everything under assets/, so those never change; other files must
        // be revalidated or a deploy would keep serving the old ones.
        setHeaders(response, filePath) {
          response.header(
            'cache-control',
            HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
      await app.register(shareRoutes, sitemapUrlLimit === undefined ? {} : { sitemapUrlLimit });
      // The listing, and a shop when it carries ?seller=.
      app.get('/', async (request, reply) => answerPage(request, reply, shell));
    }

    app.setNotFoundHandler(async (request, reply) => {
      if (isApiPath(request.url)) return sendApiNotFound(request, reply);
      if (shell && isPageRequest(request)) return answerPage(request, reply, shell);
      const body: TApiErrorResponse = { error: { code: 'not_found', message: request.i18n._(msg`Not found.`) } };
      return reply.code(404).send(body);
    });
  },
  { name: 'web-app' },
);
