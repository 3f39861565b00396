import type { TProductDetails } from '@pulse/contract/products';

export const SAMPLE_PRODUCT_ID = '0195f3a2-7c1e-7d3a-9b2c-4e5f6a7b8c9d';
export const SAMPLE_SELLER_ID = '0195f3a2-7c1e-7d3a-9b2c-4e5f6a7b8c00';

/** A product page's answer for the catalogue's tests: active, in stock, no photo and no rating unless given. */
export function sampleProductDetails(overrides: Partial<TProductDetails> = {}): TProductDetails {
  return {
    id: SAMPLE_PRODUCT_ID,
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
    sellerUserId: SAMPLE_SELLER_ID,
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
    seller: { userId: SAMPLE_SELLER_ID, username: 'gv', shopName: 'Green Valley Shop', profilePictureUrl: null, ratingAverage: null, ratingCount: 0 },
    acceptsStandingOrders: true,
    updatedAt: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}
