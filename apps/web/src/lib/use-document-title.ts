import { useEffect } from 'react';
import { formatDocumentTitle } from './document-title';

/**
 * Lets a page name itself (spec §2: product details and seller product pages set their own
 * title). Deferred a tick so it lands after the route table's title, which the app frame writes
 * when the route changes.
 */
export function useDocumentTitle(pageName: string | null) {
  useEffect(() => {
    if (pageName === null) return;
    const timer = window.setTimeout(() => {
      document.title = formatDocumentTitle(pageName);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [pageName]);
}
