import type { TPickupPoint } from '@pulse/contract/orders';

/**
 * A directions link to the farm's point: the maps web address opens the maps app on a phone (Android
 * and iOS hand it over) and a map in a desktop browser, where a `geo:` link would do nothing.
 * Null when the farm gave no point.
 */
export function pickupDirectionsUrl(point: Pick<TPickupPoint, 'lat' | 'lng'>): string | null {
  if (point.lat === null || point.lng === null) return null;
  const destination = `${point.lat.toFixed(6)},${point.lng.toFixed(6)}`;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

/** The `tel:` address of a phone number as the farm wrote it (spaces, dashes and brackets dropped). */
export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** The address lines of a pickup point: the farm, then its town or region when given. */
export function pickupAddressLines(point: Pick<TPickupPoint, 'farmName' | 'place'>): string[] {
  return [point.farmName, point.place].filter((line) => line.trim() !== '');
}
