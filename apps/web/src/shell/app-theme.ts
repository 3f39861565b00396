import { isHubPath } from './current-app';

export type AppThemeName = 'green' | 'orange' | 'gold';

/** Gold on Pulse Hub, otherwise green for buyer mode and orange for seller mode (spec §1). */
export function getAppThemeName(input: { pathname: string; mode: 'buyer' | 'seller' }): AppThemeName {
  if (isHubPath(input.pathname)) return 'gold';
  return input.mode === 'seller' ? 'orange' : 'green';
}
