import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, MEMORY_DATA_DIR, type Config } from '../config';
import type { Database } from '../db/client';
import { createTestDatabase } from './create-test-database';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** Environment every test app starts from; a test overrides what it is about. */
export const TEST_ENV: NodeJS.ProcessEnv = {
  DATA_DIR: MEMORY_DATA_DIR,
  LOG_LEVEL: 'silent',
  PUBLIC_URL: 'http://localhost:3000',
  // No web build in API tests unless a test points at its own fake dist folder.
  WEB_DIST_DIR: '/nonexistent-web-dist',
  // The suites count in dollars (their figures); a deployment defaults to cedis (issue 23).
  CURRENCY: 'USD',
  // Fixture worlds (the authorization table's) write many posts and comments as one author in
  // seconds; the limits themselves are tested in plugins/rate-limits.test.ts.
  RATE_LIMIT_HUB_POSTS_PER_HOUR: '100000',
  RATE_LIMIT_HUB_COMMENTS_PER_MINUTE: '100000',
  // Mails wait in the outbox; a test that is about mail sends them with app.mailOutbox.sendDue().
  MAIL_WORKER: 'off',
};

/** The app on a fresh, migrated database (PGlite in memory, or PostgreSQL when DATABASE_URL is set). */
export async function createTestApp(env: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  const testDatabase = await createTestDatabase();
  const config = loadConfig({ ...TEST_ENV, ...env });
  const app = await buildApp({ config, db: testDatabase.database, logger: false });
  await app.ready();
  return {
    app,
    database: testDatabase.database,
    config,
    async close() {
      await app.close();
      await testDatabase.dispose();
    },
  };
}
