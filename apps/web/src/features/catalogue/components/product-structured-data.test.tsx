import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nProvider } from '@lingui/react';
import type { OfferLeaf, ProductLeaf } from 'schema-dts';
import type { TProductDetails } from '@pulse/contract/products';
import { i18n } from '../../../lib/i18n/i18n';
import { buildProductStructuredData, decimalPrice, ProductStructuredData, PublicOriginContext, serializeJsonLd, type StructuredDataContext } from './product-structured-data';
import { SAMPLE_PRODUCT_ID, SAMPLE_SELLER_ID, sampleProductDetails } from '../../../testing/sample-product';

const ORIGIN = 'https://market.example';
const CONTEXT: StructuredDataContext = { origin: ORIGIN, homeName: 'Home', categoryName: 'Vegetables' };
const PRODUCT = sampleProductDetails({
  currency: 'GHS',
  thumbUrl: '/uploads/a-thumb.webp',
  ratingAverage: 4.5,
  ratingCount: 12,
  origin: { farmName: 'Green Valley Farm', region: 'Ashanti', lat: 6.69, lng: -1.62 },
  images: [
    { id: '0195f3a2-7c1e-7d3a-9b2c-4e5f6a7b8c01', thumbUrl: '/uploads/a-thumb.webp', url: '/uploads/a.webp', width: 1600, height: 1200 },
    { id: '0195f3a2-7c1e-7d3a-9b2c-4e5f6a7b8c02', thumbUrl: '/uploads/b-thumb.webp', url: '/uploads/b.webp', width: 1600, height: 1200 },
  ],
  seller: { userId: SAMPLE_SELLER_ID, username: 'gv', shopName: 'Green Valley Shop', profilePictureUrl: null, ratingAverage: 4.8, ratingCount: 40 },
});

/** What a crawler reads: the script's text parsed back, as plain JSON. */
type Json = Record<string, unknown>;
const asJson = (value: unknown) => value as Json;

function nodesOf(product: TProductDetails) {
  const parsed = asJson(JSON.parse(serializeJsonLd(buildProductStructuredData(product, CONTEXT))));
  const graph = parsed['@graph'] as Json[];
  const byType = (type: string) => {
    const node = graph.find((entry) => entry['@type'] === type);
    if (!node) throw new Error(`no ${type} node`);
    return node;
  };
  return { parsed, product: byType('Product'), breadcrumbs: byType('BreadcrumbList') };
}

/**
 * The properties Google requires for a product snippet (developers.google.com/search/docs/appearance/structured-data/product-snippet):
 * name, and one of review, aggregateRating or offers; an Offer needs price (and its currency), and
 * availability is what the snippet shows; an AggregateRating needs ratingValue and a reviewCount above 0.
 * Returns what is missing, so a failure names it.
 */
function productSnippetProblems(product: Json): string[] {
  const problems: string[] = [];
  if (typeof product.name !== 'string' || product.name === '') problems.push('name');
  if (!product.offers && !product.aggregateRating && !product.review) problems.push('offers, aggregateRating or review');
  const offer = product.offers ? asJson(product.offers) : null;
  if (offer) {
    if (offer['@type'] !== 'Offer') problems.push('offers.@type');
    if (typeof offer.price !== 'string' || !/^\d+(\.\d+)?$/.test(offer.price)) problems.push('offers.price as a decimal');
    if (typeof offer.priceCurrency !== 'string' || !/^[A-Z]{3}$/.test(offer.priceCurrency)) problems.push('offers.priceCurrency');
    if (!['https://schema.org/InStock', 'https://schema.org/OutOfStock'].includes(String(offer.availability))) problems.push('offers.availability');
  }
  if (product.aggregateRating) {
    const rating = asJson(product.aggregateRating);
    if (typeof rating.ratingValue !== 'number') problems.push('aggregateRating.ratingValue');
    if (typeof rating.reviewCount !== 'number' || rating.reviewCount < 1) problems.push('aggregateRating.reviewCount above 0');
  }
  for (const image of (product.image as unknown[] | undefined) ?? []) {
    if (typeof image !== 'string' || !image.startsWith('https://')) problems.push(`image ${String(image)} not absolute`);
  }
  return problems;
}

