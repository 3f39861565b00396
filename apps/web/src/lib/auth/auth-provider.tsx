import { i18n } from '@lingui/core';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { TUser } from '@pulse/contract/users';
import { setBeforeRequest, setSessionExpiredHandler } from '../api-client';
import { SESSION_KEYS, readSessionValue, removeSessionValue, writeSessionValue } from '../session-keys';
import { AuthContext, type AuthContextValue } from './auth-context';
import { getCurrentUser } from './get-current-user';
import { postLogout } from './post-logout';
import { SESSION_EXPIRED_MESSAGE } from './session-messages';
import { useStartingSession } from '../../app/server-render-state';
import { onSessionRenewed, renewTokenIfDue, requestFreshToken } from './session-renewal';
import { InvalidTokenError, decodeTokenClaims, getTokenExpiresAt, isTokenUsable, validateLoginData } from './token';
import { DEFAULT_USER_MODE, parseUserMode, type UserMode } from './user-mode';

const PUSH_UNSUBSCRIBE_WAIT_MS = 2000;

/**
 * The service worker keeps API answers by address only; the next person on this browser must
 * never read the last one's offline (docs/decisions/019-workbox-service-worker.md).
 */
function clearSavedAnswers(): Promise<void> {
  return import('../service-worker').then(({ clearPerUserCaches }) => clearPerUserCaches()).catch(() => undefined);
}

interface SessionState {
  user: TUser | null;
  token: string | null;
  expiresAt: number | null;
  isLoading: boolean;
  sessionExpired: boolean;
  /** Where a running logout is heading; cleared on arrival. */
  logoutPath: string | null;
}

