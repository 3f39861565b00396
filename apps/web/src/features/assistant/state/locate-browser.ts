const LOCATE_TIMEOUT_MS = 10_000;
const POSITION_MAX_AGE_MS = 5 * 60_000;

/**
 * The browser's position for a "near me" question, asked at that moment (the browser shows its
 * own permission prompt); null when refused, unavailable or too slow: the question is then sent
 * without it and the server uses the default address or asks for a town.
 */
export function locateBrowser(): Promise<{ lat: number; lng: number } | null> {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    // Some browsers never call back when the prompt is dismissed: give up after the time-out.
    const timer = setTimeout(() => resolve(null), LOCATE_TIMEOUT_MS + 1000);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        clearTimeout(timer);
        resolve({ lat: position.coords.latitude, lng: position.coords.longitude });
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
      { enableHighAccuracy: false, timeout: LOCATE_TIMEOUT_MS, maximumAge: POSITION_MAX_AGE_MS },
    );
  });
}
