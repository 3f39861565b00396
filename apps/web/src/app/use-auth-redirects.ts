import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { sanitizeRedirectTarget } from '../lib/auth/redirect-target';
import { useAuth } from '../lib/auth/use-auth';
import { SESSION_KEYS, takeSessionValue } from '../lib/session-keys';

/**
 * Where a signed-in user goes next (spec §2 Redirects), decided in one place so the login page,
 * the session check and the `redirect` parameter never race each other:
 * 1. a safe `redirect` query parameter, replacing the history entry;
 * 2. else the stored auth_redirect_destination, used once;
 * 3. else, on /login, the home page.
 */
export function useAuthRedirects(): void {
  const { isAuthenticated, isLoading } = useAuth();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (isLoading || !isAuthenticated) return;
    // The OpenID Connect callback hands its token to /login in the fragment; the cookie it also set
    // already signs the user in, but the login page must store that token before anyone navigates away.
    if (pathname === '/login' && hasOidcFragment(hash)) return;
    const target = sanitizeRedirectTarget(new URLSearchParams(search).get('redirect'));
    if (target) {
      void navigate(target, { replace: true });
      return;
    }
    const destination = sanitizeRedirectTarget(takeSessionValue(SESSION_KEYS.redirectDestination));
    if (destination) {
      void navigate(destination, { replace: true });
      return;
    }
    if (pathname === '/login') void navigate('/', { replace: true });
  }, [isAuthenticated, isLoading, pathname, search, hash, navigate]);
}

function hasOidcFragment(hash: string): boolean {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  return params.has('token') || params.has('error');
}
