import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from '@pulse/contract/messages-i18n';
import type { Readable } from 'node:stream';
import { ZId } from '@pulse/contract/ids';
import { UPLOAD_IMAGE_MAX_BYTES, type TUploadImageResponse, type TUploadPurpose } from '@pulse/contract/messages';
import type { Db } from '../../db/client';
import { createId } from '../../db/new-id';
import type { UploadRow } from '../../db/schema/uploads';
import type { UserRow } from '../../db/schema/users';
import { NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../../errors/domain-errors';
import { convertToWebpVariants, detectImageFormat } from './image-processing';
import { isPrivateObjectKey, PRIVATE_KEY_PREFIX, type ObjectStorage } from './object-storage';
import { findUploadById, insertUpload } from './uploads-repository';

export const UPLOADS_PUBLIC_PREFIX = '/uploads/';

export const IMAGE_TOO_LARGE_MESSAGE = contractMessage(msg`The image is too large. Choose an image of at most ${{ megabytes: UPLOAD_IMAGE_MAX_BYTES / (1024 * 1024) }} MB.`);
export const NOT_AN_IMAGE_MESSAGE = contractMessage(msg`The file is not a supported image. Choose a JPEG, PNG, WebP or GIF picture.`);
export const UNREADABLE_IMAGE_MESSAGE = contractMessage(msg`The image could not be read. It may be damaged; choose another picture.`);

/** The address the browser loads a stored object from (same origin as the API). */
export function buildUploadUrl(storageKey: string): string {
  return `${UPLOADS_PUBLIC_PREFIX}${storageKey}`;
}

/**
 * The guarded address of an upload only its uploader and admins may see (an ID document):
 * GET /api/uploads/private/:uploadId checks the session (bearer or cookie) on every request.
 */
export function buildPrivateUploadUrl(uploadId: string): string {
  return `/api/uploads/private/${uploadId}`;
}

/** True for an upload stored under `private/` (decision 017): never served by GET /uploads/:key. */
export function isPrivateUpload(upload: { storageKey: string }): boolean {
  return isPrivateObjectKey(upload.storageKey);
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
  /** Up to 1600 px WebP, e.g. `/uploads/<id>.webp` (private: `/api/uploads/private/<id>`). */
  url: string;
  /** Up to 400 px WebP, e.g. `/uploads/<id>-thumb.webp` (private: no thumbnail, the full image's URL). */
  thumbUrl: string;
  width: number;
  height: number;
}

/**
 * Checks the bytes really are an accepted image (at most 5 MB), re-encodes them to WebP in two
 * variants (full up to 1600 px, thumbnail up to 400 px), stores both and records the owner.
 * `id_document` stores the full image only, under `private/` (decision 017).
 * Throws PayloadTooLargeError / UnsupportedMediaTypeError with a user-facing message.
 */
export async function storeImageUpload(
  deps: ImageStoreDeps,
  ownerUserId: string,
  bytes: Buffer,
  purpose: TUploadPurpose = 'image',
): Promise<StoredImage> {
  if (bytes.length > UPLOAD_IMAGE_MAX_BYTES) throw new PayloadTooLargeError(IMAGE_TOO_LARGE_MESSAGE);
  if (bytes.length === 0 || detectImageFormat(bytes) === null) throw new UnsupportedMediaTypeError(NOT_AN_IMAGE_MESSAGE);

  let variants;
  try {
    variants = await convertToWebpVariants(bytes);
  } catch {
    throw new UnsupportedMediaTypeError(UNREADABLE_IMAGE_MESSAGE);
  }

  const id = createId();
  const isPrivate = purpose === 'id_document';
  const storageKey = isPrivate ? `${PRIVATE_KEY_PREFIX}${id}.webp` : `${id}.webp`;
  // Nothing shows an ID document small, so no copy of it is kept beyond the one asked for.
  const thumbStorageKey = isPrivate ? null : thumbStorageKeyFor(id);
  if (thumbStorageKey) await deps.objectStorage.putObject(thumbStorageKey, variants.thumb.data);
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
  const url = isPrivate ? buildPrivateUploadUrl(id) : buildUploadUrl(storageKey);
  return {
    id,
    url,
    thumbUrl: thumbStorageKey ? buildUploadUrl(thumbStorageKey) : url,
    width: variants.full.width,
    height: variants.full.height,
  };
}

/** POST /api/uploads/images: stores the variants, answers the id and the full image's URL. */
export async function saveImageUpload(
  deps: ImageStoreDeps,
  ownerUserId: string,
  bytes: Buffer,
  purpose: TUploadPurpose = 'image',
): Promise<TUploadImageResponse> {
  const stored = await storeImageUpload(deps, ownerUserId, bytes, purpose);
  return { id: stored.id, url: stored.url };
}

export const UPLOAD_NOT_FOUND_MESSAGE = contractMessage(msg`Not found.`);

/**
 * GET /api/uploads/private/:uploadId: the full image of an upload, for its uploader or an admin.
 * Anyone else, like an unknown id, gets 404, so ids cannot be probed. Any upload is served here
 * (ID documents stored before decision 017 have public keys).
 */
export async function openUploadForViewer(
  deps: ImageStoreDeps,
  viewer: UserRow,
  uploadId: string,
): Promise<{ upload: UploadRow; stream: Readable; size: number }> {
  const upload = ZId.safeParse(uploadId).success ? await findUploadById(deps.db, uploadId) : null;
  const allowed = upload !== null && (upload.ownerUserId === viewer.id || viewer.roles.includes('admin'));
  const object = upload && allowed ? await deps.objectStorage.getObjectStream(upload.storageKey) : null;
  if (!upload || !object) throw new NotFoundError(UPLOAD_NOT_FOUND_MESSAGE);
  return { upload, ...object };
}
