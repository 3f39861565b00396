/**
 * Staying signed in (decision 051), without zod so the web app's first page can read it: the route
 * that hands out a fresh session token, and the HttpOnly cookie, sent to that route only, that
 * brings a session kept signed in back to a new tab.
 */
export const SESSION_RENEWAL_PATH = '/api/auth/session';
export const RENEWAL_COOKIE_NAME = 'pulse_keep';
