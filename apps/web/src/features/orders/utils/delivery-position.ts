import type { TGetOrderDeliveryResponse } from '@pulse/contract/delivery';
import type { TDeliveryPositionPayload } from '@pulse/contract/realtime';

/** The delivery with the agent's newest position (an older one arriving late is ignored). */
export function withPosition(delivery: TGetOrderDeliveryResponse, position: TDeliveryPositionPayload): TGetOrderDeliveryResponse {
  if (delivery.task && delivery.task.id !== position.taskId) return delivery;
  if (delivery.position && Date.parse(delivery.position.at) > Date.parse(position.at)) return delivery;
  return { ...delivery, position: { lat: position.lat, lng: position.lng, accuracy: position.accuracy, at: position.at } };
}

/** "about 12 min" / "about 1 h 5 min" until `etaAt`, "any minute now" when past, or null without an estimate. */
export function formatEta(etaAt: string | null, now: number): string | null {
  if (!etaAt) return null;
  const minutes = Math.round((Date.parse(etaAt) - now) / 60_000);
  if (minutes <= 1) return 'any minute now';
  if (minutes < 60) return `about ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `about ${hours} h` : `about ${hours} h ${rest} min`;
}
