import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from './messages-i18n';
import { z } from 'zod';
import { ZId } from './ids';
import {
  type TChatOpenedPayload,
  type TMessageReceivedPayload,
  type TMessagesReadPayload,
  ZChatOpenedPayload,
  ZMessageReceivedPayload,
  ZMessagesReadPayload,
} from './messages';
import { ZDeliveryTaskListItem, ZDeliveryTaskStatus } from './delivery';
import { type THubPostCreatedPayload, ZHubPostCreatedPayload } from './hub';
import { ZNotification, ZNotificationSource } from './notifications';

/** The Socket.IO endpoint, on the same host and port as the API. */
export const REALTIME_PATH = '/socket.io';

/** Client options of spec §4/§9: credentials, reconnection on, 5 attempts, 1000 ms apart. */
export const realtimeClientOptions = {
  path: REALTIME_PATH,
  withCredentials: true,
  reconnection: true,
  reconnectionAttempts: 5,
  reconnectionDelay: 1000,
} as const;

/** The connect_error message when the token is missing, bad, revoked or expired. */
export const REALTIME_SESSION_EXPIRED_MESSAGE = contractMessage(msg`Your session has expired. Please log in again.`);
/** The connect_error message when the page's Origin is not on the allow-list. */
export const REALTIME_ORIGIN_REFUSED_MESSAGE = contractMessage(msg`Origin not allowed`);

export const realtimeEvents = {
  userConnected: 'userConnected',
  messageReceived: 'messageReceived',
  chatOpened: 'chatOpened',
  messagesRead: 'messagesRead',
  newNotification: 'newNotification',
  notificationRead: 'notificationRead',
  allNotificationsRead: 'allNotificationsRead',
  realtimeError: 'realtimeError',
  deliveryTaskOffered: 'deliveryTaskOffered',
  deliveryTaskUpdated: 'deliveryTaskUpdated',
  deliveryPosition: 'deliveryPosition',
  hubPostCreated: 'hubPostCreated',
} as const;
export type TRealtimeEventName = (typeof realtimeEvents)[keyof typeof realtimeEvents];

/** Sent by the client after connecting (spec §4, §8). */
export const ZUserConnectedPayload = z.object({ userId: ZId });
export type TUserConnectedPayload = z.infer<typeof ZUserConnectedPayload>;

/** Message payloads are the messaging module's (messages.ts); re-exported so the map is in one place. */
export { ZChatOpenedPayload, ZMessageReceivedPayload, ZMessagesReadPayload };
export type { TChatOpenedPayload, TMessageReceivedPayload, TMessagesReadPayload };

export const ZNewNotificationPayload = ZNotification;
export type TNewNotificationPayload = z.infer<typeof ZNewNotificationPayload>;

export const ZNotificationReadPayload = z.object({ id: ZId, source: ZNotificationSource });
export type TNotificationReadPayload = z.infer<typeof ZNotificationReadPayload>;

/** `source` absent: every notification of the user was marked read. */
export const ZAllNotificationsReadPayload = z.object({
  userId: ZId,
  source: ZNotificationSource.optional(),
});
export type TAllNotificationsReadPayload = z.infer<typeof ZAllNotificationsReadPayload>;

/** Sent to one socket when its request was refused (e.g. userConnected for another user). */
export const ZRealtimeErrorPayload = z.object({
  event: z.string(),
  message: z.string(),
});
export type TRealtimeErrorPayload = z.infer<typeof ZRealtimeErrorPayload>;

/**
 * A new open task (or one released / re-opened) near the agent: sent to each approved delivery agent
 * whose working radius covers the farm, in the list-item form (no street, no phone).
 */
export const ZDeliveryTaskOfferedPayload = ZDeliveryTaskListItem;
export type TDeliveryTaskOfferedPayload = z.infer<typeof ZDeliveryTaskOfferedPayload>;

/**
 * A task changed status: sent to the order's buyer and farm and to the holding agent; when an open
 * task is claimed or cancelled, also to the agents it was offered to (so it leaves their list).
 */
export const ZDeliveryTaskUpdatedPayload = z.object({
  taskId: ZId,
  orderId: ZId,
  status: ZDeliveryTaskStatus,
  agentUserId: ZId.nullable(),
  updatedAt: z.iso.datetime(),
});
export type TDeliveryTaskUpdatedPayload = z.infer<typeof ZDeliveryTaskUpdatedPayload>;

/** The holding agent's position while in transit: sent to that order's buyer and farm only. */
export const ZDeliveryPositionPayload = z.object({
  taskId: ZId,
  orderId: ZId,
  lat: z.number(),
  lng: z.number(),
  accuracy: z.number().nullable(),
  at: z.iso.datetime(),
});
export type TDeliveryPositionPayload = z.infer<typeof ZDeliveryPositionPayload>;

/** Pulse Hub's new-post signal (hub.ts). */
export { ZHubPostCreatedPayload };
export type { THubPostCreatedPayload };

export interface ServerToClientEvents {
  messageReceived: (payload: TMessageReceivedPayload) => void;
  chatOpened: (payload: TChatOpenedPayload) => void;
  /** Read receipt for the other member of a conversation (R2's messaging module sends it). */
  messagesRead: (payload: TMessagesReadPayload) => void;
  newNotification: (payload: TNewNotificationPayload) => void;
  notificationRead: (payload: TNotificationReadPayload) => void;
  allNotificationsRead: (payload: TAllNotificationsReadPayload) => void;
  realtimeError: (payload: TRealtimeErrorPayload) => void;
  deliveryTaskOffered: (payload: TDeliveryTaskOfferedPayload) => void;
  deliveryTaskUpdated: (payload: TDeliveryTaskUpdatedPayload) => void;
  deliveryPosition: (payload: TDeliveryPositionPayload) => void;
  hubPostCreated: (payload: THubPostCreatedPayload) => void;
}

export interface ClientToServerEvents {
  userConnected: (payload: TUserConnectedPayload) => void;
}

/** Events the server may send to a user's room, with their payload types. */
export type TUserEventName = Exclude<keyof ServerToClientEvents, 'realtimeError'>;
export type TUserEventPayload<E extends TUserEventName> = Parameters<ServerToClientEvents[E]>[0];

/** Room names; a user's sockets share `user:<id>`, a session's sockets share `session:<jti>`. */
export function buildUserRoom(userId: string): string {
  return `user:${userId}`;
}

export function buildSessionRoom(sessionId: string): string {
  return `session:${sessionId}`;
}
