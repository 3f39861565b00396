import { t } from '@lingui/core/macro';
import type { TApiErrorResponse, TErrorCode } from '@pulse/contract/errors';
import { API_URL } from '../config/env';
import { ApiError } from './api-error';
import { describeApiFailure, type ApiFailure } from './error-catalogue';
import { SESSION_KEYS, readSessionValue } from './session-keys';
import { createOutageNotice } from './outage-notice';
import { savedDataStore } from './service-worker-saved-data';
import { activeLocale } from './i18n/locales';
import { showErrorToast } from './show-error-toast';
import { FROM_CACHE_HEADER, isNetworkFailureFallback, parseFromCacheHeader } from '../sw/from-cache-header';

const CURRENT_USER_PATH = '/api/auth/me';

/** Decides which failures of a call get the catalogue's side effects (toast, logout). */
export type FailureFilter = (failure: ApiFailure) => boolean;

export const reactToAllFailures: FailureFilter = () => true;
/** Background calls (badges): no toasts, but an expired session still logs the user out. */
export const reactToSessionExpiryOnly: FailureFilter = (failure) => failure.kind === 'http' && failure.status === 401;
/** Forms show 4xx messages themselves; outages still get the toast. */
export const reactToOutagesOnly: FailureFilter = (failure) => failure.kind !== 'http' || failure.status >= 500;
export const reactToNoFailures: FailureFilter = () => false;

type SessionExpiredHandler = (message: string, path: string) => void;
let onSessionExpired: SessionExpiredHandler | null = null;

/** The auth provider registers how to log out; the client only knows when it must happen. */
export function setSessionExpiredHandler(handler: SessionExpiredHandler | null): void {
  onSessionExpired = handler;
}

/**
 * Turns a response body into what the caller works with: a contract schema (zod), or
 * serverChecked() where the first page must not load zod (lib/server-checked.ts).
 */
export interface ResponseParser<T> {
  parse(data: unknown): T;
}

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-encoded, except FormData, which is sent as multipart as it is. */
  body?: unknown;
  /** Extra request headers, e.g. an Idempotency-Key. */
  headers?: Readonly<Record<string, string>>;
  schema: ResponseParser<T>;
  signal?: AbortSignal;
  reactTo?: FailureFilter;
  /** False for the renewal call itself; every other call first lets a due token renewal run (decision 051). */
  renewal?: boolean;
}

/**
 * How calls reach the API: the browser's fetch, or, while the server renders a page
 * (entry-server.tsx), a function that answers them inside the server's own process. A server render
 * has no toasts, no logout and no saved answers: its failures only leave the query for the browser.
 */
type ApiFetch = (url: string, init: RequestInit) => Promise<Response>;
let serverFetch: ApiFetch | null = null;

export function setServerApiFetch(fetchInServer: ApiFetch | null): void {
  serverFetch = fetchInServer;
}

type BeforeRequest = () => Promise<void>;
let beforeRequest: BeforeRequest | null = null;

/** The auth provider registers the token renewal that runs before each call. */
export function setBeforeRequest(handler: BeforeRequest | null): void {
  beforeRequest = handler;
}

