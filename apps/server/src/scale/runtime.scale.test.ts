import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { inCaretRange, pinnedNode } from '../testing/pinned-node';
import { createThrowAwayDatabase, DEFAULT_DATABASE_URL, type ThrowAwayDatabase } from './scale-services';
import { spawnServerProcess, type SpawnedServerProcess } from './server-process';

/**
 * The scale suite's processes (this worker and the servers it starts, as two-process and
 * crash-safety do) run on the Node package.json pins (decision 044); the CI log shows each version.
 */
let server: SpawnedServerProcess | null = null;
let dataDir: string | null = null;
let database: ThrowAwayDatabase | null = null;

afterAll(async () => {
  await server?.stop();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it('the worker and a server process it starts run on the pinned Node', async () => {
  const { engines, exact } = pinnedNode();
  console.log(`[runtime] vitest worker (scale project): Node ${process.version} (${process.execPath})`);
  expect(inCaretRange(process.version, engines), `Node ${process.version} is outside engines.node ${engines}`).toBe(true);
  if (exact) expect(process.version).toBe(`v${exact}`);

  dataDir = await mkdtemp(join(tmpdir(), 'pulse-runtime-'));
  // PostgreSQL, as the other scale tests: PGlite's first start alone can take a minute on a busy machine.
  database = await createThrowAwayDatabase(process.env.DATABASE_URL || DEFAULT_DATABASE_URL);
  server = await spawnServerProcess({ DATA_DIR: dataDir, DATABASE_URL: database.url, REDIS_URL: '', LOG_LEVEL: 'info', WEB_DIST_DIR: join(dataDir, 'no-web') });
  // main.ts logs this line once it listens.
  await server.waitForOutput(/is running at .*Node v\d+\.\d+\.\d+/, 100_000);
  const serverVersion = /is running at .*Node (v\d+\.\d+\.\d+)/.exec(server.output)![1];
  console.log(`[runtime] server process ${server.pid}: Node ${serverVersion}`);
  expect(serverVersion).toBe(process.version);
}, 120_000);
