import { createContext, useContext } from 'react';
import type { RealtimeSocket } from './socket';

export interface RealtimeConnection {
  /** The signed-in user's socket; null for visitors. */
  socket: RealtimeSocket | null;
  /**
   * Goes up each time the socket connects again after losing its connection. Events sent meanwhile
   * were missed, so whoever keeps live state refetches it when this changes.
   */
  resyncCount: number;
}

export const RealtimeContext = createContext<RealtimeConnection>({ socket: null, resyncCount: 0 });

export function useRealtimeConnection(): RealtimeConnection {
  return useContext(RealtimeContext);
}
