import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { negotiateLocale } from '../i18n/translator';
import { readRequestToken } from './auth';
import { escapeHtml } from '../modules/share/page-shell';

/**
 * Server rendering of a visitor's page (issue 26, decision 056). The web build's server module
 * (apps/web/dist-server/entry-server.js, `vite build --ssr`) renders the page with its data; this
 * side decides when, gives it the API in process, and fits its markup into the page shell with the
 * page's own stylesheets and code announced in the head (from Vite's manifest).
 */

type WebLocale = 'en' | 'fr' | 'ak' | 'pseudo';
const WEB_LOCALES: readonly string[] = ['en', 'fr', 'ak', 'pseudo'];
/** The cookie the web app writes beside its stored language choice (apps/web/src/lib/i18n/language-choice.ts). */
const LANGUAGE_COOKIE = 'pulse_language';

interface ServerRenderModule {
  renderPage(input: {
    url: string;
    locale: WebLocale;
    origin: string;
    apiFetch: (url: string, init: RequestInit) => Promise<Response>;
  }): Promise<{ html: string; pageTitle: string; state: { routeId: string } } | null>;
  serializeServerRenderState(state: unknown): string;
  SERVER_RENDER_STATE_ID: string;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The key of Mantine's full stylesheet in Vite's manifest (apps/web/src/lib/full-styles.ts). */
const FULL_STYLES_MODULE = 'src/lib/full-styles-sheet.ts';

export interface RenderedPage {
  /** Goes inside <div id="root">. */
  rootHtml: string;
  /** The JSON data block and what the head must announce. */
  stateScript: string;
  headLinks: string;
  pageTitle: string;
  locale: WebLocale;
}

export interface PageRenderer {
  /** The page rendered for this request, or null when the browser renders it (a signed-in caller, a signed-in page, a failure). */
  render(request: FastifyRequest): Promise<RenderedPage | null>;
}

/** The language the web app will start in for this visitor: the address's, the stored choice's cookie, the browser's. */
export function visitorLocale(request: FastifyRequest): WebLocale {
  const wanted = new URL(request.url, 'http://page.invalid').searchParams.get('lang');
  if (wanted && WEB_LOCALES.includes(wanted)) return wanted as WebLocale;
  const stored = request.cookies[LANGUAGE_COOKIE];
  if (stored && WEB_LOCALES.includes(stored)) return stored as WebLocale;
  return negotiateLocale(request.headers['accept-language']) ?? 'en';
}

/** Stylesheets and module chunks a manifest entry needs, its static imports' included, each once. */
function collectAssets(manifest: Manifest, key: string, css: Set<string>, js: Set<string>, seen = new Set<string>()): void {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return;
  if (chunk.file.endsWith('.css')) css.add(chunk.file);
  else js.add(chunk.file);
  for (const file of chunk.css ?? []) css.add(file);
  for (const imported of chunk.imports ?? []) collectAssets(manifest, imported, css, js, seen);
}

function headLinksFor(manifest: Manifest, routeModule: string | null, fullStyles: boolean): string {
  const css = new Set<string>();
  const js = new Set<string>();
  // The entry's own files are in the shell already.
  const entry = new Set<string>();
  collectAssets(manifest, 'index.html', new Set(), entry);
  if (fullStyles) collectAssets(manifest, FULL_STYLES_MODULE, css, js);
  if (routeModule) collectAssets(manifest, routeModule, css, js);
  const links = [...css].map((file) => `<link rel="stylesheet" crossorigin href="/${escapeHtml(file)}" />`);
  for (const file of js) if (!entry.has(file)) links.push(`<link rel="modulepreload" fetchpriority="low" crossorigin href="/${escapeHtml(file)}" />`);
  return links.join('');
}

/**
 * The renderer, when the web build has its server module (apps/web/dist-server next to dist);
 * null otherwise (a build without it, or the API alone): then every page is rendered in the browser.
 */
export async function createPageRenderer(app: FastifyInstance, webDistDir: string): Promise<PageRenderer | null> {
  const entryFile = join(webDistDir, '..', 'dist-server', 'entry-server.js');
  const manifestFile = join(webDistDir, '.vite', 'manifest.json');
  const routeModulesFile = join(webDistDir, 'route-modules.json');
  const ownStylesFile = join(webDistDir, 'own-styles-routes.json');
  if (!existsSync(entryFile) || !existsSync(manifestFile) || !existsSync(routeModulesFile)) return null;
  const module = (await import(pathToFileURL(entryFile).href)) as ServerRenderModule;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const routeModules = JSON.parse(readFileSync(routeModulesFile, 'utf8')) as Record<string, string | null>;
  // Pages whose own stylesheet covers their rendered HTML: the full one would only delay their first paint.
  const ownStylesRoutes = new Set(existsSync(ownStylesFile) ? (JSON.parse(readFileSync(ownStylesFile, 'utf8')) as string[]) : []);
  const headLinks = new Map<string, string>();

  async function apiFetch(request: FastifyRequest, locale: WebLocale, url: string, init: RequestInit): Promise<Response> {
    const response = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: { accept: 'application/json', 'accept-language': locale === 'pseudo' ? 'en' : locale, 'user-agent': request.headers['user-agent'] ?? 'pulse-server-render' },
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(response.statusCode === 204 || response.statusCode === 304 ? null : new Uint8Array(response.rawPayload), { status: response.statusCode, headers });
  }

  return {
    async render(request) {
      // Decision 056: a visitor's pages only; a signed-in person's are rendered in their browser.
      if (readRequestToken(request) !== null) return null;
      const locale = visitorLocale(request);
      try {
        const rendered = await module.renderPage({ url: request.url, locale, origin: app.config.publicUrl, apiFetch: (url, init) => apiFetch(request, locale, url, init) });
        if (!rendered) return null;
        const routeId = rendered.state.routeId;
        let links = headLinks.get(routeId);
        if (links === undefined) {
          const routeModule = routeModules[routeId] ?? null;
          // The listing (no module of its own) needs only the first-load styles; so do pages that bring their own.
          links = headLinksFor(manifest, routeModule, routeModule !== null && !ownStylesRoutes.has(routeId));
          headLinks.set(routeId, links);
        }
        return {
          rootHtml: rendered.html,
          stateScript: `<script type="application/json" id="${module.SERVER_RENDER_STATE_ID}">${module.serializeServerRenderState(rendered.state)}</script>`,
          headLinks: links,
          pageTitle: rendered.pageTitle,
          locale,
        };
      } catch (error) {
        // The browser renders the page as before; the failure is the server's to look at.
        request.log.error({ err: error }, 'server rendering failed; the browser renders the page');
        return null;
      }
    },
  };
}
