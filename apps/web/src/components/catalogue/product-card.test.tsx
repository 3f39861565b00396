import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TProductListResponse, TProductSummary } from '@pulse/contract/products';
import type { PageProps } from '../../app/route-types';
import { ProductListingPage } from '../../features/catalogue/pages/product-listing-page';
import { parseListingFilters, toProductListQuery } from '../../features/catalogue/utils/listing-filters';
import { productListQueryKey } from '../../lib/catalogue/get-products';
import { i18n } from '../../lib/i18n/i18n';
import { ProductCard } from './product-card';

const SELLER_ID = '0195f3a2-7c1e-7d3a-9b2c-4e5f6a7b8c00';

function summary(id: string, title: string, changes: Partial<TProductSummary> = {}): TProductSummary {
  return {
    id,
    title,
    category: 'vegetables',
    unit: 'kg',
    priceMinor: 450,
    currency: 'USD',
    availableQuantity: 30,
    minOrderQuantity: 1,
    organic: false,
    region: 'Ashanti',
    farmName: 'Green Valley Farm',
    sellerUserId: SELLER_ID,
    status: 'active',
    thumbUrl: '/uploads/a-thumb.webp',
    ratingAverage: null,
    ratingCount: 0,
    distanceKm: null,
    createdAt: '2026-11-20T08:00:00.000Z',
    ...changes,
  };
}

const TOMATOES = summary('0195f3a2-7c1e-7d3a-9b2c-4e5f6a7b8c11', 'Heirloom Tomatoes');
const YAMS = summary('0195f3a2-7c1e-7d3a-9b2c-4e5f6a7b8c12', 'Puna Yams', { availableQuantity: 0, status: 'sold_out', thumbUrl: null });

/** The HTML a crawler gets for this element (what server rendering sends), without running any script. */
function html(element: ReactNode, address = '/product-listing', queryClient = new QueryClient()): string {
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider>
          <MemoryRouter initialEntries={[address]}>{element}</MemoryRouter>
        </MantineProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

/** Every <a> of the markup as [href, its text]. */
function links(markup: string): [string, string][] {
  return [...markup.matchAll(/<a\b[^>]*?href="([^"]*)"[^>]*>(.*?)<\/a>/gs)].map((match) => [match[1]!, match[2]!.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim()]);
}

/** The listing page at this address, with this page of products already loaded (as the server would have it). */
function listingHtml(address: string, items: TProductSummary[]): string {
  const queryClient = new QueryClient();
  const filters = parseListingFilters(new URL(address, 'https://market.example').searchParams);
  const page: TProductListResponse = { items, nextCursor: null };
  queryClient.setQueryData(productListQueryKey(toProductListQuery(filters, { currency: 'USD', near: null })), { pages: [page], pageParams: [null] });
  const props = { route: { title: 'Products' } } as unknown as PageProps;
  return html(<ProductListingPage {...props} />, address, queryClient);
}

describe('product cards are links crawlers can follow', () => {
  it('a card is one <a href> to its product page holding its name and price', () => {
    const found = links(html(<ProductCard product={TOMATOES} />));
    expect(found).toHaveLength(1);
    const [href, text] = found[0]!;
    expect(href).toBe(`/product-details/${TOMATOES.id}`);
    expect(text).toContain('Heirloom Tomatoes');
    expect(text).toContain('$4.50');
  });

  it('the listing links every product it shows', () => {
    const markup = listingHtml('/product-listing', [TOMATOES, YAMS]);
    const productLinks = links(markup).filter(([href]) => href.startsWith('/product-details/'));
    expect(productLinks.map(([href]) => href)).toEqual([`/product-details/${TOMATOES.id}`, `/product-details/${YAMS.id}`]);
    expect(productLinks[1]![1]).toContain('Puna Yams');
  });

  it('a shop links every product it shows', () => {
    const markup = listingHtml(`/product-listing?seller=${SELLER_ID}`, [YAMS, TOMATOES]);
    const productLinks = links(markup).filter(([href]) => href.startsWith('/product-details/'));
    expect(productLinks.map(([href]) => href)).toEqual([`/product-details/${YAMS.id}`, `/product-details/${TOMATOES.id}`]);
  });
});
