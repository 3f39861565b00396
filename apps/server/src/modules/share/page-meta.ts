import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/runtime-macro';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatMoney } from '@pulse/contract/money';
import { ZId } from '@pulse/contract/ids';
import { isPagePath } from '@pulse/contract/pages';
import type { Db } from '../../db/client';
import { hubPostImages } from '../../db/schema/hub';
import { uploads } from '../../db/schema/uploads';
import { NotFoundError } from '../../errors/domain-errors';
import { isServerLocale, type ServerLocale } from '../../i18n/catalogs';
import { translatorFor } from '../../i18n/translator';
import { findPostForViewer } from '../hub/hub-post-lookup';
import { getProductForViewer } from '../products/products-service';
import { getPublicShop } from '../seller-profile/seller-profile-service';
import { buildUploadUrl } from '../uploads/uploads-service';

/**
 * The title, description and picture a shared link shows (decision 032): what the server puts
 * in the HTML of a product page, a farm shop and a Hub post, for link previews (Open Graph,
 * Twitter cards) and crawlers. Everything here is what a visitor may see anyway: a product the
 * catalogue API shows a visitor, a shop of an approved seller who is not suspended, a Hub post
 * every signed-in member sees (not hidden, not deleted, author not suspended). Anything else
 * (unknown, hidden, a draft, an unapproved shop, a malformed id) gets the generic app meta.
 */
export interface PageMeta {
  /** og:title and the start of <title> ("{title} - {app name}"). */
  title: string;
  description: string;
  /** Absolute URL of the page (og:url, the canonical link). */
  url: string;
  type: 'website' | 'article';
  image: { url: string; width: number | null; height: number | null; alt: string } | null;
}

/** Link previews cut around 200 characters; search engines show about 160. */
const DESCRIPTION_LENGTH = 200;

