import { msg } from '@lingui/core/macro';
/** Spec §8's text; read with i18n._() when it is written for the person (the login page shows it). */
export const SESSION_EXPIRED_MESSAGE = msg`Your session has expired. Please log in again.`;
// The sign-in errors' texts (the login page may show them): read with i18n._() when thrown.
export const INVALID_LOGIN_DATA_MESSAGE = msg`Invalid login data`;
export const INVALID_TOKEN_MESSAGE = msg`Invalid or expired token`;
export const USER_AUTH_REQUIRED_MESSAGE = msg`User authentication required`;
/** Session length assumed when the token payload carries no expiry (spec §9). */
export const DEFAULT_SESSION_MS = 60 * 60 * 1000;
