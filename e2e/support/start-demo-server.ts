/**
 * webServer of the suite's "demo" project: the real server (apps/server/src/main.ts) on a fresh data
 * folder with SEED_DEMO=true, so it seeds the demo marketplace as `npm start` does on a first start.
 * main.ts seeds before it listens: /api/health answers only once the demo data is there.
 * Also started by the screenshot script (screenshots/take-screenshots.ts).
 */
import { existsSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PORT, DEMO_URL } from './demo-address';
import { RAISED_RATE_LIMITS } from './server-env';
import { DEMO_DATA_DIR } from './demo-server-process';

const e2eRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(e2eRoot, '..');
const dataDir = DEMO_DATA_DIR;
const webIndex = resolve(repoRoot, 'apps/web/dist/index.html');

async function startDemoServer(): Promise<void> {
  if (!existsSync(webIndex)) {
    console.error(`The web app is not built: ${webIndex} is missing. Run "npm run build -w @pulse/web" first.`);
    process.exit(1);
  }
  // A fresh folder each start: the seed runs only on a database without users.
  rmSync(dataDir, { recursive: true, force: true });
  Object.assign(process.env, {
    PORT: String(DEMO_PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // Always PGlite: the demo project reads the seed, it does not test the database engine.
    DATABASE_URL: '',
    REDIS_URL: '',
    PUBLIC_URL: DEMO_URL,
    OIDC_ISSUER: '',
    ...RAISED_RATE_LIMITS,
    LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? 'warn',
    SEED_DEMO: 'true',
  });
  // main.ts migrates, seeds, then listens, with its own signal handlers that close the database.
  await import('../../apps/server/src/main');
}

startDemoServer().catch((error: unknown) => {
  console.error('The e2e demo server could not start:', error);
  process.exit(1);
});