/** Whitespace collapsed, then cut at a word boundary (when one is not too far back) with an ellipsis. */
export function summarise(text: string, length = DESCRIPTION_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > length / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** An address the app hands out (/uploads/..., or already absolute) as an absolute URL under PUBLIC_URL. */
export function absoluteUrl(publicUrl: string, address: string): string {
  return new URL(address, `${publicUrl}/`).href;
}

/** A valid id in lower case, or null: a malformed id must not reach a uuid column. */
function parseId(value: string | null | undefined): string | null {
  const parsed = ZId.safeParse(value);
  return parsed.success ? parsed.data.toLowerCase() : null;
}

/** A path segment as an id (percent-decoded; a broken escape is no id). */
function parseIdSegment(segment: string | undefined): string | null {
  try {
    return parseId(decodeURIComponent(segment ?? ''));
  } catch {
    return null;
  }
}

/** NotFoundError (unknown, hidden, not public) becomes null; anything else is a real failure. */
async function unlessNotFound<T>(load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/** The opening sentence of a product's description: price per unit, where from, sold out. */
function productLead(i18n: I18n, price: string, unit: string, from: string, soldOut: boolean): string {
  if (from && soldOut) return i18n._(msg`${{ price }} per ${{ unit }} from ${{ from }} (sold out).`);
  if (from) return i18n._(msg`${{ price }} per ${{ unit }} from ${{ from }}.`);
  if (soldOut) return i18n._(msg`${{ price }} per ${{ unit }} (sold out).`);
  return i18n._(msg`${{ price }} per ${{ unit }}.`);
}

async function productMeta(app: FastifyInstance, i18n: I18n, productId: string): Promise<PageMeta | null> {
  const product = await unlessNotFound(getProductForViewer(app.db, productId, null, app.config.currency));
  if (!product) return null;
  const price = formatMoney(product.priceMinor, product.currency);
  const from = [product.seller.shopName, product.region].filter((part) => part.trim() !== '').join(', ');
  const lead = productLead(i18n, price, product.unit, from, product.status === 'sold_out');
  const image = product.images[0];
  return {
    title: product.title,
    description: summarise(`${lead} ${product.description}`),
    url: `${app.config.publicUrl}/product-details/${product.id}`,
    type: 'website',
    image: image ? { url: absoluteUrl(app.config.publicUrl, image.url), width: image.width, height: image.height, alt: product.title } : null,
  };
}

async function shopMeta(app: FastifyInstance, i18n: I18n, sellerId: string): Promise<PageMeta | null> {
  const shop = await unlessNotFound(getPublicShop(app.db, sellerId));
  if (!shop) return null;
  const { shopName, productCount } = shop;
  const region = shop.region.trim();
  const appName = app.config.appName;
  const intro = region
    ? i18n._(msg`${{ shopName }} in ${{ region }}: ${plural({ productCount }, { one: '# product', other: '# products' })} on ${{ appName }}.`)
    : i18n._(msg`${{ shopName }}: ${plural({ productCount }, { one: '# product', other: '# products' })} on ${{ appName }}.`);
  const photo = shop.photos[0];
  const image = photo
    ? { url: absoluteUrl(app.config.publicUrl, photo.url), width: photo.width, height: photo.height, alt: shop.shopName }
    : shop.profilePictureUrl
      ? { url: absoluteUrl(app.config.publicUrl, shop.profilePictureUrl), width: null, height: null, alt: shop.shopName }
      : null;
  return {
    title: shop.shopName,
    description: summarise(shop.story.trim() === '' ? intro : `${intro} ${shop.story}`),
    url: `${app.config.publicUrl}/product-listing?seller=${shop.userId}`,
    type: 'website',
    image,
  };
}

async function firstPostImage(db: Db, postId: string): Promise<{ storageKey: string; width: number; height: number } | null> {
  const [row] = await db
    .select({ storageKey: uploads.storageKey, width: uploads.width, height: uploads.height })
    .from(hubPostImages)
    .innerJoin(uploads, eq(uploads.id, hubPostImages.uploadId))
    .where(eq(hubPostImages.postId, postId))
    .orderBy(asc(hubPostImages.position))
    .limit(1);
  return row ?? null;
}

async function postMeta(app: FastifyInstance, i18n: I18n, postId: string): Promise<PageMeta | null> {
  // As a visitor: a hidden post, or one of a suspended author, is visible to its author only.
  const found = await findPostForViewer(app.db, postId, null);
  if (!found) return null;
  const { post, author } = found;
  const image = await firstPostImage(app.db, post.id);
  const title = i18n._(msg`${{ username: author.username }} on Pulse Hub`);
  return {
    title,
    description: summarise(post.text) || title,
    url: `${app.config.publicUrl}/pulse/${post.id}`,
    type: 'article',
    image: image ? { url: absoluteUrl(app.config.publicUrl, buildUploadUrl(image.storageKey)), width: image.width, height: image.height, alt: title } : null,
  };
}

/** What the server answers for a page address: its meta (null: the generic app meta) and its status. */
export interface PageAnswer {
  meta: PageMeta | null;
  /**
   * 404 for an address that is no page of the app (PAGE_PATHS), and for a product page or a Hub
   * post a visitor may not see (unknown, hidden, a draft, a malformed id): the app still loads and
   * shows its own answer (a signed-in owner still sees their draft), but a crawler does not index it.
   */
  status: 200 | 404;
  /** The language of the page: English unless the address says `?lang=fr|ak` (crawlers get English). */
  locale: ServerLocale;
}

/** `?lang=fr` or `?lang=ak` in a shared address; anything else (or nothing) is English. */
export function pageLocale(parsed: URL): ServerLocale {
  const wanted = parsed.searchParams.get('lang');
  return isServerLocale(wanted) ? wanted : 'en';
}

/**
 * The meta and status of a page address (path and query as the browser sent them). Routes as in
 * apps/web/src/app/route-table.ts: /product-details/{id}, the listing with ?seller={id} (/ and
 * /product-listing are the same screen; an unknown shop still shows the listing), /pulse/{id}.
 */
export async function findPage(app: FastifyInstance, url: string): Promise<PageAnswer> {
  const parsed = new URL(url, 'http://page.invalid');
  const path = parsed.pathname.replace(/\/+$/, '') || '/';
  const locale = pageLocale(parsed);
  const i18n = translatorFor(locale);
  const known = (meta: PageMeta | null): PageAnswer => ({ meta, status: meta ? 200 : 404, locale });
  const product = /^\/product-details\/([^/]+)$/.exec(path);
  if (product) {
    const id = parseIdSegment(product[1]);
    return known(id ? await productMeta(app, i18n, id) : null);
  }
  const post = /^\/pulse\/([^/]+)$/.exec(path);
  if (post) {
    const id = parseIdSegment(post[1]);
    return known(id ? await postMeta(app, i18n, id) : null);
  }
  if (path === '/' || path === '/product-listing') {
    const sellerId = parseId(parsed.searchParams.get('seller'));
    return { meta: sellerId ? await shopMeta(app, i18n, sellerId) : null, status: 200, locale };
  }
  return { meta: null, status: isPagePath(parsed.pathname) ? 200 : 404, locale };
}
