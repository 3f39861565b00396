import { isIP } from 'node:net';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1']);

/** The host without IPv6 brackets, as isIP and people expect it. */
function readHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

function isLoopback(url: URL): boolean {
  const host = readHost(url);
  return LOOPBACK_HOSTS.has(host) || host.endsWith('.localhost');
}

/**
 * VAPID's contact (RFC 8292 §2.1) must be an https: or mailto: URI. A public https address is the
 * natural contact; a local or plain-http instance has none, so it names its host in a mailto.
 */
export function buildVapidSubject(publicUrl: string): string {
  const url = new URL(publicUrl);
  if (url.protocol === 'https:' && !isLoopback(url)) return url.origin;
  return `mailto:webmaster@${readHost(url) || 'localhost'}`;
}

/**
 * Push services (FCM, Mozilla, Apple, Microsoft) are https hosts with DNS names. Anything else
 * (plain http, an IP address, a loopback name) is accepted only while the server itself runs on
 * loopback (local development and tests), so a stranger cannot make a public server post to
 * addresses inside its own network.
 */
export function isAllowedPushEndpoint(endpoint: string, publicUrl: string): boolean {
  if (!URL.canParse(endpoint)) return false;
  const target = new URL(endpoint);
  if (target.username || target.password) return false;
  if (isLoopback(new URL(publicUrl))) return target.protocol === 'https:' || (target.protocol === 'http:' && isLoopback(target));
  return target.protocol === 'https:' && !isLoopback(target) && isIP(readHost(target)) === 0;
}
