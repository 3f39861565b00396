import { ZUploadImageResponse, type TUploadImageResponse } from '@pulse/contract/messages';
import { apiRequest, reactToSessionExpiryOnly } from '../../../lib/api-client';

/** Uploads one picture (multipart field `file`); the failure shows on the message being sent. */
export async function postImageUpload(file: File): Promise<TUploadImageResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest('/api/uploads/images', { method: 'POST', body: form, schema: ZUploadImageResponse, reactTo: reactToSessionExpiryOnly });
}
