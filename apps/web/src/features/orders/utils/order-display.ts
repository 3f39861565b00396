import { resolveMediaUrl } from '../../../lib/media-url';

/** A thumbnail's address, or null when the item has no picture (the avatar shows a leaf instead). */
export function resolveImageUrl(url: string | null): string | null {
  return url === null || url === '' ? null : resolveMediaUrl(url);
}

/** A short, readable order reference: ids are UUIDv7, whose first digits are a timestamp shared by a checkout's orders. */
export function formatOrderNumber(orderId: string): string {
  return orderId.replace(/-/g, '').slice(-8).toUpperCase();
}
