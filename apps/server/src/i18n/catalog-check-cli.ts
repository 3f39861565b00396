/**
 * `npm run i18n:check` (part of `npm test`): extracts the messages from the code into the PO
 * catalogs, then fails when a message the catalogs must translate has no translation: a text added
 * in English without its French (docs/decisions/046-languages-lingui.md).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { findMissingTranslations } from './catalog-check';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
execFileSync('lingui', ['extract', '--clean'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
const missing = await findMissingTranslations({ web: `${repoRoot}apps/web/src/locales`, server: `${repoRoot}apps/server/src/locales` });
if (missing.length > 0) {
  for (const { catalog, locale, message } of missing) console.error(`${locale} ${catalog}: no translation for "${message}"`);
  console.error(`\n${missing.length} message(s) without a translation. Translate them in the PO files named above (see README, Languages).`);
  process.exit(1);
}
console.log('Catalogs: every required translation is there.');
