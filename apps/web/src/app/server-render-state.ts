import type { DehydratedState } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type { AppLocale } from '../lib/i18n/locales';
import type { AppThemeName } from '../shell/app-theme';

/**
 * What the server tells the browser about a page it rendered (decision 056): the route, the language
 * and theme it rendered in, and the queries it answered, so the browser hydrates the same tree without
 * asking again. The server renders only for visitors (no session cookie), so the person is a visitor.
 * Sent as a JSON data block (<script type="application/json">): the Content-Security-Policy runs no
 * inline script.
 */
export interface ServerRenderState {
  routeId: string;
  locale: AppLocale;
  themeName: AppThemeName;
  /** The public address the page's absolute links (structured data) were written with. */
  origin: string;
  queries: DehydratedState;
  /** The API reads the server answered for the page (GET paths): the browser keeps them for offline reading. */
  answered: string[];
}

export const SERVER_RENDER_STATE_ID = 'pulse-server-render';

/**
 * Answers the server fetched for a page stay fresh this long: the server renders them as settled and
 * the browser, hydrating, does not ask for them again (a stale answer would render as "fetching").
 */
export const SERVER_ANSWER_FRESH_MS = 60_000;

/** The state of the page the server rendered, or null (a page the browser renders itself). */
export function readServerRenderState(): ServerRenderState | null {
  const element = document.getElementById(SERVER_RENDER_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as ServerRenderState;
  } catch {
    return null;
  }
}

/** The JSON for the data block: `<` escaped so no text in it can end the element. */
export function serializeServerRenderState(state: ServerRenderState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c');
}

/**
 * 'visitor' while the page is rendered on the server or hydrated from its HTML: the server already
 * knew who was asking (nobody), so there is no auth state to wait for and no full-screen
 * "Loading..." (spec §2); the "who am I?" call still runs once the page is live.
 */
export type StartingSession = 'unknown' | 'visitor';

export const StartingSessionContext = createContext<StartingSession>('unknown');

export function useStartingSession(): StartingSession {
  return useContext(StartingSessionContext);
}

/** The first `currency` (an ISO 4217 code) in a page's answers, where its prices say which currency they are in. */
export function firstCurrencyOf(value: unknown, depth = 0): string | null {
  if (depth > 8 || value === null || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  if (typeof record.currency === 'string' && /^[A-Z]{3}$/.test(record.currency)) return record.currency;
  for (const child of Array.isArray(value) ? value : Object.values(record)) {
    const found = firstCurrencyOf(child, depth + 1);
    if (found) return found;
  }
  return null;
}
