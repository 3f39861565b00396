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

/**
 * The messages without a translation in the catalogs that must be complete, under `roots`
 * ({ web: 'apps/web/src/locales', server: 'apps/server/src/locales' }).
 */
export async function findMissingTranslations(roots: Readonly<Record<string, string>>, required = REQUIRED): Promise<MissingTranslation[]> {
  const missing: MissingTranslation[] = [];
  for (const [locale, catalogs] of Object.entries(required)) {
    for (const [app, root] of Object.entries(roots)) {
      let files: string[];
      try {
        files = readdirSync(join(root, locale)).filter((file) => file.endsWith('.po'));
      } catch {
        continue;
      }
      for (const file of files.sort()) {
        const catalog = `${app}/${file.replace(/\.po$/, '')}`;
        if (catalogs !== 'all' && !catalogs.includes(catalog)) continue;
        const entries = await po.parse(readFileSync(join(root, locale, file), 'utf8'), { locale, sourceLocale: 'en', filename: file });
        for (const [key, entry] of Object.entries(entries ?? {})) {
          if (entry.obsolete || entry.translation) continue;
          missing.push({ catalog, locale, message: entry.message ?? key });
        }
      }
    }
  }
  return missing;
}
