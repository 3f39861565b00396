import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { escapeHtml } from './page-shell';

/**
 * /sitemap.xml and /robots.txt (decision 032). The sitemap lists the home page, the shops of
 * approved sellers who are not suspended, and their active products, each with its lastmod. The
 * sitemap protocol allows 50,000 URLs per file: above that /sitemap.xml becomes a sitemap index
 * naming /sitemap.xml?page=1, ?page=2, ... of 50,000 URLs each.
 */
export const SITEMAP_URL_LIMIT = 50_000;

/** Who sells in public: the seller role, an approved application, not suspended (as GET /api/shops/{id}). */
const PUBLIC_ENTRIES = sql`with public_sellers as (
    select u.id from users u
    where 'seller' = any(u.roles) and u.suspended_at is null
      and exists (select 1 from seller_applications sa where sa.user_id = u.id and sa.status = 'approved')
  ), entries as (
    select 0 as kind, null::uuid as id,
      (select max(p.updated_at) from products p where p.status = 'active' and p.seller_user_id in (select id from public_sellers)) as lastmod
    union all
    select 1, sp.user_id, sp.updated_at from seller_profiles sp where sp.user_id in (select id from public_sellers)
    union all
    select 2, p.id, p.updated_at from products p where p.status = 'active' and p.seller_user_id in (select id from public_sellers)
  )`;

interface SitemapEntry {
  kind: number;
  id: string | null;
  lastmod: string | null;
}

type RawRow = Record<string, unknown>;

async function rowsOf(db: Db, query: ReturnType<typeof sql>): Promise<RawRow[]> {
  return ((await db.execute(query)) as unknown as { rows: RawRow[] }).rows;
}

export async function countSitemapEntries(db: Db): Promise<number> {
  const [row] = await rowsOf(db, sql`${PUBLIC_ENTRIES} select count(*)::int as total from entries`);
  return Number(row?.total ?? 0);
}

/** One file's worth of entries, in a fixed order (home, shops, products; by id within each). */
async function readSitemapEntries(db: Db, offset: number, limit: number): Promise<SitemapEntry[]> {
  const rows = await rowsOf(
    db,
    sql`${PUBLIC_ENTRIES}
    select kind, id, to_char(lastmod at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as lastmod
    from entries order by kind, id nulls first limit ${limit} offset ${offset}`,
  );
  return rows.map((row) => ({
    kind: Number(row.kind),
    id: row.id === null || row.id === undefined ? null : String(row.id),
    lastmod: row.lastmod === null || row.lastmod === undefined ? null : String(row.lastmod),
  }));
}

function entryUrl(publicUrl: string, entry: SitemapEntry): string {
  if (entry.kind === 1) return `${publicUrl}/product-listing?seller=${entry.id}`;
  if (entry.kind === 2) return `${publicUrl}/product-details/${entry.id}`;
  return `${publicUrl}/`;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** A <urlset> of file `page` (1-based) of `limit` URLs, or null when there is no such file. */
export async function buildUrlSet(db: Db, publicUrl: string, page: number, limit: number): Promise<string | null> {
  const entries = await readSitemapEntries(db, (page - 1) * limit, limit);
  if (entries.length === 0 && page > 1) return null;
  const urls = entries.map((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : '';
    return `<url><loc>${escapeHtml(entryUrl(publicUrl, entry))}</loc>${lastmod}</url>`;
  });
  return `${XML_HEAD}<urlset xmlns="${SITEMAP_NAMESPACE}">\n${urls.join('\n')}\n</urlset>\n`;
}

/** A <sitemapindex> naming files 1..`files`. */
export function buildSitemapIndex(publicUrl: string, files: number): string {
  const items = Array.from({ length: files }, (_, index) => `<sitemap><loc>${escapeHtml(`${publicUrl}/sitemap.xml?page=${index + 1}`)}</loc></sitemap>`);
  return `${XML_HEAD}<sitemapindex xmlns="${SITEMAP_NAMESPACE}">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/**
 * The signed-in pages of the web app (spec §2, apps/web/src/app/route-table.ts) and the API:
 * nothing for a crawler there. Product pages, shops, Hub posts (/pulse/{id}), the listing and
 * the public content pages stay allowed; so do /uploads/, where the preview pictures are.
 */
const PRIVATE_PREFIXES = [
  '/api/',
  '/basket',
  '/order/',
  '/order-delivery/',
  '/wallet',
  '/refunds-history',
  '/buyer-dashboard',
  '/profile/',
  '/messages',
  '/notifications',
  '/chat/',
  '/seller-dashboard',
  '/seller-profile',
  '/seller/',
  '/add-product',
  '/seller-application-status',
  '/agent-registration',
  '/agent-dashboard',
  '/agent-referrals',
  '/agent-messages',
  '/agent-application-status',
  '/logistics-tasks',
  '/admin',
  '/hub',
  '/pulse-assistant',
  '/login',
];

export function buildRobotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    // /pulse itself is the signed-in member's own page; /pulse/{id} posts stay allowed.
    'Disallow: /pulse$',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
