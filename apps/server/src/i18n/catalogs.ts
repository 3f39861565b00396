import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Messages } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';

/** The languages the server writes in (docs/decisions/046-languages-lingui.md); English is the source. */
export const SERVER_LOCALES = ['en', 'fr', 'ak'] as const;
export type ServerLocale = (typeof SERVER_LOCALES)[number];
export const SOURCE_LOCALE: ServerLocale = 'en';

export function isServerLocale(value: unknown): value is ServerLocale {
  return typeof value === 'string' && (SERVER_LOCALES as readonly string[]).includes(value);
}

const LOCALES_DIRECTORY = new URL('../locales/', import.meta.url).pathname;
const po = formatter({ lineNumbers: false });

/**
 * One locale's messages, compiled, from every PO file of apps/server/src/locales/<locale>/: a message
 * without a translation is its English text (Twi covers part of the product; a French gap is caught
 * in CI). Read once at start-up: about a millisecond per hundred messages.
 */
export async function loadServerMessages(locale: ServerLocale, directory = LOCALES_DIRECTORY): Promise<Messages> {
  const messages: Messages = {};
  const folder = join(directory, locale);
  let files: string[];
  try {
    files = readdirSync(folder).filter((file) => file.endsWith('.po'));
  } catch {
    return messages;
  }
  for (const file of files.sort()) {
    const catalog = await po.parse(readFileSync(join(folder, file), 'utf8'), { locale, sourceLocale: SOURCE_LOCALE, filename: file });
    for (const [key, entry] of Object.entries(catalog ?? {})) {
      if (entry.obsolete) continue;
      const source = entry.message ?? key;
      const id = entry.message === undefined ? key : generateMessageId(source, entry.context);
      messages[id] = compileMessage(entry.translation || source);
    }
  }
  return messages;
}
