import { ZPost, type TCreatePostInput, type TPost } from '@pulse/contract/hub';
import { ZUploadImageResponse } from '@pulse/contract/messages';
import { apiRequest, type FailureFilter } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { announce } from './outbox-channel';
import { currentOutboxAuthor } from './outbox-author';
import { scheduleOutboxSend } from './outbox-connection';
import { PHOTOS_NOT_QUEUED_MESSAGE, createOutboxEntry } from './outbox-state';
import { indexedDbOutbox } from './outbox-store';

export type SendPostInput = TCreatePostInput & { photos?: File[] };
export type SendPostResult = { status: 'sent'; post: TPost } | { status: 'queued' };

/**
 * The composer shows 4xx messages itself; a 401 still logs out and a 5xx still gets the catalogue's
 * toast. No answer at all is not a failure here: the post is queued instead.
 */
const reactToSessionOrServerError: FailureFilter = (failure) => failure.kind === 'http' && (failure.status === 401 || failure.status >= 500);

function isNoAnswer(error: unknown): boolean {
  return isApiError(error) && error.failure.kind === 'network';
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** POST /api/uploads/images, the pipeline every photo goes through (WebP variants, owner recorded). */
async function uploadPhoto(photo: File): Promise<string> {
  const form = new FormData();
  form.append('file', photo, photo.name);
  const upload = await apiRequest('/api/uploads/images', { method: 'POST', body: form, schema: ZUploadImageResponse, reactTo: reactToSessionOrServerError });
  return upload.id;
}

async function queuePost(input: TCreatePostInput, photos: readonly File[], uploadedIds: readonly string[]): Promise<SendPostResult> {
  const entry = createOutboxEntry(
    input,
    photos.map((file, index) => ({ blob: file, name: file.name, uploadId: uploadedIds[index] ?? null })),
    currentOutboxAuthor(),
    new Date(),
  );
  try {
    await indexedDbOutbox.add(entry);
  } catch (error) {
    // A browser that cannot store files in IndexedDB (older Safari) refuses the structured clone.
    if (photos.length > 0 && error instanceof DOMException && error.name === 'DataCloneError') throw new Error(PHOTOS_NOT_QUEUED_MESSAGE, { cause: error });
    throw error;
  }
  announce({ type: 'changed' });
  await scheduleOutboxSend();
  return { status: 'queued' };
}

/**
 * Publishes a post, or keeps it for later: online, the photos go through the upload pipeline
 * (POST /api/uploads/images) and then POST /api/hub/posts; offline, or when no answer comes, the
 * post and its photos wait in the outbox (IndexedDB) and the service worker sends them when the
 * connection returns ("sync-posts"). A 4xx answer is thrown as the ApiError, for the composer to
 * show. `clientId` (crypto.randomUUID() when the post was written) makes every resend harmless.
 */
export async function sendPost(input: SendPostInput): Promise<SendPostResult> {
  const { photos = [], ...post } = input;
  if (isOffline()) return queuePost(post, photos, []);
  const uploadedIds: string[] = [];
  try {
    for (const photo of photos) uploadedIds.push(await uploadPhoto(photo));
    const created = await apiRequest('/api/hub/posts', {
      method: 'POST',
      body: { ...post, imageUploadIds: [...(post.imageUploadIds ?? []), ...uploadedIds] },
      schema: ZPost,
      reactTo: reactToSessionOrServerError,
    });
    return { status: 'sent', post: created };
  } catch (error) {
    // The photos already uploaded keep their ids: the worker does not upload them again.
    if (isNoAnswer(error)) return queuePost(post, photos, uploadedIds);
    throw error;
  }
}
