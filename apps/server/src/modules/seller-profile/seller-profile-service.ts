import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from '@pulse/contract/messages-i18n';
import type { TSellerProfile, TUpdateSellerProfileRequest } from '@pulse/contract/seller-profile';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { InvalidError, NotFoundError } from '../../errors/domain-errors';
import { findOwnedUploadIds } from '../products/products-repository';
import { clearPublicResponses } from '../products/products-response-cache';
import { ratingAverage } from '../products/products-service';
import { assertApprovedSeller } from '../seller-dashboard/seller-access';
import { buildUploadUrl } from '../uploads/uploads-service';
import { createProfileFromApplication, findShop, updateProfile, type ShopRecord } from './seller-profile-repository';

export const SHOP_NOT_FOUND_MESSAGE = contractMessage(msg`This shop does not exist or is closed.`);
export const PHOTOS_NOT_YOURS_MESSAGE = contractMessage(msg`Choose photos you uploaded yourself.`);
export const DUPLICATE_PHOTOS_MESSAGE = contractMessage(msg`The same photo appears twice.`);

function toProfileJson(record: ShopRecord): TSellerProfile {
  return {
    userId: record.userId,
    username: record.username,
    shopName: record.shopName,
    story: record.story,
    region: record.region,
    lat: record.lat,
    lng: record.lng,
    profilePictureUrl: record.profilePictureUrl,
    photos: record.photos.map((photo) => ({
      id: photo.id,
      url: buildUploadUrl(photo.storageKey),
      thumbUrl: buildUploadUrl(photo.thumbStorageKey ?? photo.storageKey),
      width: photo.width,
      height: photo.height,
    })),
    ratingAverage: ratingAverage(record.ratingSum, record.ratingCount),
    ratingCount: record.ratingCount,
    productCount: record.activeProductCount,
    memberSince: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

/**
 * The seller's shop. A seller approved without one (an application row written straight into
 * seller_applications, as some fixtures do) gets it from the application on first read; anyone
 * else has none (null).
 */
async function findOrCreateShop(db: Db, userId: string): Promise<ShopRecord | null> {
  const record = await findShop(db, userId);
  if (record) return record;
  await createProfileFromApplication(db, userId);
  return findShop(db, userId);
}

async function loadOwnShop(db: Db, userId: string): Promise<ShopRecord> {
  const record = await findOrCreateShop(db, userId);
  if (!record) throw new NotFoundError(SHOP_NOT_FOUND_MESSAGE);
  return record;
}

/** GET /api/seller/profile (approved seller, own shop). */
export async function getOwnSellerProfile(db: Db, user: UserRow): Promise<TSellerProfile> {
  await assertApprovedSeller(db, user);
  return toProfileJson(await loadOwnShop(db, user.id));
}

/** PUT /api/seller/profile: every field; photos are the caller's own uploads, in display order. */
export async function updateOwnSellerProfile(db: Db, user: UserRow, input: TUpdateSellerProfileRequest): Promise<TSellerProfile> {
  await assertApprovedSeller(db, user);
  const { photoIds: sentIds, ...fields } = input;
  // Ids as the database prints them, so an id sent in capitals is the same photo.
  const photoIds = sentIds.map((id) => id.toLowerCase());
  if (new Set(photoIds).size !== photoIds.length) throw new InvalidError(DUPLICATE_PHOTOS_MESSAGE, { photoIds: DUPLICATE_PHOTOS_MESSAGE });
  const owned = await findOwnedUploadIds(db, user.id, photoIds);
  if (photoIds.some((id) => !owned.has(id))) throw new InvalidError(PHOTOS_NOT_YOURS_MESSAGE, { photoIds: PHOTOS_NOT_YOURS_MESSAGE });
  await loadOwnShop(db, user.id);
  await db.transaction(async (tx) => {
    if (!(await updateProfile(tx, user.id, fields, photoIds))) throw new NotFoundError(SHOP_NOT_FOUND_MESSAGE);
  });
  // Product details show the shop's name and picture.
  clearPublicResponses(db);
  return toProfileJson(await loadOwnShop(db, user.id));
}

/** GET /api/shops/{sellerId}: public; 404 unless an approved, not suspended seller. */
export async function getPublicShop(db: Db, sellerId: string): Promise<TSellerProfile> {
  const record = await findOrCreateShop(db, sellerId);
  if (!record || !record.approved || record.suspended) throw new NotFoundError(SHOP_NOT_FOUND_MESSAGE);
  return toProfileJson(record);
}
