/** The short order reference buyers see on their pages (last 8 hex digits of the id). */
export function formatOrderReference(orderId: string): string {
  return orderId.replace(/-/g, '').slice(-8).toUpperCase();
}
