import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../errors/domain-errors';
import { compressBody, COMPRESSION_THRESHOLD_BYTES, negotiateEncoding, type ApiEncoding } from '../../lib/compression';
import { readRequestToken } from '../../plugins/auth';
import { publicResponseCacheFor, type CachedResponse } from './products-response-cache';

/**
 * Catalogue reads as HTTP caches can use them (decision 018): an ETag on every answer and 304 to a
 * matching If-None-Match, and the body (in the client's coding) from the per-process cache
 * (products-response-cache.ts), with a session or without: the public body is the same for everyone
 * (decision 057). Only the caching headers differ: public without a session, private with one.
 */

/**
 * Anyone may store an anonymous page, but must ask again before every use (a 304 with no body when
 * it has not changed): a paused, resumed or repriced product shows on the very next request, in
 * every browser. A max-age of 10 s let a visitor's browser keep showing a resumed product as gone
 * (seller-catalogue.spec). The per-process cache behind it keeps the asking cheap.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
/** A signed-in reader: only the browser keeps it, and asks again (cheaply, with the ETag) every time. */
export const PRIVATE_CACHE_CONTROL = 'private, no-cache';

/**
 * Weak because the same content goes out in three codings (identity, gzip, br) and a strong
 * validator would have to differ between them (RFC 9110, 8.8.1); the hash itself is SHA-256.
 */
export function entityTag(body: Buffer): string {
  return `W/"${createHash('sha256').update(body).digest('base64url')}"`;
}

/** If-None-Match uses the weak comparison: `W/` is ignored on both sides; `*` matches anything. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/**
 * Appends Accept-Encoding to the Vary already set (CORS sets Origin): only the coding varies the
 * body. A session changes the caching headers, never the body of an answer that could be cached:
 * the listing and an active product are the same for everyone (a seller's own draft answers a
 * visitor 404, which is not cached). `Vary: Cookie, Authorization` would split shared caches per
 * visitor and keep the service worker's saved answers from matching (decision 019: its warm-up
 * asks without the page's bearer header).
 */
export function varyOnAcceptEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const value = Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current);
  if (/(^|,)\s*accept-encoding\s*(,|$)/i.test(value)) return;
  reply.header('vary', value === '' ? 'accept-encoding' : `${value}, accept-encoding`);
}

/** The body in the client's preferred coding, compressed once per cache entry (as @fastify/compress would per request). */
export function encodedBody(response: CachedResponse, acceptEncoding: string | undefined): { encoding: ApiEncoding | null; payload: Buffer } {
  const encoding = response.body.length < COMPRESSION_THRESHOLD_BYTES ? null : negotiateEncoding(acceptEncoding);
  if (encoding === null) return { encoding, payload: response.body };
  response.encoded[encoding] ??= compressBody(response.body, encoding);
  return { encoding, payload: response.encoded[encoding] };
}

/**
 * Sends a catalogue read. `load` computes the public answer, the same for every reader: it is kept
 * in the per-process cache (computed once for concurrent identical requests) and answers visitors
 * and signed-in readers alike, so a session costs neither SQL nor serialization nor compression.
 * When the public answer is 404 and the request carries a session, `loadForViewer` (if the route
 * has one) computes the reader's own answer, e.g. a seller's draft: never cached, it is the one
 * personal case. Results go through the route's own serializer, so the response promise is unchanged.
 */
export async function sendCatalogueRead(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  load: () => Promise<unknown>,
  loadForViewer?: () => Promise<unknown>,
): Promise<FastifyReply> {
  // The route's own 200 serializer, taken now: a refresh may run after this reply went out as a 304.
  const serializer = reply.getSerializationFunction('200') ?? JSON.stringify;
  const serialize = async (loader: () => Promise<unknown>): Promise<CachedResponse> => {
    const body = Buffer.from(serializer((await loader()) as Record<string, unknown>));
    return { body, etag: entityTag(body), encoded: {} };
  };
  const signedIn = readRequestToken(request) !== null;
  let response: CachedResponse;
  let personal = false;
  try {
    response = await publicResponseCacheFor(db).getOrCompute(key, () => serialize(load));
  } catch (error) {
    if (!(error instanceof NotFoundError) || !signedIn || !loadForViewer) throw error;
    response = await serialize(loadForViewer);
    personal = true;
  }
  // Private with a session although the body is public: one rule for every answer to a session, so
  // a shared cache never stores the personal case (decision 057); the browser still gets its 304s.
  reply.header('cache-control', signedIn ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL);
  reply.header('etag', response.etag);
  varyOnAcceptEncoding(reply);
  if (matchesIfNoneMatch(request.headers['if-none-match'], response.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  // A personal answer is used once: @fastify/compress compresses it on the way out.
  if (personal) return reply.send(response.body);
  const { encoding, payload } = encodedBody(response, request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(payload);
}
