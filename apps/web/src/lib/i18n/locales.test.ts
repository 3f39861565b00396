import { afterEach, describe, expect, it } from 'vitest';
import { activeFormatLocales, activeLocale, isAppLocale, LANGUAGES, matchLanguage, setActiveLocale } from './locales';

describe('matchLanguage', () => {
  it('takes the first browser language Pulse Market speaks, region or not', () => {
    expect(matchLanguage(['fr-CI', 'en'])).toBe('fr');
    expect(matchLanguage(['de-DE', 'EN-gb'])).toBe('en');
    expect(matchLanguage(['ak'])).toBe('ak');
  });

  it("reads Twi's own tags as Akan", () => {
    expect(matchLanguage(['tw'])).toBe('ak');
    expect(matchLanguage(['twi-GH', 'en'])).toBe('ak');
  });

  it('finds nothing in unknown languages, an empty list or no list, and never offers the pseudo-locale', () => {
    expect(matchLanguage(['de', 'es-ES'])).toBeNull();
    expect(matchLanguage([])).toBeNull();
    expect(matchLanguage(undefined)).toBeNull();
    expect(matchLanguage(['pseudo'])).toBeNull();
  });
});

describe('isAppLocale', () => {
  it('accepts the listed languages and the pseudo-locale, nothing else', () => {
    for (const { locale } of LANGUAGES) expect(isAppLocale(locale)).toBe(true);
    expect(isAppLocale('pseudo')).toBe(true);
    expect(isAppLocale('de')).toBe(false);
    expect(isAppLocale(null)).toBe(false);
  });

  it('names each language in itself', () => {
    expect(LANGUAGES.map(({ name }) => name)).toEqual(['English', 'Français', 'Twi (Akan)']);
  });
});

describe('setActiveLocale', () => {
  afterEach(() => setActiveLocale('en', undefined));

  it("formats with the browser's own tag of the active language first", () => {
    setActiveLocale('fr', ['en-GB', 'fr-CI']);
    expect(activeLocale()).toBe('fr');
    expect(activeFormatLocales()).toEqual(['fr-CI', 'fr']);
  });

  it('formats the pseudo-locale as English', () => {
    setActiveLocale('pseudo', ['en-GB']);
    expect(activeLocale()).toBe('pseudo');
    expect(activeFormatLocales()).toEqual(['en-GB', 'en']);
  });
});
