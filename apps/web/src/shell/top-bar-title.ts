const TITLES_BY_PATH: Readonly<Record<string, string>> = {
  '/': 'Products',
  '/product-listing': 'Products',
  '/messages': 'Messages',
  '/notifications': 'Notifications',
  '/pulse': 'Pulse',
  '/pulse-assistant': 'Pulse Assistant',
};

function trimTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/** Top bar title by exact path (spec §2); every other path has an empty title. */
export function getTopBarTitle(pathname: string): string {
  return TITLES_BY_PATH[trimTrailingSlash(pathname)] ?? '';
}
