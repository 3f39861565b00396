import { ZUploadImageResponse, type TUploadImageResponse } from '@pulse/contract/messages';
import { apiRequest } from '../../../lib/api-client';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';

/** A proof-of-delivery or failed-attempt photo (multipart field `file`) through the upload pipeline; its id goes with the step. */
export async function postProofPhoto(file: File): Promise<TUploadImageResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest('/api/uploads/images', { method: 'POST', body: form, schema: ZUploadImageResponse, reactTo: reactToSessionOrOutage });
}
