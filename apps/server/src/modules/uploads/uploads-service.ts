import { UPLOAD_IMAGE_MAX_BYTES, type TUploadImageResponse } from '@pulse/contract/messages';
import type { Db } from '../../db/client';
import { createId } from '../../db/new-id';
import { convertToWebp, detectImageFormat } from './image-processing';
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

/** Checks the bytes really are an accepted image, re-encodes, stores, and records the owner. */
export async function saveImageUpload(db: Db, storage: ObjectStorage, ownerUserId: string, bytes: Buffer): Promise<TUploadImageResponse> {
  if (bytes.length > UPLOAD_IMAGE_MAX_BYTES) throw new PayloadTooLargeError(IMAGE_TOO_LARGE_MESSAGE);
  if (bytes.length === 0 || detectImageFormat(bytes) === null) throw new UnsupportedMediaTypeError(NOT_AN_IMAGE_MESSAGE);

  let converted;
  try {
    converted = await convertToWebp(bytes);
  } catch {
    throw new UnsupportedMediaTypeError(UNREADABLE_IMAGE_MESSAGE);
  }

  const id = createId();
  const storageKey = `${id}.webp`;
  await storage.putObject(storageKey, converted.data);
  await insertUpload(db, {
    id,
    ownerUserId,
    storageKey,
    contentType: 'image/webp',
    byteSize: converted.data.length,
    width: converted.width,
    height: converted.height,
  });
  return { id, url: buildUploadUrl(storageKey) };
}