function getExpiresAtOfToken(token: string | null, now: number): number {
  const claims = token ? decodeTokenClaims(token) : null;
  return getTokenExpiresAt(claims ?? {}, now);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  // A page the server rendered for a visitor starts as a visitor's (decision 056); the check below still runs.
  const startsAsVisitor = useStartingSession() === 'visitor';
  const [session, setSession] = useState<SessionState>(() => ({
    user: null,
    token: startsAsVisitor ? null : readSessionValue(SESSION_KEYS.token),
    expiresAt: null,
    isLoading: !startsAsVisitor,
    sessionExpired: false,
    logoutPath: null,
  }));
  const [mode, setModeState] = useState<UserMode>(() => parseUserMode(readSessionValue(SESSION_KEYS.mode)));
  const logoutRunningRef = useRef(false);
  // Whether there is a session a 401 could end; a visitor or a finished logout has none.
  const sessionActiveRef = useRef(false);

  const setMode = useCallback((next: UserMode) => {
    writeSessionValue(SESSION_KEYS.mode, next);
    setModeState(next);
  }, []);

  const clearLocalSession = useCallback((logoutPath: string | null) => {
    sessionActiveRef.current = false;
    removeSessionValue(SESSION_KEYS.token);
    writeSessionValue(SESSION_KEYS.mode, DEFAULT_USER_MODE);
    setModeState(DEFAULT_USER_MODE);
    setSession((current) => ({ ...current, user: null, token: null, expiresAt: null, isLoading: false, logoutPath }));
  }, []);

  // Decision 051: a used session gets a fresh token before its token runs out.
  useEffect(() => {
    setBeforeRequest(renewTokenIfDue);
    const stop = onSessionRenewed(({ token, user }) => {
      setSession((current) =>
        current.user !== null && current.user.id !== user.id ? current : { ...current, user, token, expiresAt: getExpiresAtOfToken(token, Date.now()) },
      );
    });
    return () => {
      setBeforeRequest(null);
      stop();
    };
  }, []);

  // Spec §4 Session: ask the server first; fall back to a stored token only while it is valid.
  // A new tab has no token yet: a session kept signed in gets one from its cookie first (decision 051).
  // Once it is answered the page is live (the check starts after the first commit, hydration
  // included): <html data-live> is what browser tests wait for, as no earlier page can have set it.
  useEffect(() => {
    let cancelled = false;
    // GET /api/auth/me reads the same cookie, so a new tab asks both at once: one round trip, not two.
    const check = readSessionValue(SESSION_KEYS.token) === null ? Promise.all([requestFreshToken(), getCurrentUser()]).then(([, user]) => user) : getCurrentUser();
    check
      .then((user) => {
        if (cancelled) return;
        const token = readSessionValue(SESSION_KEYS.token);
        sessionActiveRef.current = true;
        // The shell and the page drawn in place of "Loading...": rendered as a transition, in slices
        // that leave taps and paints room, not in one task of hundreds of ms on a slow phone.
        startTransition(() => setSession((current) => ({ ...current, user, token, expiresAt: getExpiresAtOfToken(token, Date.now()), isLoading: false })));
      })
      .catch(() => {
        if (cancelled) return;
        const token = readSessionValue(SESSION_KEYS.token);
        if (isTokenUsable(token, Date.now())) {
          sessionActiveRef.current = true;
          setSession((current) => ({ ...current, token, expiresAt: getExpiresAtOfToken(token, Date.now()), isLoading: false }));
          return;
        }
        clearLocalSession(null);
      })
      .finally(() => {
        if (!cancelled) document.documentElement.dataset.live = 'true';
      });
    return () => {
      cancelled = true;
    };
  }, [clearLocalSession]);

  const logout = useCallback(
    async (message?: string, path = '/') => {
      if (logoutRunningRef.current) return;
      logoutRunningRef.current = true;
      // The next person on this browser must not get this user's pushes; a slow push service
      // must not hold the logout up either.
      await Promise.race([import('../push').then(({ unsubscribeFromPush }) => unsubscribeFromPush()), new Promise((resolve) => setTimeout(resolve, PUSH_UNSUBSCRIBE_WAIT_MS))]);
      // Beside the server call, so signing out takes no longer than before.
      const cleared = clearSavedAnswers();
      try {
        await postLogout();
      } catch (error) {
        console.error('Logout request failed; signing out locally', error);
      }
      await cleared;
      if (message) writeSessionValue(SESSION_KEYS.logoutMessage, message);
      clearLocalSession(path);
      logoutRunningRef.current = false;
      await navigate(path);
    },
    [clearLocalSession, navigate],
  );

  const login = useCallback(
    async (data: unknown) => {
      let valid;
      try {
        valid = validateLoginData(data, Date.now());
      } catch (error) {
        if (error instanceof InvalidTokenError) {
          sessionActiveRef.current = false;
          removeSessionValue(SESSION_KEYS.token);
          writeSessionValue(SESSION_KEYS.logoutMessage, i18n._(SESSION_EXPIRED_MESSAGE));
          setSession((current) => ({ ...current, user: null, token: null, expiresAt: null, sessionExpired: true }));
          await navigate('/login');
        }
        throw error;
      }
      await clearSavedAnswers();
      writeSessionValue(SESSION_KEYS.token, valid.token);
      sessionActiveRef.current = true;
      setSession((current) => ({
        ...current,
        user: valid.user,
        token: valid.token,
        expiresAt: valid.expiresAt,
        isLoading: false,
        sessionExpired: false,
        logoutPath: null,
      }));
      if (valid.user) return;
      // A bare token (the OpenID Connect redirect) says who is signed in only through the server.
      try {
        const user = await getCurrentUser();
        setSession((current) => (current.token === valid.token ? { ...current, user } : current));
      } catch (error) {
        console.error('Could not load the signed-in user', error);
      }
    },
    [navigate],
  );

  const refreshUser = useCallback(async () => {
    if (!sessionActiveRef.current) return;
    try {
      const user = await getCurrentUser();
      setSession((current) => (current.user === null && current.token === null ? current : { ...current, user }));
    } catch (error) {
      console.error('Could not refresh the signed-in user', error);
    }
  }, []);

  const isAuthenticated = session.user !== null || session.token !== null;

  useEffect(() => {
    setSessionExpiredHandler((message, path) => {
      // Calls that were already in flight when the session ended must not log out a second time.
      if (sessionActiveRef.current) void logout(message, path);
    });
    return () => setSessionExpiredHandler(null);
  }, [logout]);

  const { logoutPath } = session;
  useEffect(() => {
    if (logoutPath !== null && location.pathname === logoutPath.split(/[?#]/)[0]) {
      setSession((current) => ({ ...current, logoutPath: null }));
    }
  }, [location.pathname, logoutPath]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: session.user,
      token: session.token,
      expiresAt: session.expiresAt,
      isAuthenticated,
      isLoading: session.isLoading,
      sessionExpired: session.sessionExpired,
      isLoggingOut: session.logoutPath !== null,
      mode,
      setMode,
      login,
      logout,
      refreshUser,
    }),
    [session, isAuthenticated, mode, setMode, login, logout, refreshUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
