import { t } from '@lingui/core/macro';
import { UPLOAD_IMAGE_MAX_BYTES } from '@pulse/contract/messages';

/** The picture kinds the upload accepts (the server checks the bytes again). */
export const ACCEPTED_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** Why a chosen file cannot be a product, shop or Pulse Hub photo, or null when it can. */
export function getPhotoFileError(file: { type: string; size: number }): string | null {
  if (!(ACCEPTED_PHOTO_TYPES as readonly string[]).includes(file.type)) return t`Choose a JPEG, PNG, WebP or GIF photo.`;
  if (file.size === 0) return t`This photo is empty.`;
  const maxMegabytes = UPLOAD_IMAGE_MAX_BYTES / (1024 * 1024);
  if (file.size > UPLOAD_IMAGE_MAX_BYTES) return t`Photos can be up to ${maxMegabytes} MB.`;
  return null;
}

/** Moves the item at `from` to `to` (both clamped), returning a new array. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [item] = next.splice(from, 1);
  if (item === undefined) return next;
  next.splice(target, 0, item);
  return next;
}
