/**
 * The outbox's news, between whoever sends (the service worker, or a page without one) and every
 * open page of the app: a BroadcastChannel, which reaches all tabs of this origin and works in
 * windows and workers alike (the worker's client.postMessage would reach only the tabs it controls).
 */
export const OUTBOX_CHANNEL = 'pulse-outbox';

export type OutboxNews =
  /** Something in the outbox changed (queued, taken, failed, retried, discarded): read it again. */
  | { type: 'changed' }
  /** A queued post is published: feeds that show it are out of date. */
  | { type: 'sent'; clientId: string; postId: string };

export function isOutboxNews(data: unknown): data is OutboxNews {
  if (typeof data !== 'object' || data === null) return false;
  const record = data as { type?: unknown; clientId?: unknown; postId?: unknown };
  if (record.type === 'changed') return true;
  return record.type === 'sent' && typeof record.clientId === 'string' && typeof record.postId === 'string';
}

/** Tells every page; does nothing where BroadcastChannel is missing (the page then reads on its own events). */
export function announce(news: OutboxNews): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(OUTBOX_CHANNEL);
  try {
    channel.postMessage(news);
  } finally {
    channel.close();
  }
}

/** Listens for outbox news; returns the function that stops listening. */
export function listenToOutbox(onNews: (news: OutboxNews) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(OUTBOX_CHANNEL);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (isOutboxNews(event.data)) onNews(event.data);
  };
  return () => channel.close();
}
