import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import type { TGetOrderDeliveryResponse } from '@pulse/contract/delivery';
import type { TDeliveryPositionPayload } from '@pulse/contract/realtime';

/** The delivery with the agent's newest position (an older one arriving late is ignored). */
export function withPosition(delivery: TGetOrderDeliveryResponse, position: TDeliveryPositionPayload): TGetOrderDeliveryResponse {
  if (delivery.task && delivery.task.id !== position.taskId) return delivery;
  if (delivery.position && Date.parse(delivery.position.at) > Date.parse(position.at)) return delivery;
  return { ...delivery, position: { lat: position.lat, lng: position.lng, accuracy: position.accuracy, at: position.at } };
}

/** "about 12 min" / "about 1 h 5 min" until `etaAt`, "any minute now" when past, or null without an estimate. */
export function formatEta(etaAt: string | null, now: number, i18n: I18n): string | null {
  if (!etaAt) return null;
  const minutes = Math.round((Date.parse(etaAt) - now) / 60_000);
  if (minutes <= 1) return i18n._(msg`any minute now`);
  if (minutes < 60) return i18n._(msg`about ${minutes} min`);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? i18n._(msg`about ${hours} h`) : i18n._(msg`about ${hours} h ${rest} min`);
}
