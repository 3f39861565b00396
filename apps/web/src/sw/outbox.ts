import { sendQueuedPosts as sendOutbox } from '../features/hub/outbox/outbox-sender';
import { indexedDbOutbox } from '../features/hub/outbox/outbox-store';

/**
 * Spec §4 Other: background sync "sync-posts". Queued Pulse Hub posts wait in IndexedDB (database
 * "pulse-market", store "outbox", described once in features/hub/outbox/outbox-store.ts) until the
 * browser says the connection is back, or an open page says so (SEND_OUTBOX, its `online` event).
 * The worker's calls carry the session cookie (HttpOnly, same origin), which the API accepts as it
 * accepts the page's bearer token.
 */
export const SYNC_POSTS_TAG = 'sync-posts';

declare const self: ServiceWorkerGlobalScope;

interface RunSummary {
  waiting: number;
  offline: boolean;
  unreachable: boolean;
}

let running: Promise<RunSummary> | null = null;
let again = false;

/**
 * Passes until no request came in meanwhile. A later pass takes only posts this run has not tried
 * (one queued meanwhile): a burst of requests (online event, sync, Retry) must not spend a
 * post's tries in one go.
 */
async function runUntilQuiet(): Promise<RunSummary> {
  const tried = new Set<string>();
  let summary;
  do {
    again = false;
    summary = await sendOutbox(
      { storage: indexedDbOutbox, fetch: (input, init) => self.fetch(input, init), isOnline: () => self.navigator.onLine },
      { skip: tried },
    );
    for (const clientId of summary.tried) tried.add(clientId);
  } while (again && !summary.offline);
  return summary;
}

/**
 * One run at a time in this worker: a sync event and a page's request arriving together share the
 * run, and a post queued meanwhile is taken by one more pass.
 */
function sendOnce(): Promise<RunSummary> {
  if (running) {
    again = true;
    return running;
  }
  running = runUntilQuiet().finally(() => {
    running = null;
  });
  return running;
}

/** How long a page's request waits for this worker to see the connection the page already sees. */
const CONNECTION_WAIT_MS = 10_000;
const CONNECTION_POLL_MS = 250;

/**
 * A page's `online` event can come before the worker's own navigator.onLine turns true (each
 * context learns it separately, and the worker gets no `online` event of its own in every browser):
 * the page has seen the connection, so the worker looks again for a little while before giving up.
 */
async function waitForConnection(): Promise<void> {
  const giveUpAt = Date.now() + CONNECTION_WAIT_MS;
  while (!self.navigator.onLine && Date.now() < giveUpAt) {
    await new Promise((resolve) => setTimeout(resolve, CONNECTION_POLL_MS));
  }
}

/**
 * After a page said the connection is back, a try that got no answer at all is followed by another
 * a little later (each counts as a try, so at most 3): the device's network can report online a
 * moment before requests get through, and the browser's own sync would only come back minutes later.
 */
const NO_ANSWER_FOLLOW_UP_MS = [2_000, 5_000] as const;

/** A page asked (it came back online, or a person pressed Retry). */
export async function sendQueuedPostsNow(): Promise<void> {
  await waitForConnection();
  let summary = await sendOnce();
  for (const delay of NO_ANSWER_FOLLOW_UP_MS) {
    if (!summary.unreachable || summary.waiting === 0 || summary.offline) return;
    await new Promise((resolve) => setTimeout(resolve, delay));
    summary = await sendOnce();
  }
}

/**
 * The "sync-posts" event. It fails while posts still wait (offline, or the server did not answer
 * and fewer than 3 tries were made), so the browser runs it again later; a post refused or failed
 * 3 times waits for the person instead.
 */
export async function sendQueuedPosts(): Promise<void> {
  const summary = await sendOnce();
  if (summary.waiting > 0) throw new Error(summary.offline ? 'Offline: the queued posts wait' : 'Some queued posts could not be sent yet');
}
