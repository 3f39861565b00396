import { useEffect, useReducer } from 'react';
import { IconWifi, IconWifiOff } from '@tabler/icons-react';
import {
  BACK_ONLINE_MESSAGE,
  BACK_ONLINE_NOTICE_MS,
  OFFLINE_MESSAGE,
  getInitialOnlineIndicatorState,
  reduceOnlineIndicatorState,
} from './online-indicator-state';
import classes from './online-indicator.module.css';

function readIsOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
}

/**
 * The online/offline indicator (spec §1): a small banner while the browser is offline, and a
 * brief "Back online" when the connection returns. Follows the window's online/offline events.
 */
export function OnlineIndicator() {
  const [state, dispatch] = useReducer(reduceOnlineIndicatorState, undefined, () => getInitialOnlineIndicatorState(readIsOnline()));

  useEffect(() => {
    const handleOnline = () => dispatch('online');
    const handleOffline = () => dispatch('offline');
    window.addEventListener('online', handleOnline);
    window.addEventListener('offline', handleOffline);
    // The state may have changed between the first render and these listeners.
    dispatch(readIsOnline() ? 'online' : 'offline');
    return () => {
      window.removeEventListener('online', handleOnline);
      window.removeEventListener('offline', handleOffline);
    };
  }, []);

  useEffect(() => {
    if (state !== 'back-online') return;
    const timer = window.setTimeout(() => dispatch('notice-ended'), BACK_ONLINE_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  if (state === 'online') return null;
  const offline = state === 'offline';
  return (
    <div className={classes.indicator} role="status" data-testid="online-indicator" data-state={state}>
      {offline ? <IconWifiOff className={classes.icon} size={14} aria-hidden /> : <IconWifi className={classes.icon} size={14} aria-hidden />}
      <span>{offline ? OFFLINE_MESSAGE : BACK_ONLINE_MESSAGE}</span>
    </div>
  );
}
