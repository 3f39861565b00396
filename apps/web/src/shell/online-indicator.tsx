import { useLingui } from '@lingui/react';
import { useEffect, useReducer, useSyncExternalStore } from 'react';
import { IconCloudOff, IconWifi, IconWifiOff } from '@tabler/icons-react';
import { savedDataStore } from '../lib/service-worker-saved-data';
import { BACK_ONLINE_NOTICE_MS, describeOnlineIndicator, getInitialOnlineIndicatorState, reduceOnlineIndicatorState } from './online-indicator-state';
import classes from './online-indicator.module.css';

function readIsOnline(): boolean {
  // Node has a navigator without onLine: a page rendered on the server is online.
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

const ICONS = { offline: IconWifiOff, 'back-online': IconWifi, saved: IconCloudOff } as const;

/**
 * The online/offline indicator (spec §1): a small banner while the browser is offline, and a
 * brief "Back online" when the connection returns. Follows the window's online/offline events.
 * When data on screen came from the service worker's cache it says since when
 * (lib/service-worker-saved-data.ts).
 */
export function OnlineIndicator() {
  const [state, dispatch] = useReducer(reduceOnlineIndicatorState, undefined, () => getInitialOnlineIndicatorState(readIsOnline()));
  // Read so the banner renders again in a newly chosen language.
  useLingui();
  const savedAt = useSyncExternalStore(savedDataStore.subscribe, savedDataStore.getSnapshot, () => null);

  useEffect(() => {
    const handleOnline = () => {
      // What shows is about to be asked again (queries refetch on reconnect).
      savedDataStore.clear();
      dispatch('online');
    };
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

  const view = describeOnlineIndicator(state, savedAt, Date.now());
  if (!view) return null;
  const Icon = ICONS[view.tone];
  return (
    <div className={classes.indicator} role="status" data-testid="online-indicator" data-state={view.tone}>
      <Icon className={classes.icon} size={14} aria-hidden />
      <span>{view.lines.join(' ')}</span>
    </div>
  );
}
