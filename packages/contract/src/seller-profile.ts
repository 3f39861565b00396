import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from './messages-i18n';
import { z } from 'zod';
import { ZId } from './ids';
import { ZProductImage } from './products';

export const SELLER_PROFILE_MAX_PHOTOS = 8;

/**
 * A seller's shop as buyers see it. Created from the approved application (business name, region,
 * coordinates); the seller edits it at /seller-profile.
 */
export const ZSellerProfile = z.object({
  userId: ZId,
  username: z.string(),
  shopName: z.string(),
  story: z.string(),
  region: z.string(),
  lat: z.number().min(-90).max(90).nullable(),
  lng: z.number().min(-180).max(180).nullable(),
  profilePictureUrl: z.string().nullable(),
  photos: z.array(ZProductImage),
  ratingAverage: z.number().min(0).max(5).nullable(),
  ratingCount: z.number().int().nonnegative(),
  /** Active products buyers can see. */
  productCount: z.number().int().nonnegative(),
  memberSince: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TSellerProfile = z.infer<typeof ZSellerProfile>;

/** PUT /api/seller/profile (seller, own shop). Every field is sent; the form shares this schema. */
export const ZUpdateSellerProfileRequest = z
  .object({
    shopName: z
      .string({ message: contractMessage(msg`Enter a shop name`) })
      .trim()
      .min(2, { message: contractMessage(msg`The shop name needs at least 2 characters`) })
      .max(80, { message: contractMessage(msg`The shop name can have at most 80 characters`) }),
    story: z.string().trim().max(2000, { message: contractMessage(msg`The story can have at most 2000 characters`) }),
    region: z.string().trim().max(120, { message: contractMessage(msg`The region can have at most 120 characters`) }),
    lat: z.number({ message: contractMessage(msg`Latitude must be a number`) }).min(-90, { message: contractMessage(msg`Latitude is between -90 and 90`) }).max(90, { message: contractMessage(msg`Latitude is between -90 and 90`) }).nullable(),
    lng: z.number({ message: contractMessage(msg`Longitude must be a number`) }).min(-180, { message: contractMessage(msg`Longitude is between -180 and 180`) }).max(180, { message: contractMessage(msg`Longitude is between -180 and 180`) }).nullable(),
    /** Upload ids from POST /api/uploads/images, in display order. */
    photoIds: z.array(ZId).max(SELLER_PROFILE_MAX_PHOTOS, { message: contractMessage(msg`At most ${{ sellerProfileMaxPhotos: SELLER_PROFILE_MAX_PHOTOS }} photos`) }),
  })
  .refine((input) => (input.lat === null) === (input.lng === null), { message: contractMessage(msg`Give both latitude and longitude, or neither`), path: ['lat'] });
export type TUpdateSellerProfileRequest = z.infer<typeof ZUpdateSellerProfileRequest>;

/** GET /api/shops/{sellerId}: public (visitors too); 404 unless the user is an approved seller. */
export const ZShopParams = z.object({ sellerId: ZId });
