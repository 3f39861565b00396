/**
 * A visitor's "Add to basket", kept across the sign-in it needs (decision 038). The spec's
 * auth_redirect_destination still brings the visitor back to the product; this remembers what to
 * add there, and lets /login say why it is asked. Session storage: the intent dies with the tab,
 * and it is honoured only for PENDING_ADD_TTL_MS, so an old tap never surprises a later visit.
 */
const PENDING_ADD_KEY = 'pending_basket_add';

export const PENDING_ADD_TTL_MS = 30 * 60 * 1000;

export interface PendingBasketAdd {
  productId: string;
  title: string;
  quantity: number;
  savedAt: number;
}

function isPendingBasketAdd(value: unknown): value is PendingBasketAdd {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.productId === 'string' &&
    typeof candidate.title === 'string' &&
    typeof candidate.quantity === 'number' &&
    Number.isInteger(candidate.quantity) &&
    candidate.quantity > 0 &&
    typeof candidate.savedAt === 'number'
  );
}

export function savePendingBasketAdd(add: Omit<PendingBasketAdd, 'savedAt'>, now = Date.now()): void {
  try {
    globalThis.sessionStorage.setItem(PENDING_ADD_KEY, JSON.stringify({ ...add, savedAt: now }));
  } catch {
    // Storage refused (private mode): the visitor comes back to the product and taps again.
  }
}

/** The pending add if there is a fresh, well-formed one; a stale or broken one is removed. */
export function readPendingBasketAdd(now = Date.now()): PendingBasketAdd | null {
  let raw: string | null;
  try {
    raw = globalThis.sessionStorage.getItem(PENDING_ADD_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = null;
  }
  if (isPendingBasketAdd(parsed) && now - parsed.savedAt >= 0 && now - parsed.savedAt <= PENDING_ADD_TTL_MS) return parsed;
  clearPendingBasketAdd();
  return null;
}

export function clearPendingBasketAdd(): void {
  try {
    globalThis.sessionStorage.removeItem(PENDING_ADD_KEY);
  } catch {
    // Nothing stored then.
  }
}

/** The pending add of this product, removed so that it is carried out once; null for any other product. */
export function takePendingBasketAdd(productId: string, now = Date.now()): PendingBasketAdd | null {
  const pending = readPendingBasketAdd(now);
  if (!pending || pending.productId !== productId) return null;
  clearPendingBasketAdd();
  return pending;
}
