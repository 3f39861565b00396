import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatter } from '@lingui/format-po';

/**
 * Which catalogs must be complete in which language (docs/decisions/046-languages-lingui.md): French
 * everywhere; Twi on the buying path (the shell, the catalogue, product, basket, checkout, order and
 * wallet pages, signing in) and the server's texts on that path. Everything else in Twi falls back to
 * English.
 */
export const REQUIRED: Readonly<Record<string, 'all' | readonly string[]>> = {
  fr: 'all',
  ak: ['web/shell', 'web/catalogue', 'web/basket', 'web/addresses', 'web/orders', 'web/wallet', 'web/auth', 'server/baskets', 'server/checkout', 'server/orders', 'server/wallet'],
};

export interface MissingTranslation {
  catalog: string;
  locale: string;
  message: string;
}

const po = formatter({ lineNumbers: false });

function listFolders(root: string): string[] {
  try {
    return readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  } catch {
    return [];
  }
}

async function readCatalogs(app: string, root: string, locale: string) {
  let files: string[];
  try {
    files = readdirSync(join(root, locale)).filter((file) => file.endsWith('.po'));
  } catch {
    return [];
  }
  return Promise.all(
    files.sort().map(async (file) => ({
      catalog: `${app}/${file.replace(/\.po$/, '')}`,
      entries: (await po.parse(readFileSync(join(root, locale, file), 'utf8'), { locale, sourceLocale: 'en', filename: file })) ?? {},
    })),
  );
}

/**
 * The messages without a translation that must have one, under `roots` ({ web: 'apps/web/src/locales',
 * server: 'apps/server/src/locales' }): every message of a catalog `required` names for the language,
 * and any message of the language that another catalog of the same app translates. The web loads
 * one chunk per language, merged from its catalogs: a message translated in one and left empty in
 * another would show in English or not depending on the order of the merge.
 */
export async function findMissingTranslations(roots: Readonly<Record<string, string>>, required = REQUIRED): Promise<MissingTranslation[]> {
  const missing: MissingTranslation[] = [];
  const locales = new Set(Object.values(roots).flatMap(listFolders));
  for (const locale of [...locales].sort()) {
    if (locale === 'en' || locale === 'pseudo') continue;
    const wanted = required[locale];
    for (const [app, root] of Object.entries(roots)) {
      const catalogs = await readCatalogs(app, root, locale);
      const translated = new Set(catalogs.flatMap(({ entries }) => Object.entries(entries).filter(([, entry]) => !entry.obsolete && entry.translation).map(([key, entry]) => entry.message ?? key)));
      for (const { catalog, entries } of catalogs) {
        const isRequired = wanted === 'all' || (wanted?.includes(catalog) ?? false);
        for (const [key, entry] of Object.entries(entries)) {
          const message = entry.message ?? key;
          if (entry.obsolete || entry.translation || !(isRequired || translated.has(message))) continue;
          missing.push({ catalog, locale, message });
        }
      }
    }
  }
  return missing;
}
