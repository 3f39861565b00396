import { useEffect } from 'react';
import { formatDocumentTitle } from '../../../app/document-title';

/**
 * Seller product pages name themselves (spec §2). Deferred a tick so the name lands after the
 * route table's title, which the app frame writes when the route changes.
 */
export function usePageTitle(pageName: string | null) {
  useEffect(() => {
    if (pageName === null) return;
    const timer = window.setTimeout(() => {
      document.title = formatDocumentTitle(pageName);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [pageName]);
}
