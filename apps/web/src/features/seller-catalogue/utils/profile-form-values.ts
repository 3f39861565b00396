import type { TSellerProfile, TUpdateSellerProfileRequest } from '@pulse/contract/seller-profile';
import type { PhotoItem } from './product-form-values';
import { uploadedImageIds } from './product-form-values';

export interface ProfileFormValues {
  shopName: string;
  story: string;
  region: string;
  lat: string;
  lng: string;
  photos: PhotoItem[];
}

export const PROFILE_FIELDS = ['shopName', 'story', 'region', 'lat', 'lng', 'photoIds'] as const;

export function valuesFromProfile(profile: TSellerProfile): ProfileFormValues {
  return {
    shopName: profile.shopName,
    story: profile.story,
    region: profile.region,
    lat: profile.lat === null ? '' : String(profile.lat),
    lng: profile.lng === null ? '' : String(profile.lng),
    photos: profile.photos.map((photo) => ({ key: photo.id, uploadId: photo.id, previewUrl: photo.thumbUrl, progress: 1, state: 'done' as const, error: null })),
  };
}

/** Empty is "not given"; text that is not a number goes through so the schema names the problem. */
function toCoordinate(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : Number.NaN;
}

/** The PUT body (every field), before the contract's schema checks it. */
export function toProfileRequest(values: ProfileFormValues): TUpdateSellerProfileRequest {
  return {
    shopName: values.shopName,
    story: values.story,
    region: values.region,
    lat: toCoordinate(values.lat),
    lng: toCoordinate(values.lng),
    photoIds: uploadedImageIds(values.photos),
  };
}
