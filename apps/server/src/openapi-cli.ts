import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from './app';
import { loadConfig, MEMORY_DATA_DIR } from './config';
import { createDb } from './db/client';
import { migrate } from './db/migrate';

/**
 * The OpenAPI document the server serves at /api/openapi.json: the app on a fresh in-memory
 * database (never the configured one: DATABASE_URL, REDIS_URL and METRICS_PORT are ignored), never listening.
 */
async function servedDocument(): Promise<unknown> {
  const config = loadConfig({
    ...process.env,
    DATA_DIR: MEMORY_DATA_DIR,
    DATABASE_URL: '',
    REDIS_URL: '',
    // Nor the metrics listener: the document is written, nothing is served.
    METRICS_PORT: '',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ORDER_TIMERS: 'off',
    WEB_DIST_DIR: '/nonexistent-web-dist',
  });
  const database = await createDb(config);
  try {
    await migrate(database);
    const app = await buildApp({ config, db: database, logger: false });
    try {
      await app.ready();
      return app.swagger();
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

/** Runs a linter from node_modules/.bin (npm scripts put it on PATH); true when it found nothing. */
function run(command: string, args: string[]): boolean {
  console.log(`\n== ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.error) throw result.error;
  return result.status === 0;
}

/**
 * `openapi-cli write <file>`: writes the served document to a file.
 * `openapi-cli lint`: writes it to a temporary file and runs Redocly (recommended, redocly.yaml)
 * and Spectral (OWASP, .spectral.yaml) on it; exits non-zero on any finding (decision 042).
 */
async function main(): Promise<void> {
  const [mode, target] = process.argv.slice(2);
  const started = Date.now();
  const document = `${JSON.stringify(await servedDocument(), null, 2)}\n`;
  if (mode === 'write' && target) {
    await writeFile(target, document);
    return;
  }
  if (mode !== 'lint') throw new Error('usage: openapi-cli write <file.json> | openapi-cli lint');
  const directory = await mkdtemp(join(tmpdir(), 'pulse-openapi-'));
  try {
    const file = join(directory, 'openapi.json');
    await writeFile(file, document);
    console.log(`Document generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const redocly = run('redocly', ['lint', '--config', 'redocly.yaml', '--max-problems', '1000', file]);
    const spectral = run('spectral', ['lint', '--ruleset', '.spectral.yaml', '--fail-severity', 'hint', file]);
    console.log(`\nOpenAPI lint ${redocly && spectral ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (!redocly || !spectral) process.exitCode = 1;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
