/**
 * The languages Pulse Market speaks (docs/decisions/046-languages-lingui.md). Kept free of Lingui so
 * the format helpers and the API client can read the active language without loading it.
 */
export const LANGUAGES = [
  // Each language's own name, as its readers look for it in a list.
  { locale: 'en', name: 'English' },
  { locale: 'fr', name: 'Français' },
  { locale: 'ak', name: 'Twi (Akan)' },
] as const;

export type Language = (typeof LANGUAGES)[number]['locale'];
/** `pseudo` is the generated test locale (accented, 30% longer): reachable by ?lang=pseudo, not listed. */
export type AppLocale = Language | 'pseudo';

export const SOURCE_LOCALE: Language = 'en';
const APP_LOCALES: readonly AppLocale[] = ['en', 'fr', 'ak', 'pseudo'];

export function isAppLocale(value: unknown): value is AppLocale {
  return typeof value === 'string' && (APP_LOCALES as readonly string[]).includes(value);
}

/** The first of these BCP 47 tags (the browser's languages) whose language we speak: "fr-CI" -> "fr". */
export function matchLanguage(tags: readonly string[] | undefined): Language | null {
  for (const tag of tags ?? []) {
    const language = tag.toLowerCase().split('-')[0];
    // Twi's own tags (tw, twi) are Akan's.
    const locale = language === 'tw' || language === 'twi' ? 'ak' : language;
    if (locale !== 'pseudo' && isAppLocale(locale)) return locale as Language;
  }
  return null;
}

let active: AppLocale = SOURCE_LOCALE;
let formatTags: readonly string[] = [SOURCE_LOCALE];

/** The language the page is in now. */
export function activeLocale(): AppLocale {
  return active;
}

/**
 * Tags for Intl: the browser's own tag of the active language first ("en-GB" keeps its dates), then
 * the language itself; the pseudo-locale formats as English.
 */
export function activeFormatLocales(): readonly string[] {
  return formatTags;
}

export function setActiveLocale(locale: AppLocale, browserTags: readonly string[] | undefined): void {
  active = locale;
  const language = locale === 'pseudo' ? SOURCE_LOCALE : locale;
  const own = (browserTags ?? []).filter((tag) => matchLanguage([tag]) === language);
  formatTags = [...own, language];
}
