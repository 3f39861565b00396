/** Session storage keys named by spec §9; other parts of the app read the same keys. */
export const SESSION_KEYS = {
  token: 'jwt_token',
  mode: 'userMode',
  logoutMessage: 'logout_message',
  redirectDestination: 'auth_redirect_destination',
} as const;

export type SessionKey = (typeof SESSION_KEYS)[keyof typeof SESSION_KEYS];

// Storage can throw (private mode, disabled storage); the app must keep working without it.
export function readSessionValue(key: SessionKey): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSessionValue(key: SessionKey, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // Nothing to fall back to: the value only lives for this page.
  }
}

export function removeSessionValue(key: SessionKey): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // See writeSessionValue.
  }
}

/** Reads a value and removes it, for values that must be used only once. */
export function takeSessionValue(key: SessionKey): string | null {
  const value = readSessionValue(key);
  if (value !== null) removeSessionValue(key);
  return value;
}
