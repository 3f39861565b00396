import { UPLOAD_IMAGE_MAX_BYTES, type TUploadImageResponse } from '@pulse/contract/messages';
import type { Db } from '../../db/client';
import { createId } from '../../db/new-id';
import { convertToWebpVariants, detectImageFormat } from './image-processing';
import type { ObjectStorage } from './object-storage';
import { PayloadTooLargeError, UnsupportedMediaTypeError } from '../../errors/domain-errors';
import { insertUpload } from './uploads-repository';

export const UPLOADS_PUBLIC_PREFIX = '/uploads/';

export const IMAGE_TOO_LARGE_MESSAGE = `The image is too large. Choose an image of at most ${UPLOAD_IMAGE_MAX_BYTES / (1024 * 1024)} MB.`;
export const NOT_AN_IMAGE_MESSAGE = 'The file is not a supported image. Choose a JPEG, PNG, WebP or GIF picture.';
export const UNREADABLE_IMAGE_MESSAGE = 'The image could not be read. It may be damaged; choose another picture.';

/** The address the browser loads a stored object from (same origin as the API). */
export function buildUploadUrl(storageKey: string): string {
  return `${UPLOADS_PUBLIC_PREFIX}${storageKey}`;
}

/** The key of an upload's ~400 px thumbnail variant, beside the full image `<id>.webp`. */
export function thumbStorageKeyFor(uploadId: string): string {
  return `${uploadId}-thumb.webp`;
}

/** What storing an image needs; a FastifyInstance (app.db, app.objectStorage) is one. */
export interface ImageStoreDeps {
  db: Db;
  objectStorage: ObjectStorage;
}

export interface StoredImage {
  id: string;
  /** Up to 1600 px WebP, e.g. `/uploads/<id>.webp`. */
  url: string;
  /** Up to 400 px WebP, e.g. `/uploads/<id>-thumb.webp`. */
  thumbUrl: string;
  width: number;
  height: number;
}

/**
 * Checks the bytes really are an accepted image (at most 5 MB), re-encodes them to WebP in two
 * variants (full up to 1600 px, thumbnail up to 400 px), stores both and records the owner.
 * Throws PayloadTooLargeError / UnsupportedMediaTypeError with a user-facing message.
 */
export async function storeImageUpload(deps: ImageStoreDeps, ownerUserId: string, bytes: Buffer): Promise<StoredImage> {
  if (bytes.length > UPLOAD_IMAGE_MAX_BYTES) throw new PayloadTooLargeError(IMAGE_TOO_LARGE_MESSAGE);
  if (bytes.length === 0 || detectImageFormat(bytes) === null) throw new UnsupportedMediaTypeError(NOT_AN_IMAGE_MESSAGE);

  let variants;
  try {
    variants = await convertToWebpVariants(bytes);
  } catch {
    throw new UnsupportedMediaTypeError(UNREADABLE_IMAGE_MESSAGE);
  }

  const id = createId();
  const storageKey = `${id}.webp`;
  const thumbStorageKey = thumbStorageKeyFor(id);
  await deps.objectStorage.putObject(thumbStorageKey, variants.thumb.data);
  await deps.objectStorage.putObject(storageKey, variants.full.data);
  await insertUpload(deps.db, {
    id,
    ownerUserId,
    storageKey,
    thumbStorageKey,
    contentType: 'image/webp',
    byteSize: variants.full.data.length,
    width: variants.full.width,
    height: variants.full.height,
  });
  return {
    id,
    url: buildUploadUrl(storageKey),
    thumbUrl: buildUploadUrl(thumbStorageKey),
    width: variants.full.width,
    height: variants.full.height,
  };
}

/** POST /api/uploads/images: stores the variants, answers the id and the full image's URL. */
export async function saveImageUpload(deps: ImageStoreDeps, ownerUserId: string, bytes: Buffer): Promise<TUploadImageResponse> {
  const stored = await storeImageUpload(deps, ownerUserId, bytes);
  return { id: stored.id, url: stored.url };
}
