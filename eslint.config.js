import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import lingui from 'eslint-plugin-lingui';
import { USER_TEXT_RULE } from './eslint.user-text.js';

const DOMAIN_ERRORS = 'InvalidError|UnauthorizedError|ForbiddenError|NotFoundError|ConflictError|RateLimitedError|PayloadTooLargeError|UnsupportedMediaTypeError';
const TEXT = ':matches(Literal[value=/[A-Za-z]/], TemplateLiteral)';
const USE_MSG = 'Write the text as a Lingui descriptor: msg`...` from @lingui/core/runtime-macro (decision 046).';
/** Literal texts the server would send as they are, in English, whatever the reader's language. */
export const SERVER_TEXT_SELECTORS = [
  { selector: `NewExpression[callee.name=/^(${DOMAIN_ERRORS})$/] > ${TEXT}.arguments`, message: `A domain error's message: ${USE_MSG}` },
  {
    selector: `NewExpression[callee.name=/^(${DOMAIN_ERRORS})$/] > ObjectExpression.arguments > Property > ${TEXT}.value`,
    message: `A domain error's field message: ${USE_MSG}`,
  },
  {
    selector: `CallExpression[callee.name='notify'] > ObjectExpression.arguments > Property[key.name='message'] > ${TEXT}.value`,
    message: `A notification text (written in the recipient's language): ${USE_MSG}`,
  },
  { selector: `VariableDeclarator[id.name=/_MESSAGE$/] > ${TEXT}.init`, message: `A message constant: contractMessage(msg\`...\`) or msg\`...\`. ${USE_MSG}` },
];

const ROOT = fileURLToPath(new URL('.', import.meta.url));
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const SERVER_MODULES = 'apps/server/src/modules';
/** Modules that react to orders through the domain-event seam (decision 052): orders and checkout never call them. */
const ORDER_CONSUMERS = ['delivery', 'referrals', 'notifications', 'push', 'mail', 'admin'];

/**
 * The dependency direction (decision 052), checked on resolved paths by import-x/no-restricted-paths:
 * - server: orders and checkout import none of the modules that react to them; those register
 *   listeners on the domain-event seam (apps/server/src/lib/domain-events.ts) instead;
 * - web: a feature never imports another feature (architecture.md); what two share lives in
 *   apps/web/src/components/ or apps/web/src/lib/, and app/ and shell/ compose features.
 * eslint.import-direction.test.ts shows both failing on a forbidden import.
 */
export const IMPORT_DIRECTION_ZONES = [
  ...['orders', 'checkout'].map((module) => ({
    target: `${SERVER_MODULES}/${module}`,
    from: ORDER_CONSUMERS.map((consumer) => `${SERVER_MODULES}/${consumer}`),
    message: `${module} publishes domain events; the module that reacts registers a listener (apps/server/src/domain-listeners.ts, decision 052).`,
  })),
  ...WEB_FEATURES.map((feature) => ({
    target: `apps/web/src/features/${feature}`,
    from: 'apps/web/src/features',
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move what both use to apps/web/src/components/ or apps/web/src/lib/ (decision 052).',
  })),
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-server/**', '**/dist-dev/**', '**/data/**', 'apps/server/src/db/migrations/**', 'apps/web/public/**', 'e2e/.artifacts/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // One date and money format (decision 031): only lib/format.ts and its first-page part
    // lib/format-core.ts build Intl formatters; everything else formats through lib/format.ts.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/format.ts', 'apps/web/src/lib/format-core.ts'],
    rules: {
      'no-restricted-globals': ['error', { name: 'Intl', message: 'Format dates, times, numbers and money with apps/web/src/lib/format.ts.' }],
      'no-restricted-properties': [
        'error',
        ...['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'].map((property) => ({
          property,
          message: 'Format dates, times, numbers and money with apps/web/src/lib/format.ts.',
        })),
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@pulse/contract/money-format', message: 'Use formatMoney from apps/web/src/lib/format.ts (the person’s locale).' },
            { name: '@pulse/contract/money', importNames: ['formatMoney'], message: 'Use formatMoney from apps/web/src/lib/format.ts (the person’s locale).' },
          ],
        },
      ],
    },
  },
  {
    // The service worker (built to /sw.js): its own global scope, not a window.
    files: ['apps/web/src/sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // Every text a person reads is in the message catalogs (decision 046): a string literal with a
    // letter in it, outside the allow-list of things that are not text (class names, ids, routes,
    // props that take keywords), fails the build. eslint.user-text.js holds the allow-list, and
    // eslint.user-text.test.ts shows the rule failing on a literal.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/**/testing/**'],
    plugins: { lingui },
    rules: { 'lingui/no-unlocalized-strings': USER_TEXT_RULE },
  },
  {
    // Server texts for people are Lingui descriptors (decision 046), written in the reader's language
    // by the error handler (errors) or in the recipient's (notifications): a string or template
    // literal handed directly to a domain error, its field messages, notify()'s message or a
    // *_MESSAGE constant fails. SERVER_TEXT_SELECTORS lists the selectors.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/**/testing/**'],
    rules: { 'no-restricted-syntax': ['error', ...SERVER_TEXT_SELECTORS] },
  },
  {
    // Dependency direction (decision 052): see IMPORT_DIRECTION_ZONES. Tests of orders may drive
    // the modules that react (a delivery walk), so server tests are outside the server zones.
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/**/testing/**'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: IMPORT_DIRECTION_ZONES }] },
  },
);
