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

/** Why delivery cannot be priced: the address is not on the map, or it is beyond the last band. */
export type DeliveryRefusal = 'address_not_located' | 'too_far';

export interface DeliveryQuote {
  /** Null when either end has no coordinates. */
  distanceKm: number | null;
  /** Null when delivery cannot be priced (`refusal` says why). */
  feeMinor: number | null;
  refusal: DeliveryRefusal | null;
}

/**
 * The fee for delivering from the farm to the address (decision 029). An address without
 * coordinates is never priced: the buyer places a pin first (no silent top band). A farm without
 * coordinates (its products name no origin point) costs the highest band, shown before paying.
 * Beyond the last band delivery is unavailable.
 */
export function quoteDelivery(
  bands: readonly DeliveryFeeBand[],
  farm: { lat: number | null; lng: number | null } | null,
  address: { lat: number | null; lng: number | null },
): DeliveryQuote {
  const highest = bands[bands.length - 1];
  if (address.lat === null || address.lng === null) return { distanceKm: null, feeMinor: null, refusal: 'address_not_located' };
  if (!highest) return { distanceKm: null, feeMinor: null, refusal: 'too_far' };
  if (!farm || farm.lat === null || farm.lng === null) return { distanceKm: null, feeMinor: highest.feeMinor, refusal: null };
  const distanceKm = Math.round(haversineKm({ lat: farm.lat, lng: farm.lng }, { lat: address.lat, lng: address.lng }) * 100) / 100;
  const band = bands.find((candidate) => distanceKm <= candidate.upToKm);
  return band ? { distanceKm, feeMinor: band.feeMinor, refusal: null } : { distanceKm, feeMinor: null, refusal: 'too_far' };
}
