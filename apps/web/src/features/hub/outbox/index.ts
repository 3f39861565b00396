/**
 * Offline posting for Pulse Hub (issue 12, item 8): `sendPost` publishes or queues, `useOutbox` and
 * `<OutboxList />` show what waits. The service worker's side is src/sw/outbox.ts.
 */
export { sendPost, type SendPostInput, type SendPostResult } from './send-post';
export { useOutbox, type UseOutbox } from './use-outbox';
export { OutboxList } from './outbox-list';
export type { TOutboxItem } from './outbox-state';
