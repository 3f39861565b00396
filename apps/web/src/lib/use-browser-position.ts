import { useState } from 'react';
import { t } from '@lingui/core/macro';
import type { MapPoint } from '../components/delivery-map/map-geometry';

/**
 * "Use my location": asks the browser once for its position and hands it to `onPosition`;
 * `message` says why it did not work (no support, refused, timed out).
 */
export function useBrowserPosition(onPosition: (point: MapPoint) => void) {
  const [locating, setLocating] = useState(false);
  // Why it did not work, worded when read (in the language of the moment).
  const [failure, setFailure] = useState<'unsupported' | 'refused' | null>(null);
  const message =
    failure === 'unsupported'
      ? t`This browser cannot share its location. Place a pin on the map instead.`
      : failure === 'refused'
        ? t`Location not shared. Place a pin on the map instead.`
        : null;

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setFailure('unsupported');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        setFailure(null);
        onPosition({ lat: Number(position.coords.latitude.toFixed(6)), lng: Number(position.coords.longitude.toFixed(6)) });
      },
      () => {
        setLocating(false);
        setFailure('refused');
      },
      { timeout: 10_000 },
    );
  };

  return { locate, locating, message, clearMessage: () => setFailure(null) };
}