describe('product structured data', () => {
  it('describes the product with everything a product snippet needs', () => {
    const { parsed, product } = nodesOf(PRODUCT);
    expect(parsed['@context']).toBe('https://schema.org');
    expect(productSnippetProblems(product)).toEqual([]);
    expect(product).toMatchObject({
      '@type': 'Product',
      name: 'Heirloom Tomatoes',
      description: 'Sun-ripened on the vine.',
      sku: SAMPLE_PRODUCT_ID,
      category: 'Vegetables',
      url: `${ORIGIN}/product-details/${SAMPLE_PRODUCT_ID}`,
      image: [`${ORIGIN}/uploads/a.webp`, `${ORIGIN}/uploads/b.webp`],
      brand: { '@type': 'Brand', name: 'Green Valley Farm' },
      offers: {
        '@type': 'Offer',
        price: '4.50',
        priceCurrency: 'GHS',
        availability: 'https://schema.org/InStock',
        url: `${ORIGIN}/product-details/${SAMPLE_PRODUCT_ID}`,
        seller: { '@type': 'Organization', name: 'Green Valley Shop', url: `${ORIGIN}/product-listing?seller=${SAMPLE_SELLER_ID}`, address: { '@type': 'PostalAddress', addressRegion: 'Ashanti' } },
      },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 12 },
    });
  });

  it('leaves the rating out while there are no ratings (Google rejects a rating from 0 reviews)', () => {
    const { product } = nodesOf({ ...PRODUCT, ratingAverage: null, ratingCount: 0 });
    expect(product).not.toHaveProperty('aggregateRating');
    expect(productSnippetProblems(product)).toEqual([]);
    // An average without a count (a stale row) is no rating either.
    expect(nodesOf({ ...PRODUCT, ratingAverage: 4, ratingCount: 0 }).product).not.toHaveProperty('aggregateRating');
  });

  it('says out of stock when nothing is left to buy, or the product is not on sale', () => {
    const availability = (product: TProductDetails) => asJson(nodesOf(product).product.offers).availability;
    expect(availability({ ...PRODUCT, availableQuantity: 0, status: 'sold_out' })).toBe('https://schema.org/OutOfStock');
    expect(availability({ ...PRODUCT, availableQuantity: 0 })).toBe('https://schema.org/OutOfStock');
    expect(availability({ ...PRODUCT, status: 'paused' })).toBe('https://schema.org/OutOfStock');
    expect(availability(PRODUCT)).toBe('https://schema.org/InStock');
  });

  it('writes the price as a decimal in the currency’s own digits, without float rounding', () => {
    expect(decimalPrice(450, 'GHS')).toBe('4.50');
    expect(decimalPrice(5, 'USD')).toBe('0.05');
    expect(decimalPrice(1999999, 'USD')).toBe('19999.99');
    expect(decimalPrice(4250, 'XOF')).toBe('4250');
    expect(asJson(nodesOf({ ...PRODUCT, priceMinor: 4250, currency: 'XOF' }).product.offers)).toMatchObject({ price: '4250', priceCurrency: 'XOF' });
  });

  it('places the product under Home and its category with absolute URLs, positions 1 to n', () => {
    const { breadcrumbs } = nodesOf({ ...PRODUCT, category: 'dairy_and_eggs' });
    expect(breadcrumbs['@type']).toBe('BreadcrumbList');
    const items = breadcrumbs.itemListElement as Json[];
    expect(items.map((item) => item.position)).toEqual([1, 2, 3]);
    expect(items.map((item) => [item['@type'], item.name, item.item])).toEqual([
      ['ListItem', 'Home', `${ORIGIN}/`],
      ['ListItem', 'Vegetables', `${ORIGIN}/product-listing?category=dairy-and-eggs`],
      ['ListItem', 'Heirloom Tomatoes', `${ORIGIN}/product-details/${SAMPLE_PRODUCT_ID}`],
    ]);
  });

  it('keeps images already on another host (a CDN) as they are, and leaves out an empty description and no images', () => {
    const { product } = nodesOf({ ...PRODUCT, description: '  ', images: [{ ...PRODUCT.images[0]!, url: 'https://cdn.example/a.webp' }] });
    expect(product.image).toEqual(['https://cdn.example/a.webp']);
    expect(product).not.toHaveProperty('description');
    expect(nodesOf({ ...PRODUCT, images: [] }).product).not.toHaveProperty('image');
  });

  it('names the shop as the brand when the product has no farm name', () => {
    expect(nodesOf({ ...PRODUCT, origin: { ...PRODUCT.origin, farmName: ' ' } }).product.brand).toEqual({ '@type': 'Brand', name: 'Green Valley Shop' });
  });

  it('cannot be closed by a product name: "<" is escaped and reads back the same', () => {
    const title = 'Tomatoes</script><script>alert(1)</script><!--';
    const text = serializeJsonLd(buildProductStructuredData({ ...PRODUCT, title }, CONTEXT));
    expect(text).not.toContain('<');
    expect(text).toContain('\\u003c/script>');
    const graph = asJson(JSON.parse(text))['@graph'] as Json[];
    expect(graph[0]).toMatchObject({ name: title });
  });

  it('renders one JSON-LD script with the origin the server gives', () => {
    const html = renderToStaticMarkup(
      <I18nProvider i18n={i18n}>
        <PublicOriginContext value="https://shop.example">
          <ProductStructuredData product={{ ...PRODUCT, title: 'A <b>bold</b> name' }} />
        </PublicOriginContext>
      </I18nProvider>,
    );
    const match = /^<script type="application\/ld\+json">(.*)<\/script>$/s.exec(html);
    expect(match).not.toBeNull();
    const parsed = asJson(JSON.parse(match![1]!));
    const [product, breadcrumbs] = parsed['@graph'] as Json[];
    expect(product).toMatchObject({ name: 'A <b>bold</b> name', url: `https://shop.example/product-details/${SAMPLE_PRODUCT_ID}`, category: 'Vegetables' });
    expect((asJson(breadcrumbs).itemListElement as Json[])[0]).toMatchObject({ name: 'Home', item: 'https://shop.example/' });
  });

  it('is typed by schema.org’s vocabulary: a misspelt property or a wrong value fails the type check', () => {
    // `tsc` checks these lines (the web tsconfig includes the tests): if schema-dts accepted them, each
    // expect-error directive below would be an error of its own.
    const offer: OfferLeaf = {
      '@type': 'Offer',
      price: '1.00',
      // @ts-expect-error priceCurency is not a schema.org property
      priceCurency: 'GHS',
    };
    const soldOut: OfferLeaf = {
      '@type': 'Offer',
      // @ts-expect-error InStockNow is not an ItemAvailability
      availability: 'https://schema.org/InStockNow',
    };
    // @ts-expect-error a Product has no price of its own: it is the Offer's
    const product: ProductLeaf = { '@type': 'Product', name: 'x', price: '1.00' };
    expect([offer['@type'], soldOut['@type'], product['@type']]).toEqual(['Offer', 'Offer', 'Product']);
  });
});
