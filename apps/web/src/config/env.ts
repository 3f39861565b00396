/**
 * Build-time settings (Vite replaces import.meta.env at build). Plain reads on purpose: this runs
 * on the first page, which does not load zod; both values are free text with a default.
 */
const appName = (import.meta.env.VITE_APP_NAME ?? '').trim();

export const APP_NAME = appName === '' ? 'Pulse Market' : appName;
// Empty means "same origin": the server serves the built app and /api together.
export const API_URL = (import.meta.env.VITE_API_URL ?? '').replace(/\/+$/, '');
