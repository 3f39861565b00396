import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseListingFilters, toListingSearchParams, type ListingFilters } from './listing-filters';

/**
 * The listing's filters, read from and written to the address. Each change is a history entry
 * (Back restores the previous search) unless `replace` is asked for.
 */
export function useListingFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const key = searchParams.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the string is the identity of the params
  const filters = useMemo(() => parseListingFilters(searchParams), [key]);

  const setFilters = useCallback(
    (next: ListingFilters, options: { replace?: boolean } = {}) => {
      const params = toListingSearchParams(next);
      // The address itself, not the last render: two changes may come before React re-renders.
      if (params.toString() === new URLSearchParams(window.location.search).toString()) return;
      setSearchParams(params, { replace: options.replace ?? false, preventScrollReset: true });
    },
    [setSearchParams],
  );

  return { filters, setFilters };
}
