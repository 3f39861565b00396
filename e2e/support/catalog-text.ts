/**
 * What a page reads in another language, from the app's own PO catalogs (decision 046): the specs
 * name texts by their English source, so a translator's better wording never breaks a walk.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ROOTS = ['apps/web/src/locales', 'apps/server/src/locales'];

/** A PO string: "..." lines joined, escapes undone. */
function unquote(lines: string[]): string {
  return lines.filter((line) => line.trim() !== '').map((line) => JSON.parse(line.trim()) as string).join('');
}

function readCatalogs(locale: string): Map<string, string> {
  const messages = new Map<string, string>();
  for (const root of ROOTS) {
    const folder = resolve(repoRoot, root, locale);
    let files: string[];
    try {
      files = readdirSync(folder).filter((file) => file.endsWith('.po'));
    } catch {
      continue;
    }
    for (const file of files) {
      const blocks = readFileSync(resolve(folder, file), 'utf8').split(/\n\s*\n/);
      for (const block of blocks) {
        const lines = block.split('\n').filter((line) => !line.startsWith('#'));
        const idAt = lines.findIndex((line) => line.startsWith('msgid '));
        const strAt = lines.findIndex((line) => line.startsWith('msgstr '));
        if (idAt < 0 || strAt < 0 || lines.some((line) => line.startsWith('msgctxt '))) continue;
        const id = unquote([lines[idAt]!.slice(6), ...lines.slice(idAt + 1, strAt)]);
        const str = unquote([lines[strAt]!.slice(7), ...lines.slice(strAt + 1)]);
        if (id && str) messages.set(id, str);
      }
    }
  }
  return messages;
}

/**
 * `text('Marketplace')` is the locale's translation of that English message; `{name}` placeholders
 * are filled from `values`. Throws when the catalogs have no translation: the walk would test nothing.
 */
export function catalogText(locale: string): (english: string, values?: Record<string, string | number>) => string {
  const messages = readCatalogs(locale);
  return (english, values = {}) => {
    const translated = messages.get(english);
    if (translated === undefined) throw new Error(`No ${locale} translation of "${english}" in ${ROOTS.join(' or ')}`);
    return translated.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
}
