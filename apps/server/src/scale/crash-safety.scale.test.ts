import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import type { TPostPage } from '@pulse/contract/hub';
import type { TOrderListResponse } from '@pulse/contract/orders';
import { BACKUP_FILE_PATTERN, createDb, pgliteDirectoryOf } from '../db/client';
import { createThrowAwayDatabase, DEFAULT_DATABASE_URL, type ThrowAwayDatabase } from './scale-services';
import { spawnServerProcess, type SpawnedServerProcess } from './server-process';
import { callApi, checkIntegrity, findLostWrites, prepareBurst, runBurstUntilKilled, signIn } from './write-burst';

/**
 * Crash safety (issue 15, decision 026): the real server is killed with SIGKILL while it seeds the
 * demo and while it takes a burst of writes, and restarted on the same data. Every acknowledged
 * write must be there, nothing half done, the ledger balanced; on PGlite and on PostgreSQL. On
 * PGlite also the backup and restore commands, and a damaged folder.
 */
const databaseServerUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
const serverRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BACKUP_CLI = resolve(serverRoot, 'src/backup-cli.ts');

/** Starting on a fresh folder migrates it and seeds 400 pictures: slow on a busy 2-core machine. */
const SEED_TIMEOUT_MS = 240_000;
const START_TIMEOUT_MS = 120_000;
/** Acknowledged writes before the kill; the other writers are still waiting for answers then. */
const KILL_AFTER_WRITES = 40;

const CATALOGUE_COMMITTED = /Demo seed: catalogue committed/;

const started: Array<{ engine: string; server: SpawnedServerProcess }> = [];
const folders: string[] = [];

/** Registered through the test's own context: with the engines side by side, the global hook could pick the other test. */
function printOutputsOnFailure({ onTestFailed }: TestContext) {
  onTestFailed(() => {
    for (const { engine, server } of started) console.error(`--- ${engine} server process ${server.pid} ---\n${server.output.slice(-12_000)}`);
  });
}

async function launch(env: NodeJS.ProcessEnv): Promise<SpawnedServerProcess> {
  const server = await spawnServerProcess(env);
  started.push({ engine: env.DATABASE_URL ? 'PostgreSQL' : 'PGlite', server });
  return server;
}

async function launchHealthy(env: NodeJS.ProcessEnv): Promise<SpawnedServerProcess> {
  const server = await launch(env);
  await server.waitUntilHealthy(START_TIMEOUT_MS);
  return server;
}

async function newFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'pulse-crash-'));
  folders.push(folder);
  return folder;
}

