import { distanceKm, type MapPoint } from '../../../components/delivery-map/map-geometry';

/** Send a position at most this often... */
export const POSITION_MIN_INTERVAL_MS = 10_000;
/** ...unless the agent moved at least this far since the last one sent. */
export const POSITION_MIN_DISTANCE_M = 50;

export interface SentPosition extends MapPoint {
  at: number;
}

/**
 * Whether a new browser position should be sent: always the first; then when 10 s have passed or
 * the agent moved 50 m, whichever comes first (a still agent sends every 10 s, a fast one every 50 m).
 */
export function shouldSendPosition(last: SentPosition | null, next: SentPosition): boolean {
  if (!last) return true;
  if (next.at - last.at >= POSITION_MIN_INTERVAL_MS) return true;
  return distanceKm(last, next) * 1000 >= POSITION_MIN_DISTANCE_M;
}
