/** A point on the map, degrees. */
export interface MapPoint {
  lat: number;
  lng: number;
}

/** Where a pin map opens when nothing nearer is known: the demo farms' region (Accra). */
export const DEFAULT_MAP_CENTRE: MapPoint = { lat: 5.6037, lng: -0.187 };

const EARTH_RADIUS_KM = 6371;

function radians(degrees: number): number {
  return (degrees * Math.PI) / 180;
}

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(from: MapPoint, to: MapPoint): number {
  const dLat = radians(to.lat - from.lat);
  const dLng = radians(to.lng - from.lng);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.lat)) * Math.cos(radians(to.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The points that are known, in drawing order (farm, agent, drop-off): the route line follows them. */
export function routePoints(farm: MapPoint | null, agent: MapPoint | null, dropOff: MapPoint | null): MapPoint[] {
  return [farm, agent, dropOff].filter((point): point is MapPoint => point !== null);
}

/** South-west and north-east corners around the points, or null when there is none. */
export function boundsOf(points: readonly MapPoint[]): [[number, number], [number, number]] | null {
  if (points.length === 0) return null;
  let south = Infinity;
  let west = Infinity;
  let north = -Infinity;
  let east = -Infinity;
  for (const point of points) {
    south = Math.min(south, point.lat);
    north = Math.max(north, point.lat);
    west = Math.min(west, point.lng);
    east = Math.max(east, point.lng);
  }
  return [
    [south, west],
    [north, east],
  ];
}

/**
 * Minutes until arrival at an average speed, rounded up to whole minutes (at least 1), or null when
 * the agent's position or the drop-off is unknown.
 */
export function estimateArrivalMinutes(agent: MapPoint | null, dropOff: MapPoint | null, speedKmh: number): number | null {
  if (!agent || !dropOff || speedKmh <= 0) return null;
  const km = distanceKm(agent, dropOff);
  return Math.max(1, Math.ceil((km / speedKmh) * 60));
}
