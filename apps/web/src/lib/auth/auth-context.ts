import { createContext } from 'react';
import type { TUser } from '@pulse/contract/users';
import type { UserMode } from './user-mode';

export interface AuthContextValue {
  user: TUser | null;
  token: string | null;
  /** Epoch milliseconds when the session ends, null when signed out. */
  expiresAt: number | null;
  /** A user from the server, or a stored token that has not expired (spec §4 Session). */
  isAuthenticated: boolean;
  /** True while the first "who am I?" call is in flight. */
  isLoading: boolean;
  /** Set when a login was refused because its token had expired. */
  sessionExpired: boolean;
  /** True between a logout and the arrival on its target page, so guards do not redirect. */
  isLoggingOut: boolean;
  mode: UserMode;
  setMode: (mode: UserMode) => void;
  /** Accepts a token string or a `{ token, user }` payload; rejects anything else (spec §5). */
  login: (data: unknown) => Promise<void>;
  logout: (message?: string, path?: string) => Promise<void>;
  /** Asks the server again who the user is (roles granted meanwhile); keeps the session on failure. */
  refreshUser: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
