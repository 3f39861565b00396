import { describe, expect, it } from 'vitest';
import { ZProductInput, ZProductPatch } from '@pulse/contract/products';
import { SAMPLE_SELLER_ID, sampleProductDetails } from '../../../testing/sample-product';
import { changedFields, EMPTY_PRODUCT_FORM, getProductFieldErrors, toProductInput, valuesFromProduct, type PhotoItem, type ProductFormValues } from './product-form-values';

const PHOTO_A = '0195f3a2-7c1e-7d3a-9b2c-4e5f6a7b8c01';
const PHOTO_B = '0195f3a2-7c1e-7d3a-9b2c-4e5f6a7b8c02';
const done = (id: string): PhotoItem => ({ key: id, uploadId: id, previewUrl: `/uploads/${id}`, progress: 1, state: 'done', error: null });

const FILLED: ProductFormValues = {
  ...EMPTY_PRODUCT_FORM,
  title: 'Heirloom Tomatoes',
  category: 'vegetables',
  unit: 'kg',
  price: '4.50',
  stockQuantity: '38',
  photos: [done(PHOTO_A)],
};

const PRODUCT = sampleProductDetails({
  description: 'Sun-ripened.',
  origin: { farmName: 'Green Valley Farm', region: 'Ashanti', lat: 6.69, lng: -1.62 },
  images: [{ id: PHOTO_A, thumbUrl: '/uploads/a-thumb', url: '/uploads/a', width: 800, height: 600 }],
  seller: { userId: SAMPLE_SELLER_ID, username: 'gv', shopName: 'Green Valley Farm', profilePictureUrl: null, ratingAverage: null, ratingCount: 0 },
});

describe('product form values', () => {
  it('sends the price in minor units and only stored photos, in their order', () => {
    const values = { ...FILLED, photos: [done(PHOTO_B), { ...done(PHOTO_A), state: 'uploading' as const }, done(PHOTO_A)] };
    const parsed = ZProductInput.parse(toProductInput(values, 'USD'));
    expect(parsed.priceMinor).toBe(450);
    expect(parsed.stockQuantity).toBe(38);
    expect(parsed.imageIds).toEqual([PHOTO_B, PHOTO_A]);
    expect(parsed.originLat).toBeNull();
  });

  it('gives the schema messages for an empty form, keyed by the fields the inputs show', () => {
    const result = ZProductInput.safeParse(toProductInput(EMPTY_PRODUCT_FORM, 'USD'));
    expect(result.success).toBe(false);
    const fields = getProductFieldErrors(result.error!);
    expect(fields).toMatchObject({
      title: 'The title needs at least 3 characters',
      category: 'Choose a category from the list',
      unit: 'Choose a unit from the list',
      priceMinor: 'Enter a price',
      stockQuantity: 'Enter the stock',
      imageIds: 'Add at least one photo',
    });
  });

  it('refuses a price or a stock that is not a number instead of dropping it', () => {
    const result = ZProductInput.safeParse(toProductInput({ ...FILLED, price: 'abc', stockQuantity: '2.5' }, 'USD'));
    const fields = getProductFieldErrors(result.error!);
    expect(fields.priceMinor).toBeDefined();
    expect(fields.stockQuantity).toBe('Stock must be a whole number');
  });

  it('an edit sends only what changed', () => {
    const initial = valuesFromProduct(PRODUCT);
    expect(initial.price).toBe('4.50');
    expect(changedFields(initial, initial, 'USD')).toEqual({});
    const patch = changedFields(initial, { ...initial, price: '9.75', photos: [done(PHOTO_B), ...initial.photos] }, 'USD');
    expect(ZProductPatch.parse(patch)).toEqual({ priceMinor: 975, imageIds: [PHOTO_B, PHOTO_A] });
  });

  it('a cleared minimum order goes back to 1 and cleared coordinates to none', () => {
    const initial = valuesFromProduct(PRODUCT);
    const patch = changedFields(initial, { ...initial, minOrderQuantity: '', originLat: '', originLng: '' }, 'USD');
    expect(patch).toEqual({ minOrderQuantity: 1, originLat: null, originLng: null });
  });
});
