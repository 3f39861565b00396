import { t } from '@lingui/core/macro';
import { UPLOAD_IMAGE_MAX_BYTES } from '@pulse/contract/messages';
import { formatNumber } from '../../../lib/format';

/** The picture kinds the upload accepts (the server checks the bytes again). */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** Why a chosen file cannot be sent as a picture, or null when it can (read when the file is chosen). */
export function getImageAttachmentError(file: { type: string; size: number }): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return t`Choose a JPEG, PNG, WebP or GIF picture.`;
  if (file.size > UPLOAD_IMAGE_MAX_BYTES) {
    const megabytes = formatNumber(UPLOAD_IMAGE_MAX_BYTES / (1024 * 1024));
    return t`Pictures can be up to ${megabytes} MB.`;
  }
  if (file.size === 0) return t`This picture is empty.`;
  return null;
}
