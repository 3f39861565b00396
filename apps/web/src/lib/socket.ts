import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@pulse/contract/realtime';
import { realtimeClientOptions } from '@pulse/contract/realtime';
import { API_URL } from '../config/env';
import { SESSION_KEYS, readSessionValue } from './session-keys';

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * A socket to the backend host (VITE_API_URL, or this page's origin when empty), not yet connected.
 * The token is read on every (re)connection attempt, so a renewed session token is used at once;
 * without one the server falls back to the HttpOnly session cookie (withCredentials).
 */
export function createRealtimeSocket(): RealtimeSocket {
  const options = {
    ...realtimeClientOptions,
    autoConnect: false,
    auth: (deliver: (data: Record<string, unknown>) => void) => {
      const token = readSessionValue(SESSION_KEYS.token);
      deliver(token ? { token } : {});
    },
  };
  return API_URL === '' ? io(options) : io(API_URL, options);
}