function buildHeaders(hasJsonBody: boolean, extra: Readonly<Record<string, string>> = {}): Headers {
  // Texts the API writes for people (errors, notifications) come in the page's language.
  const headers = new Headers({ ...extra, Accept: 'application/json', 'Accept-Language': activeLocale() === 'pseudo' ? 'en' : activeLocale() });
  // FormData sets its own multipart Content-Type with the boundary.
  if (hasJsonBody) headers.set('Content-Type', 'application/json');
  const token = readSessionValue(SESSION_KEYS.token);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

async function readJsonBody(response: Response): Promise<unknown> {
  const text = await response.text();
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

const outageNotice = createOutageNotice();

function applyFailureReaction(failure: ApiFailure): void {
  const reaction = describeApiFailure(failure);
  if (reaction.action === 'toast') showErrorToast(reaction.title, reaction.message);
  if (reaction.action === 'logout') onSessionExpired?.(reaction.message, reaction.path);
  if (failure.kind === 'network') outageNotice.toastShown();
}

/**
 * The service worker answered a read from its cache because the network failed: the saved data
 * shows, and spec §8's "Network Error" tells the person the server was not reached (once per
 * outage, and only for calls whose failures get toasts). A read the worker answered from its cache
 * only because the server was slow gets no toast (the online indicator says it).
 */
function reactToSavedAnswer<T>(response: Response, options: ApiRequestOptions<T>): void {
  const networkFailure: ApiFailure = { kind: 'network' };
  if (response.headers.get(FROM_CACHE_HEADER) === null) outageNotice.serverAnswered();
  else if (isNetworkFailureFallback(response) && (options.reactTo ?? reactToAllFailures)(networkFailure) && outageNotice.takeToastForSavedAnswer()) {
    applyFailureReaction(networkFailure);
  }
}

/** The error envelope of every 4xx/5xx (contract errors.ts), when the body is one. */
function readServerError(body: unknown): TApiErrorResponse['error'] | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const error: unknown = body.error;
  if (typeof error !== 'object' || error === null || !('code' in error) || !('message' in error)) return undefined;
  if (typeof error.code !== 'string' || typeof error.message !== 'string') return undefined;
  const fields = 'fields' in error ? error.fields : undefined;
  const validFields = typeof fields === 'object' && fields !== null && Object.values(fields).every((value) => typeof value === 'string');
  return { code: error.code as TErrorCode, message: error.message, ...(validFields ? { fields: fields as Record<string, string> } : {}) };
}

async function toHttpError(response: Response, path: string): Promise<ApiError> {
  let body: unknown;
  try {
    body = await readJsonBody(response);
  } catch {
    body = undefined;
  }
  const serverError = readServerError(body);
  const failure: ApiFailure = {
    kind: 'http',
    status: response.status,
    serverMessage: serverError?.message,
    isCurrentUserCall: path.split('?')[0] === CURRENT_USER_PATH,
  };
  const status = response.status;
  return new ApiError(serverError?.message ?? t`Request failed with status ${status}`, failure, {
    code: serverError?.code,
    fields: serverError?.fields,
  });
}

async function sendRequest<T>(path: string, options: ApiRequestOptions<T>): Promise<T> {
  const isFormData = options.body instanceof FormData;
  const hasJsonBody = options.body !== undefined && !isFormData;
  let response: Response;
  try {
    response = await (serverFetch ?? fetch)(`${API_URL}${path}`, {
      method: options.method ?? 'GET',
      headers: buildHeaders(hasJsonBody, options.headers),
      body: isFormData ? (options.body as FormData) : hasJsonBody ? JSON.stringify(options.body) : undefined,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (cause) {
    // An abort is the caller changing its mind, not an outage.
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(t`Could not connect to the server`, { kind: 'network' }, { cause });
  }
  // The service worker answers some reads from its cache when the server does not (it says so in
  // a header): the online indicator tells the person the data is saved, not live.
  if (serverFetch) {
    if (!response.ok) throw await toHttpError(response, path);
    return options.schema.parse(await readJsonBody(response));
  }
  if ((options.method ?? 'GET') === 'GET') savedDataStore.record(path, parseFromCacheHeader(response.headers.get(FROM_CACHE_HEADER)));
  reactToSavedAnswer(response, options);
  if (!response.ok) throw await toHttpError(response, path);
  try {
    return options.schema.parse(await readJsonBody(response));
  } catch (cause) {
    throw new ApiError(t`The server sent a response the app does not understand`, { kind: 'unexpected' }, { cause });
  }
}

/**
 * The one way the web app calls the API: JSON, cookies and the bearer token from session storage,
 * responses parsed with the contract's schema, failures handled by the error catalogue (spec §8).
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions<T>): Promise<T> {
  if (serverFetch) return sendRequest(path, options);
  if (options.renewal !== false && beforeRequest) await beforeRequest();
  try {
    return await sendRequest(path, options);
  } catch (error) {
    const failure: ApiFailure = error instanceof ApiError ? error.failure : { kind: 'unexpected' };
    const isAbort = error instanceof DOMException && error.name === 'AbortError';
    if (!isAbort && (options.reactTo ?? reactToAllFailures)(failure)) applyFailureReaction(failure);
    throw error instanceof ApiError || isAbort ? error : new ApiError(t`Unexpected error`, failure, { cause: error });
  }
}

/**
 * A file from the API (a receipt PDF, a CSV export), fetched with the session like every call (a
 * plain link would not carry the bearer token) and handed to the browser to save as `fileName`.
 * Failures get the catalogue's reactions (toast, logout) and are thrown.
 */
export async function apiDownload(path: string, fileName: string): Promise<void> {
  if (beforeRequest) await beforeRequest();
  let response: Response;
  try {
    const headers = buildHeaders(false);
    headers.set('Accept', '*/*');
    response = await fetch(`${API_URL}${path}`, { headers, credentials: 'include' });
  } catch (cause) {
    const error = new ApiError(t`Could not connect to the server`, { kind: 'network' }, { cause });
    applyFailureReaction(error.failure);
    throw error;
  }
  if (!response.ok) {
    const error = await toHttpError(response, path);
    applyFailureReaction(error.failure);
    throw error;
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has read the object URL once the click's download started; free it a little later.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
