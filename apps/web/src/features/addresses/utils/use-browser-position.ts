import { useState } from 'react';
import type { MapPoint } from '../../../components/delivery-map/map-geometry';

/**
 * "Use my location": asks the browser once for its position and hands it to `onPosition`;
 * `message` says why it did not work (no support, refused, timed out).
 */
export function useBrowserPosition(onPosition: (point: MapPoint) => void) {
  const [locating, setLocating] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setMessage('This browser cannot share its location. Place a pin on the map instead.');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        setMessage(null);
        onPosition({ lat: Number(position.coords.latitude.toFixed(6)), lng: Number(position.coords.longitude.toFixed(6)) });
      },
      () => {
        setLocating(false);
        setMessage('Location not shared. Place a pin on the map instead.');
      },
      { timeout: 10_000 },
    );
  };

  return { locate, locating, message, clearMessage: () => setMessage(null) };
}
