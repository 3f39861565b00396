import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useAuth } from '../../../lib/auth/use-auth';
import { hubQueryKeys } from '../api/hub-query-keys';
import { announce, listenToOutbox } from './outbox-channel';
import { currentOutboxAuthor, setOutboxAuthor } from './outbox-author';
import { requestOutboxSend, scheduleOutboxSend, watchConnection } from './outbox-connection';
import { isAuthoredBy, retryEntry, toOutboxItem, type TOutboxItem } from './outbox-state';
import { indexedDbOutbox } from './outbox-store';

/** The lists a sent post joins: every query whose key starts with one of these is refetched. */
const LISTS_WITH_NEW_POSTS: ReadonlyArray<readonly string[]> = [hubQueryKeys.feed, hubQueryKeys.profilePostsAll];

export interface UseOutbox {
  items: TOutboxItem[];
  retry(clientId: string): void;
  discard(clientId: string): void;
}

async function readItems(userId: string | null): Promise<TOutboxItem[]> {
  const now = new Date();
  const entries = await indexedDbOutbox.list();
  return entries.filter((entry) => isAuthoredBy(entry, userId)).map((entry) => toOutboxItem(entry, now));
}

/**
 * The signed-in person's queued posts, kept up to date as the service worker (or this page, without
 * one) sends or fails them; Retry puts a failed post back in line, Discard deletes it from the device.
 */
export function useOutbox(): UseOutbox {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [items, setItems] = useState<TOutboxItem[]>([]);
  const userId = user?.id ?? null;

  useEffect(() => {
    setOutboxAuthor(userId);
  }, [userId]);

  useEffect(() => {
    let active = true;
    const author = userId ?? currentOutboxAuthor();
    const refresh = () => {
      readItems(author)
        .then((next) => {
          if (active) setItems(next);
        })
        .catch((error: unknown) => console.warn('The queued posts could not be read', error));
    };
    refresh();
    const stop = listenToOutbox((news) => {
      refresh();
      if (news.type === 'sent') {
        for (const queryKey of LISTS_WITH_NEW_POSTS) void queryClient.invalidateQueries({ queryKey });
      }
    });
    // A page opened with posts still queued (written offline, the tab closed) sends them if it can.
    watchConnection();
    if (navigator.onLine) {
      void readItems(author).then((pending) => {
        if (active && pending.some((item) => item.state === 'waiting')) void requestOutboxSend();
      });
    }
    return () => {
      active = false;
      stop();
    };
  }, [userId, queryClient]);

  const retry = useCallback((clientId: string) => {
    void indexedDbOutbox
      .update(clientId, (entry) => (entry.state === 'failed' ? retryEntry(entry) : undefined))
      .then(async () => {
        announce({ type: 'changed' });
        if (navigator.onLine) await requestOutboxSend();
        else await scheduleOutboxSend();
      })
      .catch((error: unknown) => console.warn('The post could not be retried', error));
  }, []);

  const discard = useCallback((clientId: string) => {
    void indexedDbOutbox
      .remove(clientId)
      .then(() => announce({ type: 'changed' }))
      .catch((error: unknown) => console.warn('The post could not be discarded', error));
  }, []);

  return { items, retry, discard };
}
