import { defineConfig } from 'vitest/config';
import { linguiPlugins } from './apps/web/vite-plugins/lingui';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'paystack-double',
          include: ['packages/paystack-double/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          // Scale tests start real server processes and need PostgreSQL and Redis: `npm run test:scale`.
          exclude: ['**/node_modules/**', 'apps/server/src/**/*.scale.test.ts'],
          environment: 'node',
          // One migrated database copied per file instead of initdb and the migrations each time.
          globalSetup: ['apps/server/src/testing/database-template.ts'],
          // argon2 at its smallest cost in tests; password-hashing.test.ts checks the production one.
          setupFiles: ['apps/server/src/testing/test-password-hashing.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'scale',
          include: ['apps/server/src/**/*.scale.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Lingui's macros compiled as in the build; English active before any test translates.
        plugins: linguiPlugins(),
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['apps/web/src/lib/i18n/i18n.ts'],
        },
      },
    ],
  },
});
