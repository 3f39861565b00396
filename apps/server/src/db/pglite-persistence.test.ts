import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { registerTestUser } from '../testing/auth-helpers';
import { TEST_ENV } from '../testing/create-test-app';
import { createDb, DatabaseDamagedError, DatabaseLockedError } from './client';
import { migrate } from './migrate';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const tsxCli = resolve(serverDir, '../../node_modules/tsx/dist/cli.mjs');
const dataDirs: string[] = [];

function createDataDir(): string {
  const directory = mkdtempSync(join(tmpdir(), 'pulse-data-'));
  dataDirs.push(directory);
  return directory;
}

afterAll(() => {
  for (const directory of dataDirs) rmSync(directory, { recursive: true, force: true });
});

// These tests are about the embedded database's files, so they use PGlite even when the rest of
// the suite runs against PostgreSQL.
describe('PGlite on disk', () => {
  // Two on-disk databases migrated from empty: over 30 s on a loaded 2-core machine (seen in a CI run).
  it('keeps an account across a clean close and reopen', { timeout: 120_000 }, async () => {
    const config = loadConfig({ ...TEST_ENV, DATA_DIR: createDataDir() });
    const first = await createDb(config);
    await migrate(first);
    const app = await buildApp({ config, db: first, logger: false });
    const registered = await registerTestUser(app);
    await app.close();
    await first.close();

    const second = await createDb(config);
    await migrate(second);
    const reopened = await buildApp({ config, db: second, logger: false });
    try {
      const login = await reopened.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: registered.user.email, password: registered.password },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json().user.id).toBe(registered.user.id);
      // The generated JWT secret was persisted too: the old token still works.
      const me = await reopened.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${registered.token}` } });
      expect(me.statusCode).toBe(200);
    } finally {
      await reopened.close();
      await second.close();
    }
  });

  it('refuses a second process on the same data folder with a message saying to stop the server', async () => {
    const dataDir = createDataDir();
    // The parent process (the test runner) is alive, so its pid in the lock file means "in use".
    writeFileSync(join(dataDir, 'pulse.lock'), String(process.ppid));
    const error = await createDb({ databaseUrl: null, dataDir }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DatabaseLockedError);
    expect((error as Error).message).toContain('stop the server');
  });

  it('refuses a damaged folder with a message naming it and the way out, and releases the lock', { timeout: 60_000 }, async () => {
    const dataDir = createDataDir();
    const database = await createDb({ databaseUrl: null, dataDir });
    await database.close();
    writeFileSync(join(dataDir, 'pglite', 'global', 'pg_control'), 'not a control file');

    const error = await createDb({ databaseUrl: null, dataDir }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DatabaseDamagedError);
    const message = (error as Error).message;
    expect(message).toContain(`The embedded database in ${join(dataDir, 'pglite')} could not be opened`);
    expect(message).toContain(`there is none in ${join(dataDir, 'backups')}`);
    expect(message).toContain('npm run restore -- <backup file>');
    expect(message).not.toContain('Aborted()');
    // The lock is not left behind: restoring (which takes it) can run next.
    expect(existsSync(join(dataDir, 'pulse.lock'))).toBe(false);
  });

  it('takes over a lock left by a process that no longer exists', async () => {
    const dataDir = createDataDir();
    writeFileSync(join(dataDir, 'pulse.lock'), '999999999');
    const database = await createDb({ databaseUrl: null, dataDir });
    await database.close();
  });
});

async function findFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function startServer(dataDir: string, port: number): ChildProcess {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  return spawn(process.execPath, [tsxCli, 'src/main.ts'], {
    cwd: serverDir,
    env: { ...env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST_DIR: join(dataDir, 'no-web'), SEED_DEMO: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error('server did not become healthy in time');
}

function waitForExit(child: ChildProcess): Promise<number | null> {
  return new Promise((resolveExit) => {
    if (child.exitCode !== null) resolveExit(child.exitCode);
    else child.once('exit', (code) => resolveExit(code));
  });
}

describe('npm start', () => {
  it('keeps data written just before Ctrl-C', { timeout: 240_000 }, async () => {
    const dataDir = createDataDir();
    const port = await findFreePort();
    const base = `http://127.0.0.1:${port}`;
    const credentials = { email: 'ctrl-c@example.com', username: 'ctrl_c', password: 'harvest-moon-2024' };

    const first = startServer(dataDir, port);
    try {
      await waitForHealth(base, first);
      const registered = await fetch(`${base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(credentials),
      });
      expect(registered.status).toBe(201);
    } finally {
      first.kill('SIGINT');
    }
    expect(await waitForExit(first)).toBe(0);

    const second = startServer(dataDir, port);
    try {
      await waitForHealth(base, second);
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: credentials.email, password: credentials.password }),
      });
      expect(login.status).toBe(200);
    } finally {
      second.kill('SIGTERM');
    }
    expect(await waitForExit(second)).toBe(0);
  });
});
