import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { I18nProvider } from '@lingui/react';
import { MemoryRouter } from 'react-router';
import type { TProductImage, TProductSummary } from '@pulse/contract/products';
import { i18n } from '../../../lib/i18n/i18n';
import { ProductCard } from '../../../components/catalogue/product-card';
import { FIRST_CARDS, ProductGrid } from './product-grid';
import { ImageGallery } from './image-gallery';

function product(index: number): TProductSummary {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    title: `Tomatoes ${index}`,
    category: 'vegetables',
    unit: 'kg',
    priceMinor: 1200,
    currency: 'GHS',
    availableQuantity: 10,
    minOrderQuantity: 1,
    organic: false,
    region: 'Ashanti',
    farmName: 'Green Acres',
    sellerUserId: '00000000-0000-4000-8000-000000000999',
    status: 'active',
    thumbUrl: `/media/products/${index}-thumb.webp`,
    ratingAverage: null,
    ratingCount: 0,
    distanceKm: null,
    createdAt: '2026-11-01T08:00:00.000Z',
  };
}

/** The page's HTML as the server sends it, and as the client's first render (hydration) must match. */
function html(node: ReactNode): string {
  return renderToString(
    <I18nProvider i18n={i18n}>
      <MantineProvider>
        <MemoryRouter>{node}</MemoryRouter>
      </MantineProvider>
    </I18nProvider>,
  );
}

/** The img tags, lowercased as the browser reads attribute names (React writes `fetchPriority`). */
function images(markup: string): string[] {
  return (markup.match(/<img [^>]*>/g) ?? []).map((tag) => tag.toLowerCase());
}

describe('the listing grid on its first render', () => {
  const items = Array.from({ length: 24 }, (_, index) => product(index + 1));

  it('shows the first cards only, each photo fetched at once with a high priority and sized', () => {
    const markup = html(<ProductGrid items={items} dimmed={false} loadingMore={false} />);
    expect(markup.match(/data-testid="product-card"/g)).toHaveLength(FIRST_CARDS);
    const photos = images(markup);
    expect(photos).toHaveLength(FIRST_CARDS);
    for (const photo of photos) {
      expect(photo).toContain('fetchpriority="high"');
      expect(photo).toContain('loading="eager"');
      expect(photo).toMatch(/width="\d+"/);
      expect(photo).toMatch(/height="\d+"/);
    }
    expect(photos[0]).toContain('1-thumb.webp');
  });

  it('says it is busy, and keeps what follows the cards (the next page sentinel), until every card is there', () => {
    const markup = html(
      <ProductGrid items={items} dimmed={false} loadingMore={false}>
        <div data-testid="after-the-cards" />
      </ProductGrid>,
    );
    expect(markup).toMatch(/<ul [^>]*aria-label="Products" aria-busy="true"/);
    expect(markup).not.toContain('after-the-cards');
  });

  it('shows a list no longer than the first cards whole, with what follows it', () => {
    const markup = html(
      <ProductGrid items={items.slice(0, 3)} dimmed={false} loadingMore={false}>
        <div data-testid="after-the-cards" />
      </ProductGrid>,
    );
    expect(markup.match(/data-testid="product-card"/g)).toHaveLength(3);
    expect(markup).toMatch(/<ul [^>]*aria-label="Products" aria-busy="false"/);
    expect(markup).toContain('after-the-cards');
  });
});

describe('a card below the fold', () => {
  it('waits to be scrolled near before its photo loads, with its box sized so nothing moves when it arrives', () => {
    const [photo] = images(html(<ProductCard product={product(9)} />));
    expect(photo).toContain('loading="lazy"');
    expect(photo).not.toContain('fetchpriority="high"');
    expect(photo).toMatch(/width="\d+"/);
    expect(photo).toMatch(/height="\d+"/);
  });
});

describe('the product page gallery', () => {
  const photo = (index: number): TProductImage => ({
    id: `00000000-0000-4000-8000-00000000010${index}`,
    url: `/media/products/photo-${index}.webp`,
    thumbUrl: `/media/products/photo-${index}-thumb.webp`,
    width: 1200,
    height: 900,
  });

  it('fetches the main photo at once with a high priority, sized, and the others lazily', () => {
    const photos = images(html(<ImageGallery images={[photo(1), photo(2)]} title="Tomatoes" category="vegetables" />));
    const main = photos.find((tag) => tag.includes('photo-1.webp'));
    const second = photos.find((tag) => tag.includes('photo-2.webp'));
    expect(main).toContain('fetchpriority="high"');
    expect(main).toContain('loading="eager"');
    expect(main).toContain('width="1200"');
    expect(main).toContain('height="900"');
    expect(second).toContain('loading="lazy"');
    expect(second).not.toContain('fetchpriority="high"');
  });
});
