const DEFAULT_APP_NAME = 'Pulse Market';

/** The product name is configurable per deployment; blank values fall back so headings never read empty. */
export function getAppName(): string {
  const configured: unknown = import.meta.env.VITE_APP_NAME;
  return typeof configured === 'string' && configured.trim() !== '' ? configured.trim() : DEFAULT_APP_NAME;
}
