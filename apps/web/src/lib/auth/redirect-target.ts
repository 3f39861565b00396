const PLACEHOLDER_ORIGIN = 'https://pulse.invalid';

/**
 * Turns a `redirect` query value into a same-origin path, or null when it is unsafe.
 * Only paths starting with a single "/" are accepted: "//host" and "/\host" are read by browsers
 * as other origins (open redirect). The login page itself is refused so a redirect cannot loop.
 */
export function sanitizeRedirectTarget(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters and backslashes are normalised away by URL parsers in surprising ways.
  if ([...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f || char === '\\')) return null;
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return null;
  if (url.pathname === '/login') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
