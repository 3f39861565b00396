import { useEffect, useRef, useState } from 'react';
import { postTaskPosition } from '../api/post-task-position';
import { shouldSendPosition, type SentPosition } from '../utils/position-throttle';

export type SharingState = 'off' | 'starting' | 'on' | 'denied' | 'unsupported' | 'failing';

/**
 * Shares the browser's position for one in-transit task: navigator.geolocation.watchPosition,
 * throttled (10 s or 50 m), posted to the task. Runs only while `active`; stops when the task is
 * delivered or failed (active turns false) and when the page unmounts.
 */
export function usePositionSharing(taskId: string, active: boolean): SharingState {
  const [state, setState] = useState<SharingState>('off');
  const lastSentRef = useRef<SentPosition | null>(null);

  useEffect(() => {
    if (!active) {
      setState('off');
      return;
    }
    if (!('geolocation' in navigator)) {
      setState('unsupported');
      return;
    }
    setState('starting');
    let stopped = false;
    const watchId = navigator.geolocation.watchPosition(
      (position) => {
        if (stopped) return;
        const next: SentPosition = { lat: position.coords.latitude, lng: position.coords.longitude, at: Date.now() };
        if (!shouldSendPosition(lastSentRef.current, next)) return;
        lastSentRef.current = next;
        const accuracy = Number.isFinite(position.coords.accuracy) ? Math.min(position.coords.accuracy, 100_000) : undefined;
        postTaskPosition(taskId, { lat: next.lat, lng: next.lng, ...(accuracy !== undefined ? { accuracy } : {}) }).then(
          () => {
            if (!stopped) setState('on');
          },
          () => {
            if (!stopped) setState('failing');
          },
        );
      },
      (error) => {
        if (stopped) return;
        setState(error.code === error.PERMISSION_DENIED ? 'denied' : 'failing');
      },
      { enableHighAccuracy: true, maximumAge: 5_000, timeout: 30_000 },
    );
    return () => {
      stopped = true;
      navigator.geolocation.clearWatch(watchId);
      lastSentRef.current = null;
    };
  }, [taskId, active]);

  return state;
}
