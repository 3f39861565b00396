import { API_URL } from '../../../config/env';

/** Uploaded pictures are served by the API host; absolute URLs are left as they are. */
export function resolveImageUrl(url: string | null): string | null {
  if (url === null || url === '') return null;
  return url.startsWith('/') && !url.startsWith('//') ? `${API_URL}${url}` : url;
}

/** A short, readable order reference: ids are UUIDv7, whose first digits are a timestamp shared by a checkout's orders. */
export function formatOrderNumber(orderId: string): string {
  return orderId.replace(/-/g, '').slice(-8).toUpperCase();
}
