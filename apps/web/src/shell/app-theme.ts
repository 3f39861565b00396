import { isHubPath, type CurrentApp } from './current-app';

export type AppThemeName = 'green' | 'orange' | 'gold';

/** A Pulse Hub post (/pulse/{id}) or one's own Pulse (/pulse): Hub pages outside /hub. */
function isPulsePath(pathname: string): boolean {
  return pathname === '/pulse' || pathname.startsWith('/pulse/');
}

/** Gold on Pulse Hub (its posts and /pulse too), otherwise green for buyer mode and orange for seller mode (spec §1). */
export function getAppThemeName(input: { pathname: string; mode: 'buyer' | 'seller' }): AppThemeName {
  if (isHubPath(input.pathname) || isPulsePath(input.pathname)) return 'gold';
  return input.mode === 'seller' ? 'orange' : 'green';
}

/**
 * The colour of an app in the Switch App button and menu: Pulse Hub gold, the Marketplace in the
 * mode's colour (green for buyers, orange for sellers: spec §1), whatever page shows the button.
 */
export function getAppColour(app: CurrentApp, mode: 'buyer' | 'seller'): AppThemeName {
  if (app === 'hub') return 'gold';
  return mode === 'seller' ? 'orange' : 'green';
}
