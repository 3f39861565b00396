import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { bearer, registerTestUser } from '../../testing/auth-helpers';
import { TEST_ENV } from '../../testing/create-test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/create-test-database';
import { findSetting } from './settings-repository';

let testDatabase: TestDatabase;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
});

afterAll(async () => {
  await testDatabase.dispose();
});

describe('JWT secret', () => {
  it('without JWT_SECRET, is generated once and shared by every process on the database', async () => {
    const config = loadConfig(TEST_ENV);
    // Two apps on one database stand for two server processes behind a load balancer.
    const first = await buildApp({ config, db: testDatabase.database, logger: false });
    const second = await buildApp({ config, db: testDatabase.database, logger: false });
    try {
      const stored = await findSetting(testDatabase.database.orm, 'jwt_secret');
      expect(stored).toBeTruthy();
      expect(Buffer.from(stored ?? '', 'base64url')).toHaveLength(48);
      const { token } = await registerTestUser(first);
      const me = await second.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      expect(me.statusCode).toBe(200);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('uses JWT_SECRET when set instead of the stored secret', async () => {
    const secret = 'an-operator-chosen-secret-of-at-least-32-chars';
    const app = await buildApp({ config: loadConfig({ ...TEST_ENV, JWT_SECRET: secret }), db: testDatabase.database, logger: false });
    try {
      expect(app.jwtSecret).toBe(secret);
      const other = await buildApp({ config: loadConfig(TEST_ENV), db: testDatabase.database, logger: false });
      const { token } = await registerTestUser(app);
      const me = await other.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      expect(me.statusCode).toBe(401);
      await other.close();
    } finally {
      await app.close();
    }
  });
});
