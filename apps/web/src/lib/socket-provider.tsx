import { useEffect, useState, type ReactNode } from 'react';
import { onSessionRenewed } from './auth/session-renewal';
import { isTokenUsable } from './auth/token';
import { useAuth } from './auth/use-auth';
import { SESSION_KEYS, readSessionValue } from './session-keys';
import type { RealtimeSocket } from './socket';
import { RealtimeContext, type RealtimeConnection } from './socket-context';

const NO_CONNECTION: RealtimeConnection = { socket: null, resyncCount: 0 };
/** The longest the socket waits for an idle moment. */
const SOCKET_START_WAIT_MS = 2000;

function whenIdle(run: () => void): { cancel: () => void } {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: SOCKET_START_WAIT_MS });
    return { cancel: () => window.cancelIdleCallback(handle) };
  }
  const timer = window.setTimeout(run, 0);
  return { cancel: () => window.clearTimeout(timer) };
}

/**
 * The real-time connection of spec §4: open while a signed-in user exists, announced with
 * `userConnected` after every (re)connect, closed on logout or when another user signs in.
 * Each browser tab holds its own socket.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const [connection, setConnection] = useState<RealtimeConnection>(NO_CONNECTION);

  useEffect(() => {
    if (userId === null) return;
    let cancelled = false;
    let socket: RealtimeSocket | null = null;
    let connectedBefore = false;

    const announceUser = () => {
      socket?.emit('userConnected', { userId });
      if (connectedBefore) {
        setConnection((current) => (current.socket === socket ? { ...current, resyncCount: current.resyncCount + 1 } : current));
      }
      connectedBefore = true;
    };
    // The client gives up after 5 attempts (spec §9); coming back online is a fresh reason to try.
    const reconnectWhenOnline = () => {
      if (socket && !socket.connected) socket.connect();
    };
    // The server closes a socket when the token it opened with expires; the session may have a
    // renewed token by then (decision 051), which opens it again.
    const reconnectWithRenewedToken = (reason: string) => {
      if (reason === 'io server disconnect' && isTokenUsable(readSessionValue(SESSION_KEYS.token), Date.now())) socket?.connect();
    };
    const stopRenewals = onSessionRenewed(reconnectWhenOnline);

    // Socket.IO's client is loaded only once someone signs in: visitors never download it. It waits
    // until the page has drawn what it came for (the browser's first idle moment, at most
    // SOCKET_START_WAIT_MS): its code takes a few hundred ms of a slow phone's main thread.
    const start = () => void import('./socket').then(({ createRealtimeSocket }) => {
      if (cancelled) return;
      socket = createRealtimeSocket();
      socket.on('connect', announceUser);
      socket.on('disconnect', reconnectWithRenewedToken);
      window.addEventListener('online', reconnectWhenOnline);
      setConnection({ socket, resyncCount: 0 });
      socket.connect();
    });
    const idle = whenIdle(start);

    return () => {
      cancelled = true;
      idle.cancel();
      stopRenewals();
      window.removeEventListener('online', reconnectWhenOnline);
      socket?.removeAllListeners();
      socket?.disconnect();
      setConnection(NO_CONNECTION);
    };
  }, [userId]);

  return <RealtimeContext.Provider value={connection}>{children}</RealtimeContext.Provider>;
}
