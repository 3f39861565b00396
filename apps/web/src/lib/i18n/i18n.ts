import { i18n, type Messages } from '@lingui/core';
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';
import { activeLocale, setActiveLocale, SOURCE_LOCALE, type AppLocale } from './locales';

// English is in the code (vite-plugins/precompiled-messages.ts); every other language's PO files are
// compiled by @lingui/vite-plugin into one chunk per language, loaded when the language is chosen.
const catalogs: Record<Exclude<AppLocale, 'en'>, () => Promise<{ messages: Messages }>> = {
  fr: () => import('../../locales/fr'),
  ak: () => import('../../locales/ak'),
  pseudo: () => import('../../locales/pseudo'),
};

const loaded = new Set<AppLocale>([SOURCE_LOCALE]);

// Source messages arrive compiled or as plain text: nothing is left to parse at run time.
i18n.setMessagesCompiler((message) => message as unknown as CompiledMessage);
i18n.loadAndActivate({ locale: SOURCE_LOCALE, messages: {} });

async function loadCatalog(locale: AppLocale): Promise<void> {
  if (loaded.has(locale)) return;
  if (locale === 'en') return;
  i18n.load(locale, (await catalogs[locale]()).messages);
  loaded.add(locale);
}

/** Loads the language's catalogs (once) and switches the page to it: texts, `<html lang>`, formats. */
export async function activateLanguage(locale: AppLocale): Promise<void> {
  await loadCatalog(locale);
  setActiveLocale(locale, typeof navigator === 'undefined' ? undefined : navigator.languages);
  i18n.activate(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale === 'pseudo' ? 'en-XA' : locale;
}

export { i18n, activeLocale };
