/** Delivery fee by distance band: the distance from the farm to the address, great-circle. */

export interface DeliveryFeeBand {
  upToKm: number;
  feeMinor: number;
}

const EARTH_RADIUS_KM = 6371.0088;

function toRadians(degrees: number): number {
  return (degrees * Math.PI) / 180;
}

/** Haversine distance in kilometres between two points given in degrees. */
export function haversineKm(from: { lat: number; lng: number }, to: { lat: number; lng: number }): number {
  const dLat = toRadians(to.lat - from.lat);
  const dLng = toRadians(to.lng - from.lng);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(from.lat)) * Math.cos(toRadians(to.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

export interface DeliveryQuote {
  /** Null when either end has no coordinates (then the highest band applies). */
  distanceKm: number | null;
  /** Null when the address is beyond the last band: delivery is not offered. */
  feeMinor: number | null;
}

/**
 * The fee for delivering from the farm to the address. Unknown coordinates on either side cost the
 * highest band (the farm may be far); beyond the last band delivery is unavailable.
 */
export function quoteDelivery(
  bands: readonly DeliveryFeeBand[],
  farm: { lat: number | null; lng: number | null } | null,
  address: { lat: number | null; lng: number | null } | null,
): DeliveryQuote {
  const highest = bands[bands.length - 1];
  if (!highest) return { distanceKm: null, feeMinor: null };
  if (!farm || !address || farm.lat === null || farm.lng === null || address.lat === null || address.lng === null) {
    return { distanceKm: null, feeMinor: highest.feeMinor };
  }
  const distanceKm = Math.round(haversineKm({ lat: farm.lat, lng: farm.lng }, { lat: address.lat, lng: address.lng }) * 100) / 100;
  const band = bands.find((candidate) => distanceKm <= candidate.upToKm);
  return { distanceKm, feeMinor: band ? band.feeMinor : null };
}
