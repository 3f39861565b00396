import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * One query parameter of /admin (filters, the open application) kept in the address, so reload and
 * Back return to the same view. Null or '' removes the parameter.
 */
export function useAdminParam(name: string): [string | null, (value: string | null, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (value: string | null, options?: { replace?: boolean }) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === null || value === '') next.delete(name);
          else next.set(name, value);
          return next;
        },
        { replace: options?.replace ?? false },
      );
    },
    [name, setParams],
  );
  return [params.get(name), set];
}
