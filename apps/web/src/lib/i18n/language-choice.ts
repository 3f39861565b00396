import { isAppLocale, matchLanguage, SOURCE_LOCALE, type AppLocale } from './locales';

/** Where a visitor's choice is kept (signed-in people's choice is on the server, and here too). */
export const LANGUAGE_STORAGE_KEY = 'pulse_language';

export function readStoredLanguage(): AppLocale | null {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isAppLocale(value) ? value : null;
  } catch {
    return null;
  }
}

/** The same choice for the server, which renders a visitor's pages in it (decision 056). */
export const LANGUAGE_COOKIE = 'pulse_language';
const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function storeLanguage(locale: AppLocale): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  const attributes = ['path=/', `max-age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}`, 'samesite=lax'];
  if (typeof document !== 'undefined') document.cookie = [`${LANGUAGE_COOKIE}=${locale}`, ...attributes].join('; ');
}

/** `?lang=fr` in the address (a shared link, a crawler's URL) wins for this visit. */
export function languageFromUrl(search: string): AppLocale | null {
  const value = new URLSearchParams(search).get('lang');
  return isAppLocale(value) ? value : null;
}

/** The language of a page being opened: the address's, then the stored choice, then the browser's. */
export function initialLanguage(search: string, browserTags: readonly string[] | undefined): AppLocale {
  return languageFromUrl(search) ?? readStoredLanguage() ?? matchLanguage(browserTags) ?? SOURCE_LOCALE;
}
