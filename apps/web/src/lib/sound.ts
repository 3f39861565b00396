/** The bell of spec §1/§7, served from apps/web/public/sounds. */
export const NOTIFICATION_SOUND_URL = '/sounds/bell.mp3';

/**
 * Plays the bell once. A fresh element each time lets bells overlap when notifications arrive
 * together. Browsers refuse to play before the user has interacted with the page; that refusal is
 * expected and silent, the toast still shows.
 */
export function playNotificationSound(): void {
  try {
    const audio = new Audio(NOTIFICATION_SOUND_URL);
    audio.volume = 0.6;
    void audio.play().catch(() => undefined);
  } catch {
    // No Audio support (very old or locked-down browsers): the toast is enough.
  }
}
