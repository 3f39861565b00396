import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialLanguage, LANGUAGE_STORAGE_KEY, languageFromUrl, readStoredLanguage, storeLanguage } from './language-choice';

function stubStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => values.set(key, value),
    },
  });
  return values;
}

afterEach(() => vi.unstubAllGlobals());

describe('languageFromUrl', () => {
  it('reads ?lang= when it names a language of the app', () => {
    expect(languageFromUrl('?lang=fr')).toBe('fr');
    expect(languageFromUrl('?ref=abc&lang=pseudo')).toBe('pseudo');
    expect(languageFromUrl('?lang=de')).toBeNull();
    expect(languageFromUrl('')).toBeNull();
  });
});

describe('stored language', () => {
  it('keeps the choice and reads it back, ignoring what is not a language', () => {
    const values = stubStorage();
    storeLanguage('ak');
    expect(values.get(LANGUAGE_STORAGE_KEY)).toBe('ak');
    expect(readStoredLanguage()).toBe('ak');
    values.set(LANGUAGE_STORAGE_KEY, 'klingon');
    expect(readStoredLanguage()).toBeNull();
  });

  it('does without storage (no window, private mode)', () => {
    expect(readStoredLanguage()).toBeNull();
    expect(() => storeLanguage('fr')).not.toThrow();
  });
});

describe('initialLanguage', () => {
  it('prefers the address, then the stored choice, then the browser, then English', () => {
    stubStorage({ [LANGUAGE_STORAGE_KEY]: 'ak' });
    expect(initialLanguage('?lang=fr', ['en'])).toBe('fr');
    expect(initialLanguage('', ['fr-FR'])).toBe('ak');
    stubStorage();
    expect(initialLanguage('', ['de', 'fr-CI'])).toBe('fr');
    expect(initialLanguage('', ['de'])).toBe('en');
    expect(initialLanguage('', undefined)).toBe('en');
  });
});
