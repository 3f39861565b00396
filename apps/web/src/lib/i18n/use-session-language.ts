import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth/use-auth';
import { activeLocale } from './locales';

/**
 * Once per signed-in user (after sign-in, or when the session's user is loaded): their stored
 * language wins over the browser's; a first sign-in (no language yet) stores the one in use. Runs
 * beside rendering, once per user, never in a loop; the code that switches or stores is loaded only
 * when there is something to do (it stays out of the first load).
 */
export function useSessionLanguage(): void {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const handledUser = useRef<string | null>(null);
  const userId = user?.id ?? null;
  const userLanguage = user?.language;

  useEffect(() => {
    if (userId === null) {
      handledUser.current = null;
      return;
    }
    if (handledUser.current === userId || userLanguage === undefined) return;
    handledUser.current = userId;
    if (userLanguage === activeLocale()) return;
    import('./use-change-language')
      .then(({ applySessionLanguage }) => applySessionLanguage(userLanguage, queryClient))
      .catch((error: unknown) => console.error('Could not apply the signed-in user’s language', error));
  }, [userId, userLanguage, queryClient]);
}
