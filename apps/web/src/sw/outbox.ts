/**
 * Spec §4 Other: background sync "sync-posts". Queued Pulse Hub posts wait in IndexedDB
 * (database "pulse-market", store "outbox") until the browser says the connection is back.
 */
export const SYNC_POSTS_TAG = 'sync-posts';
const OUTBOX_DATABASE = 'pulse-market';
const OUTBOX_DATABASE_VERSION = 1;
const OUTBOX_STORE = 'outbox';

/** A queued post: `path` an /api/ path of this origin, `body` the JSON to send. */
export interface OutboxEntry {
  id: IDBValidKey;
  path?: unknown;
  body?: unknown;
  idempotencyKey?: unknown;
}

/** What happens to an entry after one attempt; 'unreachable' means the rest would fail the same way. */
export type SendOutcome = 'sent' | 'dropped' | 'retry-later' | 'unreachable';

function openOutbox(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(OUTBOX_DATABASE, OUTBOX_DATABASE_VERSION);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(OUTBOX_STORE)) {
        request.result.createObjectStore(OUTBOX_STORE, { keyPath: 'id', autoIncrement: true });
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function runOutboxRequest<T>(database: IDBDatabase, mode: IDBTransactionMode, operate: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const transaction = database.transaction(OUTBOX_STORE, mode);
    const request = operate(transaction.objectStore(OUTBOX_STORE));
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

/** An outage (5xx), too many requests or a session that needs a fresh sign-in: keep it for later. */
export function isWorthRetrying(status: number): boolean {
  return status >= 500 || status === 429 || status === 401;
}

async function sendEntry(entry: OutboxEntry): Promise<SendOutcome> {
  if (typeof entry.path !== 'string' || !entry.path.startsWith('/api/')) return 'dropped';
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (typeof entry.idempotencyKey === 'string') headers['Idempotency-Key'] = entry.idempotencyKey;
  let response: Response;
  try {
    response = await fetch(entry.path, { method: 'POST', headers, body: JSON.stringify(entry.body ?? {}), credentials: 'same-origin' });
  } catch {
    return 'unreachable';
  }
  // A 4xx other than those is refused for good: sending it again would be refused again.
  return isWorthRetrying(response.status) ? 'retry-later' : 'sent';
}

/**
 * Sends every queued post in order. Sent entries and ones the server refuses for good leave the
 * outbox; when one must wait, this throws so the browser runs the sync again later.
 */
export async function sendQueuedPosts(): Promise<void> {
  const database = await openOutbox();
  try {
    const entries = await runOutboxRequest<OutboxEntry[]>(database, 'readonly', (store) => store.getAll() as IDBRequest<OutboxEntry[]>);
    let retryLater = false;
    for (const entry of entries) {
      const outcome = await sendEntry(entry);
      if (outcome === 'unreachable') {
        retryLater = true;
        break;
      }
      if (outcome === 'retry-later') {
        retryLater = true;
        continue;
      }
      await runOutboxRequest(database, 'readwrite', (store) => store.delete(entry.id));
    }
    if (retryLater) throw new Error('Some queued posts could not be sent yet');
  } finally {
    database.close();
  }
}
