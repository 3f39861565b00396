import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while React hydrates a page the server rendered (and on the server), true otherwise: a form
 * the server rendered cannot be sent before its code has taken it over (it would be sent by the
 * browser itself, as a page load). A page rendered in the browser is hydrated from its first render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
