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
import { sampleProductDetails } from '../../../testing/sample-product';
import { ProductDetailsPage } from './product-details-page';

const PRODUCT = sampleProductDetails();

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
