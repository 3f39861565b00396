export type CurrentApp = 'marketplace' | 'hub';

export function isHubPath(pathname: string): boolean {
  return pathname === '/hub' || pathname.startsWith('/hub/');
}

/** Pulse Hub is the current app on any /hub path, Marketplace everywhere else (spec §2 App switch). */
export function getCurrentApp(pathname: string): CurrentApp {
  return isHubPath(pathname) ? 'hub' : 'marketplace';
}

export const APP_SWITCH_TARGETS: Readonly<Record<CurrentApp, string>> = {
  marketplace: '/product-listing',
  hub: '/hub/feed',
};

/** The spec's pause between choosing an app and navigating, so the menu can close first. */
export const APP_SWITCH_DELAY_MS = 400;
