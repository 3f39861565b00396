import type { I18n, MessageDescriptor } from '@lingui/core';
import { SERVER_LOCALES } from '../../i18n/catalogs';
import { translatorFor } from '../../i18n/translator';
import { FIXED_CHIPS } from './assistant-answers';

/**
 * Suggestion chips in the caller's language. A chip is sent back as the next question, and the
 * engine reads English (issue 23 keeps the understanding English): a fixed chip in any of our
 * languages is read as its English message; a chip worded from a request ("Tomates bio près de
 * Kumasi") is remembered with the English it stands for, in this process, for a while.
 */

/** Remembered chips worded from requests: shown text -> the English question (oldest dropped first). */
const worded = new Map<string, string>();
const WORDED_KEPT = 2000;

/** A chip in the caller's language. */
export function chipText(i18n: I18n, chip: MessageDescriptor | string): string {
  return typeof chip === 'string' ? chip : i18n._(chip);
}

/** Keeps what a chip worded in another language means in English; returns the chip as shown. */
export function rememberChips(shown: string, english: string): string {
  if (shown !== english) {
    worded.delete(shown);
    worded.set(shown, english);
    if (worded.size > WORDED_KEPT) worded.delete(worded.keys().next().value as string);
  }
  return shown;
}

/** The English question a chip stands for; any other text as it is. */
export function englishOfChip(text: string): string {
  const asked = text.trim();
  if (asked === '') return text;
  for (const chip of FIXED_CHIPS) {
    for (const locale of SERVER_LOCALES) {
      if (locale !== 'en' && translatorFor(locale)._(chip) === asked) return translatorFor('en')._(chip);
    }
  }
  return worded.get(asked) ?? text;
}
