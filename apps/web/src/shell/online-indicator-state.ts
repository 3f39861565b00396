/** What the connection indicator shows: nothing, the offline banner, or a short "Back online". */
export type OnlineIndicatorState = 'online' | 'offline' | 'back-online';
export type OnlineIndicatorEvent = 'online' | 'offline' | 'notice-ended';

export const OFFLINE_MESSAGE = 'You are offline. Changes will be sent when you reconnect.';
export const BACK_ONLINE_MESSAGE = 'Back online';
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
