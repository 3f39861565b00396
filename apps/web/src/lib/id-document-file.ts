import { t } from '@lingui/core/macro';
import { UPLOAD_IMAGE_MAX_BYTES } from '@pulse/contract/messages';

/** The picture kinds the upload accepts (the server checks the bytes again). PDFs are not accepted. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** The server's cap for POST /api/uploads/images. */
export const ID_DOCUMENT_MAX_BYTES = UPLOAD_IMAGE_MAX_BYTES;

/** Why a chosen file cannot be the ID photo, or null when it can. */
export function getImageAttachmentError(file: { type: string; size: number }): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return t`Choose a JPEG, PNG, WebP or GIF photo of your ID.`;
  if (file.size === 0) return t`This photo is empty.`;
  const maxMegabytes = ID_DOCUMENT_MAX_BYTES / (1024 * 1024);
  if (file.size > ID_DOCUMENT_MAX_BYTES) return t`Photos can be up to ${maxMegabytes} MB.`;
  return null;
}
