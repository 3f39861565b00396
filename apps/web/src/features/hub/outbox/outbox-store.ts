import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { TCreatePostInput } from '@pulse/contract/hub';

/**
 * The Pulse Hub outbox (spec §4 Other, background sync "sync-posts"): posts written while offline
 * wait in IndexedDB until they are sent. The one description of the store, used by the page
 * (features/hub/outbox) and by the service worker (src/sw/outbox.ts) alike, so it must run in both:
 * no window, no DOM, no service-worker globals.
 */
export const OUTBOX_DATABASE = 'pulse-market';
/** 1 was the hand-written worker's sketch (auto-increment ids, never written to by any page). */
export const OUTBOX_DATABASE_VERSION = 2;
export const OUTBOX_STORE = 'outbox';

export type OutboxState = 'waiting' | 'sending' | 'failed';

/** A photo of a queued post: the file itself until it is uploaded, then also its upload id. */
export interface OutboxPhoto {
  blob: Blob;
  name: string;
  /** Set once POST /api/uploads/images took it, so a later try does not upload it again. */
  uploadId: string | null;
}

/** One queued post as stored. */
export interface OutboxEntry {
  /** Made in the browser when the post was written; the server answers a repeat with the same post. */
  clientId: string;
  /** Who wrote it: only that person's session sends it (null when the page could not tell). */
  authorId: string | null;
  /** The body of POST /api/hub/posts; the photos' upload ids are added when they are uploaded. */
  input: TCreatePostInput;
  photos: OutboxPhoto[];
  /** Tries that reached no server or were refused (an offline device does not try). */
  tries: number;
  state: OutboxState;
  /** Why the last try failed, as the person should read it. */
  lastError: string | null;
  createdAt: string;
  /** When a sender (a worker or a page) took it; a claim older than the lease is abandoned. */
  sendingSince: string | null;
}

interface OutboxSchema extends DBSchema {
  outbox: { key: string; value: OutboxEntry; indexes: { 'by-created': string } };
}

type OutboxDatabase = IDBPDatabase<OutboxSchema>;

function openOutbox(): Promise<OutboxDatabase> {
  return openDB<OutboxSchema>(OUTBOX_DATABASE, OUTBOX_DATABASE_VERSION, {
    upgrade(database) {
      // Version 1's store had another key; no page ever wrote to it, so it is replaced.
      if (database.objectStoreNames.contains(OUTBOX_STORE)) database.deleteObjectStore(OUTBOX_STORE);
      const store = database.createObjectStore(OUTBOX_STORE, { keyPath: 'clientId' });
      store.createIndex('by-created', 'createdAt');
    },
  });
}

/** Opened for each use and closed after, so no tab or worker ever holds up a later version's upgrade. */
async function withOutbox<T>(work: (database: OutboxDatabase) => Promise<T>): Promise<T> {
  const database = await openOutbox();
  try {
    return await work(database);
  } finally {
    database.close();
  }
}

/**
 * What the sender and the page need from the store. The IndexedDB one below; the tests use a map.
 * `update` runs `change` inside one read-write transaction (null deletes, undefined leaves it), so
 * two senders (a worker and a page, two tabs) never both take the same entry.
 */
export interface OutboxStorage {
  list(): Promise<OutboxEntry[]>;
  add(entry: OutboxEntry): Promise<void>;
  update(clientId: string, change: (entry: OutboxEntry) => OutboxEntry | null | undefined): Promise<OutboxEntry | null>;
  remove(clientId: string): Promise<void>;
}

export const indexedDbOutbox: OutboxStorage = {
  list: () => withOutbox((database) => database.getAllFromIndex(OUTBOX_STORE, 'by-created')),
  add: (entry) =>
    withOutbox(async (database) => {
      await database.put(OUTBOX_STORE, entry);
    }),
  update: (clientId, change) =>
    withOutbox(async (database) => {
      const transaction = database.transaction(OUTBOX_STORE, 'readwrite');
      const current = await transaction.store.get(clientId);
      let result: OutboxEntry | null = current ?? null;
      if (current) {
        const next = change(current);
        if (next === null) {
          await transaction.store.delete(clientId);
          result = null;
        } else if (next !== undefined) {
          await transaction.store.put(next);
          result = next;
        }
      }
      await transaction.done;
      return result;
    }),
  remove: (clientId) => withOutbox((database) => database.delete(OUTBOX_STORE, clientId)),
};
