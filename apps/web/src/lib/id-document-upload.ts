import { ZUploadImageResponse, type TUploadImageResponse } from '@pulse/contract/messages';
import { apiRequest, type FailureFilter } from './api-client';

/** The form shows 4xx messages itself; outages get the toast and an expired session logs out. */
const reactToOutagesAndExpiry: FailureFilter = (failure) => failure.kind !== 'http' || failure.status >= 500 || failure.status === 401;

/**
 * Stores an ID photo (multipart field `file`) as a private upload: its URL is the guarded one,
 * which the preview loads with the session cookie (decision 017). Seller and agent applications
 * both send the upload's id.
 */
export async function postIdDocumentImage(file: File): Promise<TUploadImageResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest('/api/uploads/images?purpose=id_document', { method: 'POST', body: form, schema: ZUploadImageResponse, reactTo: reactToOutagesAndExpiry });
}
