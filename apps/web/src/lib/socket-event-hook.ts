import { useEffect, useRef } from 'react';
import type { z } from 'zod';
import {
  type ServerToClientEvents,
  ZAllNotificationsReadPayload,
  ZChatOpenedPayload,
  ZDeliveryPositionPayload,
  ZDeliveryTaskOfferedPayload,
  ZDeliveryTaskUpdatedPayload,
  ZHubPostCreatedPayload,
  ZMessageReceivedPayload,
  ZMessagesReadPayload,
  ZNewNotificationPayload,
  ZNotificationReadPayload,
  ZRealtimeErrorPayload,
} from '@pulse/contract/realtime';
import { useRealtimeConnection } from './socket-context';

type RealtimeEventName = keyof ServerToClientEvents;
type RealtimeEventPayload<E extends RealtimeEventName> = Parameters<ServerToClientEvents[E]>[0];

const PAYLOAD_SCHEMAS: { readonly [E in RealtimeEventName]: z.ZodType<RealtimeEventPayload<E>> } = {
  messageReceived: ZMessageReceivedPayload,
  chatOpened: ZChatOpenedPayload,
  messagesRead: ZMessagesReadPayload,
  newNotification: ZNewNotificationPayload,
  notificationRead: ZNotificationReadPayload,
  allNotificationsRead: ZAllNotificationsReadPayload,
  realtimeError: ZRealtimeErrorPayload,
  deliveryTaskOffered: ZDeliveryTaskOfferedPayload,
  deliveryTaskUpdated: ZDeliveryTaskUpdatedPayload,
  deliveryPosition: ZDeliveryPositionPayload,
  hubPostCreated: ZHubPostCreatedPayload,
};

/**
 * Calls `handler` with every payload of `event` on the current socket, checked against the
 * contract first: a payload the app does not understand is logged and dropped, never half-applied.
 * The latest handler is used without resubscribing, so callers need not memoise it.
 */
export function useSocketEvent<E extends RealtimeEventName>(event: E, handler: (payload: RealtimeEventPayload<E>) => void): void {
  const { socket } = useRealtimeConnection();
  const handlerRef = useRef(handler);

  useEffect(() => {
    handlerRef.current = handler;
  });

  useEffect(() => {
    if (!socket) return;
    const schema = PAYLOAD_SCHEMAS[event];
    const listener = (payload: unknown) => {
      const parsed = schema.safeParse(payload);
      if (!parsed.success) {
        console.warn(`Ignoring a malformed ${event} event`, parsed.error.issues);
        return;
      }
      handlerRef.current(parsed.data);
    };
    // socket.io's typed `on` cannot follow a generic event name; the schema above types the payload.
    const untyped = socket as unknown as { on: (name: string, fn: (payload: unknown) => void) => void; off: (name: string, fn: (payload: unknown) => void) => void };
    untyped.on(event, listener);
    return () => untyped.off(event, listener);
  }, [socket, event]);
}
