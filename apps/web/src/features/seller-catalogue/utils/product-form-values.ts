import type { z } from 'zod';
import type { TProductCategory, TProductDetails, TProductInput, TProductPatch, TProductUnit } from '@pulse/contract/products';
import { toMinorUnits, toMoneyInputText } from '../../../lib/money-input';

/** One photo of the form: uploading (with progress), stored (has an upload id) or failed. */
export interface PhotoItem {
  key: string;
  uploadId: string | null;
  /** What the tile shows: a local preview while uploading, the stored image after. */
  previewUrl: string;
  /** 0..1 while uploading. */
  progress: number;
  state: 'uploading' | 'done' | 'failed';
  error: string | null;
}

/** What the product form holds while the seller types (numbers stay text until sent). */
export interface ProductFormValues {
  title: string;
  description: string;
  category: TProductCategory | null;
  unit: TProductUnit | null;
  price: string;
  stockQuantity: string;
  minOrderQuantity: string;
  harvestDate: string;
  organic: boolean;
  originFarmName: string;
  originRegion: string;
  originLat: string;
  originLng: string;
  /** New weekly baskets may hold it (decision 064). */
  acceptsStandingOrders: boolean;
  photos: PhotoItem[];
}

/** Field names as the schema and the server's `fields` spell them. */
export const PRODUCT_FIELDS = [
  'title',
  'description',
  'category',
  'unit',
  'priceMinor',
  'stockQuantity',
  'minOrderQuantity',
  'harvestDate',
  'organic',
  'originFarmName',
  'originRegion',
  'originLat',
  'originLng',
  'imageIds',
  'status',
  'acceptsStandingOrders',
] as const;

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  title: '',
  description: '',
  category: null,
  unit: null,
  price: '',
  stockQuantity: '',
  minOrderQuantity: '1',
  harvestDate: '',
  organic: false,
  originFarmName: '',
  originRegion: '',
  originLat: '',
  originLng: '',
  acceptsStandingOrders: true,
  photos: [],
};

/** An empty box is "not given" (undefined); anything else goes as a number or, when it is not one, as text the schema rejects. */
function toNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : Number.NaN;
}

function toCoordinate(text: string): number | null {
  const value = toNumber(text);
  return value === undefined ? null : value;
}

function toPrice(text: string, currency: string): number | undefined {
  if (text.trim() === '') return undefined;
  return toMinorUnits(text.trim(), currency) ?? Number.NaN;
}

export function uploadedImageIds(photos: readonly PhotoItem[]): string[] {
  return photos.flatMap((photo) => (photo.state === 'done' && photo.uploadId ? [photo.uploadId] : []));
}

/** The POST body, before the contract's schema checks it. */
export function toProductInput(values: ProductFormValues, currency: string): TProductInput {
  return {
    title: values.title,
    description: values.description,
    category: values.category as TProductCategory,
    unit: values.unit as TProductUnit,
    priceMinor: toPrice(values.price, currency) as number,
    stockQuantity: toNumber(values.stockQuantity) as number,
    minOrderQuantity: toNumber(values.minOrderQuantity),
    harvestDate: values.harvestDate.trim() === '' ? null : values.harvestDate.trim(),
    organic: values.organic,
    originFarmName: values.originFarmName,
    originRegion: values.originRegion,
    originLat: toCoordinate(values.originLat),
    originLng: toCoordinate(values.originLng),
    acceptsStandingOrders: values.acceptsStandingOrders,
    imageIds: uploadedImageIds(values.photos),
  };
}

function formatCoordinate(value: number | null): string {
  return value === null ? '' : String(value);
}

export function valuesFromProduct(product: TProductDetails): ProductFormValues {
  return {
    title: product.title,
    description: product.description,
    category: product.category,
    unit: product.unit,
    price: toMoneyInputText(product.priceMinor, product.currency),
    stockQuantity: String(product.stockQuantity),
    minOrderQuantity: String(product.minOrderQuantity),
    harvestDate: product.harvestDate ?? '',
    organic: product.organic,
    originFarmName: product.origin.farmName,
    originRegion: product.origin.region,
    originLat: formatCoordinate(product.origin.lat),
    originLng: formatCoordinate(product.origin.lng),
    acceptsStandingOrders: product.acceptsStandingOrders,
    photos: product.images.map((image) => ({ key: image.id, uploadId: image.id, previewUrl: image.thumbUrl, progress: 1, state: 'done' as const, error: null })),
  };
}

function sameValue(left: unknown, right: unknown): boolean {
  if (Array.isArray(left) && Array.isArray(right)) return left.length === right.length && left.every((item, index) => item === right[index]);
  return Object.is(left, right);
}

/** The PATCH body: only the fields whose value differs from what the product had when the form opened. */
export function changedFields(initial: ProductFormValues, values: ProductFormValues, currency: string): TProductPatch {
  const before = toProductInput(initial, currency) as Record<string, unknown>;
  const after = toProductInput(values, currency) as Record<string, unknown>;
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (!sameValue(before[key], value)) patch[key] = value;
  }
  // A cleared minimum order means "back to 1", as on a new product.
  if ('minOrderQuantity' in patch && patch.minOrderQuantity === undefined) patch.minOrderQuantity = 1;
  return patch as TProductPatch;
}

/** Where each schema field's message shows: the price input is "price", the photos block "imageIds". */
export function getProductFieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in fields)) fields[key] = issue.message;
  }
  return fields;
}
