import type { FastifyReply, FastifyRequest } from 'fastify';
import { encodedBody, entityTag, matchesIfNoneMatch, varyOnAcceptEncoding } from '../products/products-http-cache';
import type { CachedResponse } from '../products/products-response-cache';
import type { PageMeta } from './page-meta';

/**
 * The web app's index.html with the meta of the page in its head (decision 032). The built file
 * is read once at start-up (a deploy restarts the server); its <title> and description are
 * replaced by the page's own, and Open Graph and Twitter-card tags go where the <title> was, so
 * they sit in the first bytes a link-preview fetcher reads, before the scripts and styles.
 */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text for an HTML text node or a quoted attribute (and XML alike): the five characters that can
 * end a text or an attribute or start markup become entities, nothing else (URLs stay readable).
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

const TITLE_ELEMENT = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION_META = /\s*<meta\s+name="description"\s+content="([^"]*)"\s*\/?>/i;

export interface PageShellOptions {
  appName: string;
  publicUrl: string;
  /** Absolute URL of the picture for pages without their own (the app icon). */
  defaultImageUrl: string;
}

export interface PageShell {
  /** The page's HTML: its own meta, or the generic app meta when `meta` is null; `<html lang>` is `locale` (English by default). */
  render(meta: PageMeta | null, locale?: string): string;
  /** The generic page, serialized once with its ETag (its compressed forms are kept as asked for). */
  generic: CachedResponse;
  /** The generic page of a language (`?lang=`), each kept once like `generic`. */
  genericIn(locale: string): CachedResponse;
}

const HTML_ELEMENT = /<html\b([^>]*)>/i;
const LANG_ATTRIBUTE = /\slang="[^"]*"/i;

/** The page with `<html lang="...">` set to the language it is written in. */
export function withHtmlLang(html: string, locale: string): string {
  return html.replace(HTML_ELEMENT, (_whole, attributes: string) => {
    const rest = attributes.replace(LANG_ATTRIBUTE, '');
    return `<html lang="${escapeHtml(locale)}"${rest}>`;
  });
}

function tag(attribute: 'name' | 'property', key: string, value: string): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
}

/** Open Graph (property=) and Twitter (name=) tags, plus the canonical link, for one page. */
function pageTags(meta: PageMeta, options: PageShellOptions): string[] {
  const image = meta.image;
  const tags = [
    `<title>${escapeHtml(`${meta.title} - ${options.appName}`)}</title>`,
    tag('name', 'description', meta.description),
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    tag('property', 'og:site_name', options.appName),
    tag('property', 'og:type', meta.type),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    tag('property', 'og:url', meta.url),
    tag('property', 'og:image', image?.url ?? options.defaultImageUrl),
  ];
  if (image) {
    if (image.width !== null && image.height !== null) {
      tags.push(tag('property', 'og:image:width', String(image.width)), tag('property', 'og:image:height', String(image.height)));
    }
    tags.push(tag('property', 'og:image:alt', image.alt));
  }
  tags.push(
    // The app icon is square and small: a large card would show it blown up.
    tag('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', meta.description),
    tag('name', 'twitter:image', image?.url ?? options.defaultImageUrl),
  );
  if (image) tags.push(tag('name', 'twitter:image:alt', image.alt));
  return tags;
}

/**
 * The generic tags: the built page's own <title> and description stay; Open Graph gets the app's
 * name, that description and the icon. No og:url: the same tags answer every address.
 */
function genericTags(rawDescription: string | null, options: PageShellOptions): string[] {
  const description = rawDescription === null ? [] : [`<meta property="og:description" content="${rawDescription}" />`];
  return [
    tag('property', 'og:site_name', options.appName),
    tag('property', 'og:type', 'website'),
    tag('property', 'og:title', options.appName),
    ...description,
    tag('property', 'og:image', options.defaultImageUrl),
    tag('name', 'twitter:card', 'summary'),
  ];
}

export function createPageShell(template: string, options: PageShellOptions): PageShell {
  // The description as written in the built file: already attribute text, so it is reused as it is.
  const rawDescription = DESCRIPTION_META.exec(template)?.[1] ?? null;
  const withoutDescription = template.replace(DESCRIPTION_META, '');
  const title = TITLE_ELEMENT.exec(withoutDescription);
  // Where the <title> was; without one, at the end of the head (or before the body, or first).
  const insertAt = title ? title.index : Math.max(0, [/<\/head>/i, /<body/i].map((end) => withoutDescription.search(end)).find((index) => index >= 0) ?? 0);
  const before = withoutDescription.slice(0, insertAt);
  const after = withoutDescription.slice(title ? insertAt + title[0].length : insertAt);
  const originalTitle = title?.[0] ?? '';
  const originalDescription = rawDescription === null ? '' : `<meta name="description" content="${rawDescription}" />`;
  const indent = /\n([ \t]*)$/.exec(before)?.[1] ?? '';
  const join = (tags: string[]) => tags.join(`\n${indent}`);

  const render = (meta: PageMeta | null, locale = 'en'): string =>
    withHtmlLang(
      meta
        ? `${before}${join(pageTags(meta, options))}${after}`
        : `${before}${join([originalTitle, originalDescription, ...genericTags(rawDescription, options)].filter((part) => part !== ''))}${after}`,
      locale,
    );

  const generic = cachedBody(render(null));
  const generics = new Map<string, CachedResponse>([['en', generic]]);
  const genericIn = (locale: string): CachedResponse => {
    let page = generics.get(locale);
    if (!page) {
      page = cachedBody(render(null, locale));
      generics.set(locale, page);
    }
    return page;
  };
  return { render, generic, genericIn };
}

/**
 * Sends a body kept with its ETag: a 304 to a matching If-None-Match, else the body in the
 * coding the client prefers (compressed once per kept body), varying on Accept-Encoding. With
 * status 404, the body without an ETag (nothing to revalidate).
 */
export function sendCachedBody(
  request: FastifyRequest,
  reply: FastifyReply,
  response: CachedResponse,
  headers: { type: string; cacheControl: string; status?: 200 | 404 },
): FastifyReply {
  reply.header('cache-control', headers.cacheControl);
  varyOnAcceptEncoding(reply);
  if (headers.status === 404) {
    reply.code(404);
  } else {
    reply.header('etag', response.etag);
    if (matchesIfNoneMatch(request.headers['if-none-match'], response.etag)) return reply.code(304).send();
  }
  reply.type(headers.type);
  const { encoding, payload } = encodedBody(response, request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(payload);
}

/**
 * Sends a page: `no-cache` with an ETag, so the browser asks again every time (a 304 when nothing
 * changed) and a renamed product never shows its old title from a cache. A 404 (an address that is
 * no page) is the app all the same, without an ETag: nothing to revalidate.
 */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: CachedResponse, status: 200 | 404 = 200): FastifyReply {
  return sendCachedBody(request, reply, page, { type: 'text/html; charset=utf-8', cacheControl: 'no-cache', status });
}

/** A body with its ETag, ready for sendCachedBody. */
export function cachedBody(html: string): CachedResponse {
  const body = Buffer.from(html);
  return { body, etag: entityTag(body), encoded: {} };
}
