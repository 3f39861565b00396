import type { WorkboxPlugin } from 'workbox-core';
import { markFromCache } from './from-cache-header';

/** What the plugin remembers during one request (Workbox keeps one state object per plugin and request). */
interface FallbackState {
  networkFailed?: boolean;
}

/**
 * Every API answer taken from the cache says so, for the page's "showing saved data", and says
 * why: after a failed fetch (the network refused or there is none) the page owes the person spec
 * §8's "Network Error"; after the network timeout the server's answer is merely late. Workbox's
 * NetworkFirst runs fetchDidFail before it looks in the cache, and the timeout's cache lookup runs
 * without any failure, which is how the two are told apart.
 */
export const markCachedAnswers: WorkboxPlugin = {
  fetchDidFail: async ({ state }) => {
    if (state) (state as FallbackState).networkFailed = true;
  },
  cachedResponseWillBeUsed: async ({ cachedResponse, state }) => {
    if (!cachedResponse) return null;
    return markFromCache(cachedResponse, (state as FallbackState | undefined)?.networkFailed ? 'network-error' : 'timeout');
  },
};
