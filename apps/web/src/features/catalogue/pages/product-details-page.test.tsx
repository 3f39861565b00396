import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TProductDetails } from '@pulse/contract/products';
import type { PageProps } from '../../../app/route-types';
import { AuthContext, type AuthContextValue } from '../../../lib/auth/auth-context';
import { i18n } from '../../../lib/i18n/i18n';
import { productQueryKey } from '../api/get-product';
import { PublicOriginContext } from '../components/product-structured-data';
import { ProductDetailsPage } from './product-details-page';

const PRODUCT_ID = '0195f3a2-7c1e-7d3a-9b2c-4e5f6a7b8c9d';
const SELLER_ID = '0195f3a2-7c1e-7d3a-9b2c-4e5f6a7b8c00';

const PRODUCT: TProductDetails = {
  id: PRODUCT_ID,
  title: 'Heirloom Tomatoes',
  category: 'vegetables',
  unit: 'kg',
  priceMinor: 450,
  currency: 'USD',
  availableQuantity: 30,
  minOrderQuantity: 2,
  organic: true,
  region: 'Ashanti',
  farmName: 'Green Valley Farm',
  sellerUserId: SELLER_ID,
  status: 'active',
  thumbUrl: null,
  ratingAverage: null,
  ratingCount: 0,
  distanceKm: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  description: 'Sun-ripened on the vine.',
  stockQuantity: 38,
  harvestDate: '2026-11-19',
  origin: { farmName: 'Green Valley Farm', region: 'Ashanti', lat: null, lng: null },
  images: [],
  seller: { userId: SELLER_ID, username: 'gv', shopName: 'Green Valley Shop', profilePictureUrl: null, ratingAverage: null, ratingCount: 0 },
  updatedAt: '2026-11-20T08:00:00.000Z',
};

const VISITOR = { user: null, token: null, expiresAt: null, isAuthenticated: false, isLoading: false, sessionExpired: false, isLoggingOut: false } as AuthContextValue;

/** The product page's HTML with the product already loaded, as server rendering sends it to a crawler. */
function pageHtml(product: TProductDetails): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(productQueryKey(product.id), product);
  const props = { route: { title: 'Product Details' } } as unknown as PageProps;
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AuthContext value={VISITOR}>
          <PublicOriginContext value="https://market.example">
            <MantineProvider>
              <MemoryRouter initialEntries={[`/product-details/${product.id}`]}>
                <Routes>
                  <Route path="/product-details/:productId" element={<ProductDetailsPage {...props} />} />
                </Routes>
              </MemoryRouter>
            </MantineProvider>
          </PublicOriginContext>
        </AuthContext>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

/** The text a person (or a crawler reading text) sees: scripts dropped, tags removed, spaces collapsed. */
function visibleText(html: string): string {
  return html
    .replace(/<script\b[^>]*>.*?<\/script>/gs, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

describe('product page HTML', () => {
  it('shows the name, price per unit, stock, farm, shop and description as text, and carries the JSON-LD', () => {
    const html = pageHtml(PRODUCT);
    const text = visibleText(html);
    expect(text).toContain('Heirloom Tomatoes');
    expect(text).toContain('$4.50 / kg');
    expect(text).toContain('30 kg left');
    expect(text).toContain('Green Valley Farm, Ashanti');
    expect(text).toContain('Green Valley Shop');
    expect(text).toContain('Sun-ripened on the vine.');

    const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)];
    expect(scripts).toHaveLength(1);
    const graph = (JSON.parse(scripts[0]![1]!) as { '@graph': { '@type': string; offers?: { price: string; availability: string } }[] })['@graph'];
    expect(graph.map((node) => node['@type'])).toEqual(['Product', 'BreadcrumbList']);
    expect(graph[0]!.offers).toMatchObject({ price: '4.50', availability: 'https://schema.org/InStock' });
  });

  it('says sold out in words and in the data when nothing is left', () => {
    const html = pageHtml({ ...PRODUCT, availableQuantity: 0, status: 'sold_out' });
    expect(visibleText(html)).toContain('Sold out');
    expect(html).toContain('"availability":"https://schema.org/OutOfStock"');
  });
});
