import { buildSystemNotificationOptions, type SystemNotificationOptions } from '../lib/push-notification-options';

const DEFAULT_TITLE = 'Pulse Market';
const DEFAULT_URL = '/notifications';

export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

/** What the push's data can give: JSON, or plain text when it is not JSON. */
export interface PushPayload {
  json(): unknown;
  text(): string;
}

function readString(record: Record<string, unknown>, key: string): string | undefined {
  const value = record[key];
  return typeof value === 'string' && value ? value : undefined;
}

/** The server sends JSON {title, body, url, tag}; anything else still shows something sensible. */
export function readPushMessage(data: PushPayload | null | undefined): PushMessage {
  const fallback: PushMessage = { title: DEFAULT_TITLE, body: '', url: DEFAULT_URL };
  if (!data) return fallback;
  let parsed: unknown;
  try {
    parsed = data.json();
  } catch {
    return { ...fallback, body: data.text() };
  }
  if (typeof parsed !== 'object' || parsed === null) return fallback;
  const record = parsed as Record<string, unknown>;
  const tag = readString(record, 'tag');
  return {
    title: readString(record, 'title') ?? DEFAULT_TITLE,
    body: typeof record.body === 'string' ? record.body : '',
    url: readString(record, 'url') ?? DEFAULT_URL,
    ...(tag ? { tag } : {}),
  };
}

/**
 * Spec §4: the logo icon, the badge image and vibration 100/50/100, the same options as the open
 * tab's own system notification; the same tag makes one replace the other, never two.
 */
export function buildPushNotification(message: PushMessage): { title: string; options: SystemNotificationOptions } {
  return { title: message.title, options: buildSystemNotificationOptions(message) };
}

/** Only paths of this app: a notification can never send the person to another site. */
export function resolveAppUrl(value: unknown, origin: string): string {
  const home = new URL('/', origin).href;
  try {
    const url = new URL(typeof value === 'string' && value ? value : '/', origin);
    return url.origin === origin ? url.href : home;
  } catch {
    return home;
  }
}
