import { createContext, use } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { AggregateRatingLeaf, BreadcrumbListLeaf, Graph, ListItemLeaf, OfferLeaf, OrganizationLeaf, ProductLeaf } from 'schema-dts';
import type { TProductDetails } from '@pulse/contract/products';
import { CATEGORY_NAMES } from '../../../lib/category-names';
import { currencyDigits } from '../../../lib/format-core';
import { resolveMediaUrl } from '../../../lib/media-url';
import { EMPTY_FILTERS, toListingSearchParams } from '../utils/listing-filters';

/**
 * The public origin ("https://market.example") the structured data writes its absolute URLs with.
 * The browser knows it (window.location.origin); the server renders without a window and gives its
 * PUBLIC_URL through this context, so both write the same URLs.
 */
export const PublicOriginContext = createContext<string | null>(null);

/** What the builder reads besides the product: where the site is, and the breadcrumb names in the page's language. */
export interface StructuredDataContext {
  /** Scheme and host without a trailing slash. */
  origin: string;
  homeName: string;
  categoryName: string;
}

/** The page's JSON-LD: the product with its offer and rating, and where it sits in the site. */
export interface ProductPageGraph extends Graph {
  '@graph': readonly [ProductLeaf, BreadcrumbListLeaf];
}

/** Minor units as the decimal string schema.org's price wants: 450 USD -> "4.50", 4250 XOF -> "4250" (no float rounding). */
export function decimalPrice(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  if (digits === 0) return String(minor);
  const padded = String(Math.abs(minor)).padStart(digits + 1, '0');
  return `${minor < 0 ? '-' : ''}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

/**
 * Schema.org JSON-LD for a product page (Google's product snippet and breadcrumb): the Product with
 * its Offer (price, currency, stock) sold by the farm's shop, an AggregateRating only when there are
 * ratings (Google rejects one from 0 reviews), and Home > category > product. Pure, so the server
 * renders the same object.
 */
export function buildProductStructuredData(product: TProductDetails, context: StructuredDataContext): ProductPageGraph {
  const base = `${context.origin.replace(/\/+$/, '')}/`;
  const absolute = (address: string) => new URL(address, base).href;
  const url = absolute(`/product-details/${encodeURIComponent(product.id)}`);
  const shopUrl = absolute(`/product-listing?${toListingSearchParams({ ...EMPTY_FILTERS, seller: product.seller.userId }).toString()}`);
  const categoryUrl = absolute(`/product-listing?${toListingSearchParams({ ...EMPTY_FILTERS, category: product.category }).toString()}`);
  // Only an active product with stock not held by orders can be bought; a seller's own paused or draft one cannot.
  const inStock = product.status === 'active' && product.availableQuantity > 0;

  const region = product.origin.region.trim();
  const seller: OrganizationLeaf = {
    '@type': 'Organization',
    '@id': `${shopUrl}#shop`,
    name: product.seller.shopName,
    url: shopUrl,
    ...(region ? { address: { '@type': 'PostalAddress', addressRegion: region } } : {}),
  };
  const offer: OfferLeaf = {
    '@type': 'Offer',
    url,
    price: decimalPrice(product.priceMinor, product.currency),
    priceCurrency: product.currency,
    availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    seller,
  };
  const rating: AggregateRatingLeaf | null =
    product.ratingAverage !== null && product.ratingCount > 0
      ? { '@type': 'AggregateRating', ratingValue: product.ratingAverage, reviewCount: product.ratingCount, bestRating: 5, worstRating: 1 }
      : null;
  const farmName = product.origin.farmName.trim() || product.seller.shopName;
  const description = product.description.trim();

  const productNode: ProductLeaf = {
    '@type': 'Product',
    '@id': `${url}#product`,
    name: product.title,
    ...(description ? { description } : {}),
    ...(product.images.length > 0 ? { image: product.images.map((image) => absolute(resolveMediaUrl(image.url))) } : {}),
    sku: product.id,
    category: context.categoryName,
    url,
    brand: { '@type': 'Brand', name: farmName },
    offers: offer,
    ...(rating ? { aggregateRating: rating } : {}),
  };

  const crumb = (position: number, name: string, item: string): ListItemLeaf => ({ '@type': 'ListItem', position, name, item });
  const breadcrumbs: BreadcrumbListLeaf = {
    '@type': 'BreadcrumbList',
    itemListElement: [crumb(1, context.homeName, base), crumb(2, context.categoryName, categoryUrl), crumb(3, product.title, url)],
  };

  return { '@context': 'https://schema.org', '@graph': [productNode, breadcrumbs] };
}

/**
 * The JSON for inside <script>: "<" written as \u003c, so a title holding "</script>" or "<!--"
 * cannot end the script or open a comment; JSON.parse reads the same text back.
 */
export function serializeJsonLd(data: object): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** The product page's structured data as a JSON-LD script, for search engines (it shows nothing). */
export function ProductStructuredData({ product, origin }: { product: TProductDetails; origin?: string }) {
  const { i18n, t } = useLingui();
  const contextOrigin = use(PublicOriginContext);
  const publicOrigin = origin ?? contextOrigin ?? (typeof window === 'undefined' ? null : window.location.origin);
  // Without an origin there are no absolute URLs, and relative ones would be wrong data.
  if (!publicOrigin) return null;
  const data = buildProductStructuredData(product, { origin: publicOrigin, homeName: t`Home`, categoryName: i18n._(CATEGORY_NAMES[product.category]) });
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
