import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const appPort = 4400;
const barePort = 4401;
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 8);

function startProcess(script: string, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(join(root, 'node_modules/.bin/tsx'), [script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitFor(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within 60 s`);
}

async function register(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.test', username: 'bench', password: 'quiet-orchard-42' }),
  });
  if (response.status !== 201) throw new Error(`register answered ${response.status}`);
  const { token } = (await response.json()) as { token: string };
  return token;
}

interface Row {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Row> {
  const result = await autocannon({ url, connections, duration: durationSeconds, headers });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'pulse-bench-'));
const kind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const server = startProcess('apps/server/src/main.ts', {
  PORT: String(appPort),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  PUBLIC_URL: `http://127.0.0.1:${appPort}`,
});
const bare = startProcess('bench/bare-server.ts', { PORT: String(barePort) });

try {
  const base = `http://127.0.0.1:${appPort}`;
  await Promise.all([waitFor(`${base}/api/health`), waitFor(`http://127.0.0.1:${barePort}/bare`)]);
  const token = await register(base);
  const auth = { authorization: `Bearer ${token}` };

  const rows: Row[] = [];
  rows.push(await measure('bare Fastify route', `http://127.0.0.1:${barePort}/bare`));
  rows.push(await measure('GET /api/health (select 1)', `${base}/api/health`));
  rows.push(await measure('GET /api/auth/me (session + user)', `${base}/api/auth/me`, auth));
  rows.push(await measure('GET /api/baskets/count', `${base}/api/baskets/count`, auth));
  rows.push(await measure('GET /order/abc (app shell, deep link)', `${base}/order/abc`, { accept: 'text/html' }));

  const bareRate = rows[0]!.requestsPerSecond;
  console.log(`\n${kind}, ${connections} connections, ${durationSeconds} s each, Node ${process.version}\n`);
  console.log('| route | req/s | p50 ms | p99 ms | ratio to bare | non-2xx |');
  console.log('|---|---|---|---|---|---|');
  for (const row of rows) {
    const ratio = (row.requestsPerSecond / bareRate).toFixed(2);
    console.log(`| ${row.name} | ${row.requestsPerSecond} | ${row.p50} | ${row.p99} | ${ratio} | ${row.non2xx} |`);
  }
} finally {
  server.kill('SIGINT');
  bare.kill('SIGINT');
  await new Promise((r) => setTimeout(r, 1000));
  rmSync(dataDir, { recursive: true, force: true });
}
