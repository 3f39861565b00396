import { findRoute } from './find-route';

/** Top and bottom bars show only on the pages spec §2 "Where bars show" lists. */
export function shouldShowBars(pathname: string): boolean {
  return findRoute(pathname).bars;
}

/** The assistant widget shows with the bars, but never on the assistant's own page. */
export function shouldShowAssistantWidget(pathname: string): boolean {
  return shouldShowBars(pathname) && pathname !== '/pulse-assistant';
}

/** The app switch floats on every page but the login page. */
export function shouldShowAppSwitch(pathname: string): boolean {
  return findRoute(pathname).id !== 'login';
}
