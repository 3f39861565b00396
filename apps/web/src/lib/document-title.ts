import { APP_NAME } from '../config/env';

/** "{Page} - {product name}" (spec §2); just the product name when the page has none. */
export function formatDocumentTitle(pageName: string, appName: string = APP_NAME): string {
  const page = pageName.trim();
  return page === '' ? appName : `${page} - ${appName}`;
}
