import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../lib/auth/use-auth';
import { SESSION_KEYS, writeSessionValue } from '../lib/session-keys';

function RedirectToLogin() {
  const location = useLocation();
  const destination = `${location.pathname}${location.search}`;

  useEffect(() => {
    writeSessionValue(SESSION_KEYS.redirectDestination, destination);
  }, [destination]);

  return <Navigate to="/login" replace />;
}

/** Guard of the signed-in routes: visitors go to /login and the page is remembered for later. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuthenticated, isLoggingOut } = useAuth();
  if (isAuthenticated) return children;
  // A logout is already on its way somewhere; remembering this page would bring the user back.
  if (isLoggingOut) return null;
  return <RedirectToLogin />;
}
