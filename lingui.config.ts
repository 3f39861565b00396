import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * Message catalogs (docs/decisions/046-languages-lingui.md). English is the source language: its
 * texts are the ones in the code. French is complete (a CI step fails on a missing French message);
 * Twi (Akan, `ak`) covers the buying path and falls back to English elsewhere. `pseudo` is
 * generated (accented, 30% longer) for the browser walk that finds untranslated or clipped text.
 *
 * One PO file per area, so translators (Weblate, Transifex, Crowdin) and people working on one
 * feature touch their own file: apps/web/src/locales/<locale>/<feature>.po for each web feature,
 * .../shell.po for the shell, app, components and lib, .../contract.po for the contract's texts; apps/server/src/locales/<locale>/<module>.po
 * for each server module and .../server.po for the rest of the server and the contract package.
 */
/** Tests and test support are not product text. */
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**'];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'fr', 'ak', 'pseudo'],
  pseudoLocale: { locale: 'pseudo', options: { extend: 0.3, extendCharacter: '~' } },
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  orderBy: 'message',
  catalogs: [
    { path: '<rootDir>/apps/web/src/locales/{locale}/{name}', include: ['<rootDir>/apps/web/src/features/{name}/'], exclude: TESTS },
    {
      path: '<rootDir>/apps/web/src/locales/{locale}/shell',
      include: ['<rootDir>/apps/web/src/shell/', '<rootDir>/apps/web/src/app/', '<rootDir>/apps/web/src/components/', '<rootDir>/apps/web/src/lib/', '<rootDir>/apps/web/src/sw/', '<rootDir>/apps/web/src/main.tsx'],
      exclude: TESTS,
    },
    // The contract's field messages and labels, as the web shows them (the server has its own copy in server.po).
    { path: '<rootDir>/apps/web/src/locales/{locale}/contract', include: ['<rootDir>/packages/contract/src/'], exclude: TESTS },
    { path: '<rootDir>/apps/server/src/locales/{locale}/{name}', include: ['<rootDir>/apps/server/src/modules/{name}/'], exclude: TESTS },
    {
      path: '<rootDir>/apps/server/src/locales/{locale}/server',
      include: ['<rootDir>/apps/server/src/', '<rootDir>/packages/contract/src/'],
      exclude: ['<rootDir>/apps/server/src/modules/', ...TESTS],
    },
  ],
  experimental: { runtimeMacro: true },
});
