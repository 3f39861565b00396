import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from './messages-i18n';
import { z } from 'zod';
import { getToastTarget } from './notification-targets';
import { notificationTitles, type TNotification } from './notifications';

/** The VAPID application server key (base64url, uncompressed P-256 point) for pushManager.subscribe. */
export const ZPushPublicKeyResponse = z.object({ publicKey: z.string() });
export type TPushPublicKeyResponse = z.infer<typeof ZPushPublicKeyResponse>;

const endpointMessage = 'Must be the push service URL of the subscription';

const ZPushEndpoint = z.url({ protocol: /^https?$/, message: endpointMessage }).max(2048, { message: endpointMessage });

/**
 * The keys of PushSubscription.toJSON(): p256dh is a 65-byte uncompressed point (starts with 0x04,
 * so its base64url starts with "B"), auth a 16-byte secret; padding is tolerated.
 */
export const ZPushSubscriptionKeys = z.object({
  p256dh: z.string().max(88).regex(/^B[A-Za-z0-9_-]{86}=?$/, { message: contractMessage(msg`Must be the base64url P-256 public key of the subscription`) }),
  auth: z.string().max(24).regex(/^[A-Za-z0-9_-]{22}(==)?$/, { message: contractMessage(msg`Must be the base64url 16-byte auth secret of the subscription`) }),
});

export const ZSavePushSubscriptionBody = z.object({
  endpoint: ZPushEndpoint,
  keys: ZPushSubscriptionKeys,
});
export type TSavePushSubscriptionBody = z.infer<typeof ZSavePushSubscriptionBody>;

export const ZPushSubscription = z.object({
  endpoint: z.string(),
  created_at: z.iso.datetime(),
});
export type TPushSubscription = z.infer<typeof ZPushSubscription>;

export const ZDeletePushSubscriptionBody = z.object({ endpoint: ZPushEndpoint });
export type TDeletePushSubscriptionBody = z.infer<typeof ZDeletePushSubscriptionBody>;

/** What the service worker receives in a push event (JSON, encrypted per RFC 8291). */
export const ZPushPayload = z.object({
  title: z.string(),
  body: z.string(),
  /** Same-origin path opened when the system notification is clicked. */
  url: z.string(),
  /** The notification id: the system notification's tag, so a repeat replaces rather than stacks. */
  tag: z.string(),
});
export type TPushPayload = z.infer<typeof ZPushPayload>;

export function buildPushPayload(notification: Pick<TNotification, 'id' | 'source' | 'type' | 'message' | 'related_entity_id' | 'content_type'>): TPushPayload {
  return {
    title: notificationTitles[notification.type],
    body: notification.message,
    url: getToastTarget(notification),
    tag: notification.id,
  };
}