afterAll(async () => {
  await Promise.all(started.map(({ server }) => server.stop()));
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

function serverEnv(dataDir: string, databaseUrl?: string): NodeJS.ProcessEnv {
  return {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: join(dataDir, 'no-web'),
    REDIS_URL: '',
    // The burst posts more than a person would; the limit is not what this test is about.
    RATE_LIMIT_HUB_POSTS_PER_HOUR: '10000',
  };
}

/** The whole demo is there: the demo buyer's orders and the Hub, written last (a half seed has neither). */
async function expectWholeDemo(baseUrl: string): Promise<void> {
  const token = await signIn(baseUrl, 'buyer@demo.pulse.market');
  const feed = await callApi<TPostPage>(baseUrl, '/api/hub/feed', { token });
  expect(feed.status).toBe(200);
  expect(feed.body.items.length).toBeGreaterThan(0);
  const orders = await callApi<TOrderListResponse>(baseUrl, '/api/orders', { token });
  expect(orders.status).toBe(200);
  expect(orders.body.items.length).toBeGreaterThan(0);
}

/**
 * Kills the first start once the seed's catalogue has committed (the orders, referrals and Hub are
 * still to come) and restarts: the next start must finish with the whole demo.
 */
async function killDuringSeedThenRestart(env: NodeJS.ProcessEnv): Promise<SpawnedServerProcess> {
  const first = await launch(env);
  await first.waitForOutput(CATALOGUE_COMMITTED, SEED_TIMEOUT_MS);
  await first.kill();
  expect(first.output).not.toMatch(/Demo data seeded/);

  const second = await launch(env);
  await second.waitUntilHealthy(SEED_TIMEOUT_MS);
  await expectWholeDemo(second.baseUrl);
  expect(second.output).toMatch(/demo seed of an earlier start was interrupted/);
  expect(second.output).toMatch(/Demo data seeded/);
  expect(second.output).not.toMatch(/Aborted\(\)/);
  return second;
}

/** Burst, SIGKILL in the middle, restart, every acknowledged write read back. Leaves the restarted server running. */
async function burstKillRestart(server: SpawnedServerProcess, env: NodeJS.ProcessEnv): Promise<SpawnedServerProcess> {
  const plan = await prepareBurst(server.baseUrl);
  const outcome = await runBurstUntilKilled(server.baseUrl, plan, KILL_AFTER_WRITES, () => server.kill());
  const { acknowledged } = outcome;
  console.info(
    `burst: ${acknowledged.topUps.length} top-ups, ${acknowledged.orders.length} orders, ${acknowledged.posts.length} posts, ` +
      `${acknowledged.basketAdds.length} basket lines acknowledged; ${outcome.inFlightAtKill} requests in flight at the kill; ` +
      `refusals: ${JSON.stringify(outcome.refusals.map((refusal) => `${refusal.route} ${refusal.status}`))}`,
  );
  expect(outcome.refusals.filter((refusal) => refusal.status >= 500)).toEqual([]);
  expect(outcome.inFlightAtKill).toBeGreaterThan(0);
  expect(acknowledged.orders.length).toBeGreaterThan(0);
  expect(acknowledged.topUps.length).toBeGreaterThan(0);
  expect(acknowledged.posts.length).toBeGreaterThan(0);
  expect(acknowledged.basketAdds.length).toBeGreaterThan(0);

  const restarted = await launchHealthy(env);
  expect(restarted.output).not.toMatch(/Aborted\(\)/);
  expect(await findLostWrites(restarted.baseUrl, acknowledged)).toEqual([]);
  return restarted;
}

const NO_VIOLATIONS = (checks: Record<string, number>) => Object.fromEntries(Object.keys(checks).map((rule) => [rule, 0]));

/** The integrity rules over PGlite's files once no server holds them, inside a read-only transaction. */
async function checkPgliteIntegrity(dataDir: string): Promise<Record<string, number>> {
  const database = await createDb({ databaseUrl: null, dataDir });
  if (database.kind !== 'pglite') throw new Error('expected PGlite');
  try {
    await database.client.query('begin transaction read only');
    const found = await checkIntegrity(async (query) => Number((await database.client.query<{ n: string | number }>(query)).rows[0]?.n ?? 0));
    await database.client.query('rollback');
    return found;
  } finally {
    await database.close();
  }
}

async function checkPostgresIntegrity(databaseUrl: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl, options: '-c default_transaction_read_only=on' });
  await client.connect();
  try {
    return await checkIntegrity(async (query) => Number((await client.query<{ n: string }>(query)).rows[0]?.n ?? 0));
  } finally {
    await client.end();
  }
}

/** `npm run backup` / `npm run restore` as a person runs them (the same CLI, on DATA_DIR). */
function runBackupCli(args: string[], dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolveRun, reject) => {
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'NODE_OPTIONS'));
    const child = spawn(process.execPath, ['--import', 'tsx', BACKUP_CLI, ...args], {
      cwd: serverRoot,
      env: { ...inherited, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolveRun({ code, output }));
  });
}

