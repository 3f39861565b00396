import { i18n } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { formatMoment, type FormatOptions } from '../lib/format-core';

/** What the connection indicator shows: nothing, the offline banner, or a short "Back online". */
export type OnlineIndicatorState = 'online' | 'offline' | 'back-online';
export type OnlineIndicatorEvent = 'online' | 'offline' | 'notice-ended';

export const OFFLINE_MESSAGE = msg`You are offline. Changes will be sent when you reconnect.`;
export const BACK_ONLINE_MESSAGE = msg`Back online`;
/** Long enough to read, short enough not to linger. */
export const BACK_ONLINE_NOTICE_MS = 3_000;

export function getInitialOnlineIndicatorState(isOnline: boolean): OnlineIndicatorState {
  return isOnline ? 'online' : 'offline';
}

/** "Back online" only follows an offline spell; a duplicate event changes nothing. */
export function reduceOnlineIndicatorState(state: OnlineIndicatorState, event: OnlineIndicatorEvent): OnlineIndicatorState {
  switch (event) {
    case 'offline':
      return 'offline';
    case 'online':
      return state === 'offline' ? 'back-online' : state;
    case 'notice-ended':
      return state === 'back-online' ? 'online' : state;
  }
}

/** When the server does not answer but the page shows what the service worker saved (a timeout). */
export const SERVER_NOT_ANSWERING_MESSAGE = msg`The server is not answering.`;

/**
 * Texts in the active language when called (the indicator renders again on a language switch: it
 * reads the language through useLingui).
 *
 * The second sentence while data on screen came from the cache (0: its time is unknown): the clock
 * for a time today, the day and the clock before; `format` (locale, zone) only for tests.
 */
export function describeSavedData(savedAt: number, now: number, format?: FormatOptions): string {
  if (savedAt <= 0) return t`Showing saved data.`;
  const moment = formatMoment(savedAt, now, format);
  return t`Showing saved data from ${moment}.`;
}

export interface OnlineIndicatorView {
  /** data-state of the banner, and its colour. */
  tone: 'offline' | 'back-online' | 'saved';
  lines: string[];
}

/**
 * What the banner says: nothing while online with live data; offline, that it is, plus since when
 * the data on screen was saved if it came from the cache; "Back online"; and, online, when the
 * server did not answer in time and saved data shows instead.
 */
export function describeOnlineIndicator(state: OnlineIndicatorState, savedAt: number | null, now: number, format?: FormatOptions): OnlineIndicatorView | null {
  const savedLine = savedAt === null ? [] : [describeSavedData(savedAt, now, format)];
  switch (state) {
    case 'offline':
      return { tone: 'offline', lines: [i18n._(OFFLINE_MESSAGE), ...savedLine] };
    case 'back-online':
      return { tone: 'back-online', lines: [i18n._(BACK_ONLINE_MESSAGE)] };
    case 'online':
      return savedAt === null ? null : { tone: 'saved', lines: [i18n._(SERVER_NOT_ANSWERING_MESSAGE), ...savedLine] };
  }
}
