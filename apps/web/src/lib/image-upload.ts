import { t } from '@lingui/core/macro';
import { ZApiErrorResponse } from '@pulse/contract/errors';
import { ZUploadImageResponse, type TUploadImageResponse } from '@pulse/contract/messages';
import { API_URL } from '../config/env';
import { ApiError } from './api-error';
import { describeApiFailure, type ApiFailure } from './error-catalogue';
import { SESSION_KEYS, readSessionValue } from './session-keys';
import { showErrorToast } from './show-error-toast';

export interface UploadOptions {
  /** 0..1 as the bytes leave the browser. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Called on a 401: the caller logs out the way the API client would. */
  onSessionExpired?: (message: string, path: string) => void;
}

function failureFrom(xhr: XMLHttpRequest): { failure: ApiFailure; message: string; fields: Record<string, string> } {
  let body: unknown;
  try {
    body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
  } catch {
    body = undefined;
  }
  const parsed = ZApiErrorResponse.safeParse(body);
  const status = xhr.status;
  const serverError = parsed.success ? parsed.data.error : undefined;
  return {
    failure: { kind: 'http', status: xhr.status, serverMessage: serverError?.message, isCurrentUserCall: false },
    message: serverError?.message ?? t`Request failed with status ${status}`,
    fields: serverError?.fields ?? {},
  };
}

/** Outages toast and a 401 logs out, as every other call; 4xx messages are left to the photo tile. */
function react(failure: ApiFailure, options: UploadOptions): void {
  const isClientError = failure.kind === 'http' && failure.status < 500 && failure.status !== 401;
  if (isClientError) return;
  const reaction = describeApiFailure(failure);
  if (reaction.action === 'toast') showErrorToast(reaction.title, reaction.message);
  if (reaction.action === 'logout') options.onSessionExpired?.(reaction.message, reaction.path);
}

/**
 * POST /api/uploads/images (multipart field `file`). XMLHttpRequest rather than the fetch client
 * because only it reports upload progress; same headers, same error catalogue.
 */
export function postImageUpload(file: File, options: UploadOptions = {}): Promise<TUploadImageResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_URL}/api/uploads/images`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readSessionValue(SESSION_KEYS.token);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    const fail = (failure: ApiFailure, message: string, fields: Record<string, string> = {}) => {
      react(failure, options);
      reject(new ApiError(message, failure, { fields }));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(ZUploadImageResponse.parse(JSON.parse(xhr.responseText)));
        } catch {
          fail({ kind: 'unexpected' }, t`The server sent a response the app does not understand`);
        }
        return;
      }
      const { failure, message, fields } = failureFrom(xhr);
      fail(failure, message, fields);
    };
    xhr.onerror = () => fail({ kind: 'network' }, t`Could not connect to the server`);
    // eslint-disable-next-line lingui/no-unlocalized-strings -- an AbortError is never shown
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
