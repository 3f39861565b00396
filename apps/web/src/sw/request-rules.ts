/**
 * Which requests the service worker answers, and how. Pure, so the rules are tested without a
 * browser (request-rules.test.ts); sw.ts only wires them to Workbox.
 */

/** What the worker does with a request. */
export type RequestKind =
  /** A page load: the network first (a deploy shows at once), the precached shell offline. */
  | 'navigation'
  /** A page load of an API address (the OpenID Connect start and callback): the network only, sent once. */
  | 'api-navigation'
  /** An API read worth showing offline: the network first, the last answer when it does not come. */
  | 'api-read'
  /** Uploaded photos: stored the first time, never change under one name. */
  | 'image'
  /** Brand images and sounds: may change under one name, so the network first. */
  | 'static'
  /** A fingerprinted file the precache left out (the chart chunk): stored the first time. */
  | 'asset'
  /** Everything else goes to the network as if there were no worker. */
  | 'network';

export interface RequestFacts {
  method: string;
  url: URL;
  mode: string;
  /** The worker's own origin. */
  origin: string;
}

/**
 * Never answered from a cache, whatever the method: the session, money moving, the basket (a stale
 * basket would mislead at the checkout), private uploads and the real-time connection.
 */
const NEVER_CACHED: readonly RegExp[] = [
  /^\/api\/auth(?:\/|$)/,
  /^\/api\/checkout(?:\/|$)/,
  /^\/api\/payments?(?:\/|$)/,
  /^\/api\/wallet\/top-ups(?:\/|$)/,
  /^\/api\/baskets(?:\/|$)/,
  /^\/api\/uploads(?:\/|$)/,
  /^\/socket\.io(?:\/|$)/,
];

/** The reads a person may want to look at offline (paths of apps/server/src/modules/*-routes.ts). */
const OFFLINE_READS: readonly RegExp[] = [
  // The listing and search, one product, its reviews.
  /^\/api\/products(?:\/[^/]+(?:\/reviews)?)?$/,
  /^\/api\/shops\/[^/]+$/,
  // The orders list (buyer or seller) and one order.
  /^\/api\/orders(?:\/[^/]+)?$/,
  // Balance, history and payouts; never the top-ups.
  /^\/api\/wallet(?:\/(?:history|payouts))?$/,
  // The list and the unread counts.
  /^\/api\/notifications(?:\/[^/]+)*$/,
];

const STATIC_PREFIXES: readonly string[] = ['/brand/', '/sounds/'];
const STATIC_FILES: readonly string[] = ['/favicon.svg'];

function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

export function isNeverCached(pathname: string): boolean {
  return NEVER_CACHED.some((pattern) => pattern.test(pathname));
}

export function isOfflineRead(pathname: string): boolean {
  return !isNeverCached(pathname) && OFFLINE_READS.some((pattern) => pattern.test(pathname));
}

export function classifyRequest({ method, url, mode, origin }: RequestFacts): RequestKind {
  if (url.origin !== origin) return 'network';
  const { pathname } = url;
  if (mode === 'navigate') return isApiPath(pathname) || pathname.startsWith('/socket.io') ? 'api-navigation' : 'navigation';
  // Writes always reach the server; a cached answer to one would be a lie.
  if (method !== 'GET') return 'network';
  if (isApiPath(pathname)) return isOfflineRead(pathname) ? 'api-read' : 'network';
  if (isNeverCached(pathname)) return 'network';
  if (pathname.startsWith('/uploads/')) return 'image';
  if (STATIC_FILES.includes(pathname) || STATIC_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return 'static';
  if (pathname.startsWith('/assets/')) return 'asset';
  return 'network';
}

/** The kinds the worker stores as they pass (the precache aside). */
export const STORED_AT_RUN_TIME: ReadonlySet<RequestKind> = new Set<RequestKind>(['api-read', 'image', 'static', 'asset']);

/**
 * Of the addresses a page loaded before the worker controlled it, those the worker would have
 * stored at run time: same origin, a GET the rules store, not already in the precache.
 */
export function selectWarmUpRequests(urls: readonly unknown[], origin: string, isPrecached: (href: string) => boolean): Array<{ url: URL; kind: RequestKind }> {
  const wanted = new Map<string, { url: URL; kind: RequestKind }>();
  for (const value of urls) {
    if (typeof value !== 'string') continue;
    let url: URL;
    try {
      url = new URL(value, origin);
    } catch {
      continue;
    }
    if (url.origin !== origin || isPrecached(url.href)) continue;
    const kind = classifyRequest({ method: 'GET', url, mode: 'cors', origin });
    if (STORED_AT_RUN_TIME.has(kind)) wanted.set(url.href, { url, kind });
  }
  return [...wanted.values()];
}
