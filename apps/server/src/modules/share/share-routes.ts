import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { TtlCache } from '../../lib/ttl-cache';
import type { CachedResponse } from '../products/products-response-cache';
import { cachedBody, sendCachedBody } from './page-shell';
import { buildRobotsTxt, buildSitemapIndex, buildUrlSet, countSitemapEntries, SITEMAP_URL_LIMIT } from './sitemap';

/** Crawlers may keep both for five minutes; this process builds the sitemap at most that often. */
export const SHARE_CACHE_SECONDS = 300;
const CACHE_CONTROL = `public, max-age=${SHARE_CACHE_SECONDS}`;

const ZSitemapQuery = z.object({ page: z.coerce.number().int().positive().optional().catch(-1) });

/**
 * GET /sitemap.xml (?page=n when split) and GET /robots.txt (decision 032): pages of the web app,
 * not API routes, so they are in neither the OpenAPI document nor the authorization table.
 */
export const shareRoutes: FastifyPluginAsync<{ sitemapUrlLimit?: number }> = async (app, options) => {
  const limit = options.sitemapUrlLimit ?? SITEMAP_URL_LIMIT;
  const { publicUrl } = app.config;
  const robots = cachedBody(buildRobotsTxt(publicUrl));
  const sitemaps = new TtlCache<CachedResponse | null>({ ttlMs: SHARE_CACHE_SECONDS * 1000, maxEntries: 100 });

  async function buildSitemap(page: number | undefined): Promise<CachedResponse | null> {
    const files = Math.max(1, Math.ceil((await countSitemapEntries(app.db)) / limit));
    if (page === undefined) {
      return cachedBody(files === 1 ? ((await buildUrlSet(app.db, publicUrl, 1, limit)) ?? '') : buildSitemapIndex(publicUrl, files));
    }
    if (page > files) return null;
    const xml = await buildUrlSet(app.db, publicUrl, page, limit);
    return xml === null ? null : cachedBody(xml);
  }

  app.get('/robots.txt', async (request, reply) =>
    sendCachedBody(request, reply, robots, { type: 'text/plain; charset=utf-8', cacheControl: CACHE_CONTROL }),
  );

  app.get('/sitemap.xml', async (request, reply) => {
    const { page } = ZSitemapQuery.parse(request.query ?? {});
    if (page === -1) return reply.callNotFound();
    const sitemap = await sitemaps.getOrCompute(`page ${page ?? 'all'}`, () => buildSitemap(page));
    if (!sitemap) return reply.callNotFound();
    return sendCachedBody(request, reply, sitemap, { type: 'application/xml; charset=utf-8', cacheControl: CACHE_CONTROL });
  });
};
