import { i18n, type Messages } from '@lingui/core';
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';
import { activeLocale, setActiveLocale, SOURCE_LOCALE, type AppLocale } from './locales';

// English is in the code (vite-plugins/precompiled-messages.ts); every other language's PO files are
// compiled by @lingui/vite-plugin into chunks of their own, loaded when the language is chosen.
// eslint-disable-next-line lingui/no-unlocalized-strings -- file patterns
const catalogs = import.meta.glob<{ messages: Messages }>(['../../locales/*/*.po', '!../../locales/en/*.po']);

const loaded = new Set<AppLocale>([SOURCE_LOCALE]);

// Source messages arrive compiled or as plain text: nothing is left to parse at run time.
i18n.setMessagesCompiler((message) => message as unknown as CompiledMessage);
i18n.loadAndActivate({ locale: SOURCE_LOCALE, messages: {} });

async function loadCatalog(locale: AppLocale): Promise<void> {
  if (loaded.has(locale)) return;
  const files = Object.entries(catalogs).filter(([path]) => path.includes(`/locales/${locale}/`));
  const parts = await Promise.all(files.map(([, load]) => load()));
  i18n.load(locale, Object.assign({}, ...parts.map((part) => part.messages)) as Messages);
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
