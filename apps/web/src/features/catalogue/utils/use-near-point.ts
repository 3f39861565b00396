import { useCallback, useState } from 'react';
import type { NearPoint } from './listing-filters';

// Kept for the tab's life so Back to a "Nearest" search does not ask for the location again. Not in
// the address: a shared link must not carry where its author stands.
let rememberedPoint: NearPoint | null = null;

const LOCATION_TIMEOUT_MS = 10_000;

function readPosition(): Promise<NearPoint> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error('This browser cannot share its location.'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ lat: Math.round(position.coords.latitude * 1e4) / 1e4, lng: Math.round(position.coords.longitude * 1e4) / 1e4 }),
      (error) => reject(new Error(error.message || 'Location refused')),
      { enableHighAccuracy: false, timeout: LOCATION_TIMEOUT_MS, maximumAge: 10 * 60_000 },
    );
  });
}

/** The person's approximate location for the "Nearest" sort, asked for only when they choose it. */
export function useNearPoint() {
  const [point, setPoint] = useState<NearPoint | null>(rememberedPoint);
  const [locating, setLocating] = useState(false);

  const locate = useCallback(async (): Promise<NearPoint | null> => {
    if (rememberedPoint) return rememberedPoint;
    setLocating(true);
    try {
      const found = await readPosition();
      rememberedPoint = found;
      setPoint(found);
      return found;
    } catch {
      return null;
    } finally {
      setLocating(false);
    }
  }, []);

  return { point, locating, locate };
}
