import { setupI18n, type I18n, type MessageDescriptor } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { isServerLocale, loadServerMessages, SERVER_LOCALES, SOURCE_LOCALE, type ServerLocale } from './catalogs';

const translators = new Map<ServerLocale, I18n>();

function build(locale: ServerLocale, messages: Parameters<I18n['load']>[1]): I18n {
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  // A message not in the catalogs yet (new code before `npm run extract`) is compiled when first used.
  i18n.setMessagesCompiler(compileMessage);
  return i18n;
}

/** Reads every locale's PO files; called once when the app is built (tests build many apps: cached). */
let loading: Promise<void> | null = null;
export function loadTranslations(): Promise<void> {
  loading ??= Promise.all(
    SERVER_LOCALES.map(async (locale) => {
      translators.set(locale, build(locale, await loadServerMessages(locale)));
    }),
  ).then(() => undefined);
  return loading;
}

/**
 * The translator of a language: `translatorFor(user.language)._(msg\`...\`)`. Used for texts
 * written for someone who is not the caller (a notification, a push, an e-mail) in their language.
 */
export function translatorFor(locale: string | null | undefined): I18n {
  const wanted: ServerLocale = isServerLocale(locale) ? locale : SOURCE_LOCALE;
  let translator = translators.get(wanted);
  if (!translator) {
    // Before loadTranslations() finished (a script, a unit test): English from the code itself.
    translator = build(wanted, {});
    if (wanted === SOURCE_LOCALE) translators.set(wanted, translator);
  }
  return translator;
}

/** The best of our languages for an Accept-Language header ("fr-CI,fr;q=0.9,en;q=0.8" -> fr); null when none. */
export function negotiateLocale(header: string | undefined): ServerLocale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const quality = Number(parameters.find((p) => p.trim().startsWith('q='))?.trim().slice(2) ?? '1');
      return { language: tag.trim().toLowerCase().split('-')[0] ?? '', quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { language } of ranked) {
    const locale = language === 'tw' || language === 'twi' ? 'ak' : language;
    if (isServerLocale(locale)) return locale;
  }
  return null;
}

/** Translates a descriptor or passes a plain string through (texts already written, e.g. user content). */
export function translate(i18n: I18n, text: MessageDescriptor | string): string {
  return typeof text === 'string' ? text : i18n._(text);
}
