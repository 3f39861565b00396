import { API_URL } from '../config/env';

/**
 * Share links (issue 13): any page opened with `?ref=CODE` remembers the code in this browser for
 * REFERRAL_WINDOW_DAYS (first touch wins: a remembered code that has not expired is kept) and tells
 * the server about the visit. A signed-in person's visit is only a visit: the server attributes an
 * account at sign-up and never later; the remembered code still prefills the seller application's
 * referral code field, which is how a person who already has an account brings in a new farm.
 * Loaded by main.tsx only when the address has the parameter, so the
 * first load of other pages carries none of it; no zod here for the same reason (the constants
 * mirror @pulse/contract/referrals, a test keeps them equal).
 */

/** The query parameter of a share link (REFERRAL_QUERY_PARAM). */
export const REF_PARAM = 'ref';
/** How long the browser remembers a code (REFERRAL_WINDOW_DAYS). */
export const WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
export const WINDOW_MS = WINDOW_DAYS * DAY_MS;

export const REFERRAL_STORAGE_KEY = 'pulse_referral';
export const VISITOR_ID_STORAGE_KEY = 'pulse_visitor_id';

/** What the server accepts (ZReferralCode): upper case letters, digits and dashes, 4 to 20 long. */
const CODE_SHAPE = /^[A-Z0-9][A-Z0-9-]{2,18}[A-Z0-9]$/;
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface RememberedReferral {
  code: string;
  /** When it was remembered (ms since the epoch). */
  at: number;
}

/** The part of Storage used here (localStorage in the browser, a map in tests). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** "ama-7k2 " → "AMA-7K2"; null for anything that cannot be a code. */
export function normaliseReferralCode(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null;
  const code = raw.trim().toUpperCase();
  return CODE_SHAPE.test(code) ? code : null;
}

// Storage can throw (private mode, storage disabled, quota): referrals then simply do not stick.
function safeGet(storage: KeyValueStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function safeSet(storage: KeyValueStorage | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Nothing to fall back to.
  }
}

function safeRemove(storage: KeyValueStorage | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // See safeSet.
  }
}

function browserStorage(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The remembered code while it is inside the window; null when there is none, it is malformed or it has expired. */
export function readRememberedReferral(storage: KeyValueStorage | null = browserStorage(), now = Date.now()): RememberedReferral | null {
  const raw = safeGet(storage, REFERRAL_STORAGE_KEY);
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { code, at } = parsed as { code?: unknown; at?: unknown };
  const normalised = normaliseReferralCode(typeof code === 'string' ? code : null);
  if (!normalised || typeof at !== 'number' || !Number.isFinite(at)) return null;
  // A date in the future (a clock put back) counts from now, never for longer than the window.
  if (now - at >= WINDOW_MS || at - now > DAY_MS) return null;
  return { code: normalised, at };
}

/** The code to send with a sign-up: remembered and unexpired, or null. */
export function readReferralCode(storage: KeyValueStorage | null = browserStorage(), now = Date.now()): string | null {
  return readRememberedReferral(storage, now)?.code ?? null;
}

/**
 * Remembers a code, first touch wins: an unexpired remembered code stays (and is returned); an
 * expired or unreadable one is replaced.
 */
export function rememberReferral(code: string, storage: KeyValueStorage | null = browserStorage(), now = Date.now()): RememberedReferral {
  const current = readRememberedReferral(storage, now);
  if (current) return current;
  const next = { code, at: now };
  safeSet(storage, REFERRAL_STORAGE_KEY, JSON.stringify(next));
  return next;
}

/** After a sign-up the code has done its work (the account is attributed or not, once and for all). */
export function clearRememberedReferral(storage: KeyValueStorage | null = browserStorage()): void {
  safeRemove(storage, REFERRAL_STORAGE_KEY);
}

function randomUuid(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Older browsers on plain http: a version 4 UUID from getRandomValues.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** This browser's random visitor id, made once and kept (the server counts a visit once per browser and code a day). */
export function getVisitorId(storage: KeyValueStorage | null = browserStorage(), makeId: () => string = randomUuid): string {
  const stored = safeGet(storage, VISITOR_ID_STORAGE_KEY);
  if (stored && UUID_SHAPE.test(stored)) return stored;
  const id = makeId();
  safeSet(storage, VISITOR_ID_STORAGE_KEY, id);
  return id;
}

export interface VisitBody {
  code: string;
  visitorId: string;
  path: string;
}

export interface CaptureInput {
  /** window.location.search and pathname. */
  search: string;
  pathname: string;
  storage: KeyValueStorage | null;
  now: number;
  sendVisit: (body: VisitBody) => void;
  makeId?: () => string;
}

/** What capture did: the code of the address (null when it has none that could be a code) and the code now remembered. */
export interface CaptureResult {
  code: string | null;
  remembered: string | null;
}

/** Reads `?ref=`, remembers the code (first touch wins) and reports the visit. */
export function captureReferral(input: CaptureInput): CaptureResult {
  const code = normaliseReferralCode(new URLSearchParams(input.search).get(REF_PARAM));
  if (!code) return { code: null, remembered: readReferralCode(input.storage, input.now) };
  const remembered = rememberReferral(code, input.storage, input.now).code;
  try {
    input.sendVisit({ code, visitorId: getVisitorId(input.storage, input.makeId), path: input.pathname.slice(0, 300) || '/' });
  } catch {
    // A visit that could not be reported is only a figure less in the agent's funnel.
  }
  return { code, remembered };
}

/** POST /api/referrals/visits without waiting: keepalive survives the visitor leaving the page; any failure is ignored. */
function sendVisitInBackground(body: VisitBody): void {
  void fetch(`${API_URL}/api/referrals/visits`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
    credentials: 'same-origin',
  }).catch(() => undefined);
}

/** Called by main.tsx when the address has `?ref=`. */
export function captureReferralFromPage(): CaptureResult {
  return captureReferral({
    search: window.location.search,
    pathname: window.location.pathname,
    storage: browserStorage(),
    now: Date.now(),
    sendVisit: sendVisitInBackground,
  });
}