// The two engines run side by side (each mostly waits on its own seed); the steps of one engine run in order.
describe.concurrent('kill -9 on PGlite', () => {
  let dataDir = '';
  let env: NodeJS.ProcessEnv = {};
  let running: SpawnedServerProcess | null = null;
  let acknowledgedOrder: { token: string; orderId: string } | null = null;

  beforeAll(async () => {
    dataDir = await newFolder();
    env = serverEnv(dataDir);
  });

  it.sequential('a kill during the first start\'s demo seed: the next start clears the half seed and seeds the whole demo', { timeout: 2 * SEED_TIMEOUT_MS }, async (context) => {
    printOutputsOnFailure(context);
    running = await killDuringSeedThenRestart(env);
  });

  it.sequential('a kill in the middle of a burst of writes: it starts again, every acknowledged write is there, nothing half done, the ledger balanced', { timeout: 3 * START_TIMEOUT_MS }, async (context) => {
    printOutputsOnFailure(context);
    if (!running) throw new Error('the seeded server did not start');
    const restarted = await burstKillRestart(running, env);
    const token = await signIn(restarted.baseUrl, 'buyer@demo.pulse.market');
    const orders = await callApi<TOrderListResponse>(restarted.baseUrl, '/api/orders?limit=1', { token });
    acknowledgedOrder = orders.body.items[0] ? { token, orderId: orders.body.items[0].id } : null;
    await restarted.stop();
    running = null;
    const checks = await checkPgliteIntegrity(dataDir);
    expect(checks).toEqual(NO_VIOLATIONS(checks));
  });

  it.sequential('npm run backup; a damaged folder stops the server with the folder, the backup and the restore command; npm run restore brings the backup back', { timeout: 5 * START_TIMEOUT_MS }, async (context) => {
    printOutputsOnFailure(context);
    const backup = await runBackupCli(['backup'], dataDir);
    expect(backup.code, backup.output).toBe(0);
    const file = /Backup written: (\S+)/.exec(backup.output)?.[1] ?? '';
    expect(basename(file)).toMatch(BACKUP_FILE_PATTERN);
    expect(existsSync(file)).toBe(true);

    // A sign-up after the backup, which the restore must take away; the restore waits for the server to stop.
    const server = await launchHealthy(env);
    const later = { email: `after-backup-${Date.now()}@example.com`, username: `after_backup_${Date.now() % 1_000_000}`, password: 'meadow-tractor-91' };
    expect((await callApi(server.baseUrl, '/api/auth/register', { method: 'POST', body: later })).status).toBe(201);
    const refused = await runBackupCli(['restore', file], dataDir);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('stop the server first');
    await server.stop();

    writeFileSync(join(pgliteDirectoryOf(dataDir), 'global', 'pg_control'), 'not a control file');
    const damaged = await launch(env);
    expect(await damaged.waitForExit(START_TIMEOUT_MS)).toBe(1);
    expect(damaged.output).not.toMatch(/Aborted\(\)|RuntimeError/);
    expect(damaged.output).toContain(`The embedded database in ${pgliteDirectoryOf(dataDir)} could not be opened`);
    expect(damaged.output).toContain(`npm run restore -- ${file}`);

    const restore = await runBackupCli(['restore', file], dataDir);
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toMatch(/kept in .*pglite\.before-restore-/);
    const restored = await launchHealthy(env);
    expect((await callApi(restored.baseUrl, '/api/auth/login', { method: 'POST', body: { email: later.email, password: later.password } })).status).toBe(401);
    if (!acknowledgedOrder) throw new Error('the burst left the demo buyer without orders');
    expect((await callApi(restored.baseUrl, `/api/orders/${acknowledgedOrder.orderId}`, { token: acknowledgedOrder.token })).status).toBe(200);
    await restored.stop();
  });
});

describe.concurrent('kill -9 on PostgreSQL (the Node process)', () => {
  let database: ThrowAwayDatabase | null = null;
  let env: NodeJS.ProcessEnv = {};
  let running: SpawnedServerProcess | null = null;

  beforeAll(async () => {
    database = await createThrowAwayDatabase(databaseServerUrl);
    // Uploads go under DATA_DIR; the database is PostgreSQL.
    env = serverEnv(await newFolder(), database.url);
  });

  afterAll(async () => {
    await running?.stop();
    await database?.drop();
  });

  it.sequential('a kill during the first start\'s demo seed: the next start clears the half seed and seeds the whole demo', { timeout: 2 * SEED_TIMEOUT_MS }, async (context) => {
    printOutputsOnFailure(context);
    running = await killDuringSeedThenRestart(env);
  });

  it.sequential('a kill in the middle of a burst of writes: every acknowledged write is there, nothing half done, the ledger balanced', { timeout: 3 * START_TIMEOUT_MS }, async (context) => {
    printOutputsOnFailure(context);
    if (!running || !database) throw new Error('the seeded server did not start');
    running = await burstKillRestart(running, env);
    await running.stop();
    running = null;
    const checks = await checkPostgresIntegrity(database.url);
    expect(checks).toEqual(NO_VIOLATIONS(checks));
  });
});
