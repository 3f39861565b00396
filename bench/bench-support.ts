/**
 * What the API benches share: starting the server in a child process, waiting for it, running one
 * statement on the database server, measuring a route with autocannon (with the server's CPU per
 * request) and counting the SQL statements a request costs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { createDb, type Database } from '../apps/server/src/db/client';

export const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
export const durationSeconds = Number(process.env.BENCH_SECONDS ?? 8);

/** node itself (not the tsx launcher), so that its pid is the server's for the CPU figures. */
export function startProcess(script: string, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function waitFor(url: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within 120 s`);
}

export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = await createDb({ databaseUrl: serverUrl, dataDir: '' });
  try {
    await admin.orm.execute(sql.raw(statement));
  } finally {
    await admin.close();
  }
}

export interface Row {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  bytesPerResponse: number;
  /** Milliseconds of the server process's CPU per request; null without /proc. */
  cpuMs: number | null;
}

/** User + system CPU time of a process in milliseconds (Linux /proc; clock ticks of 10 ms). */
export function cpuMillisecondsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Two seconds of the same load first (JIT, plans, the response cache), then the measured run. */
export async function measure(name: string, url: string, headers: Record<string, string> = {}, pid?: number): Promise<Row> {
  await autocannon({ url, connections, duration: 2, headers });
  const cpuBefore = cpuMillisecondsOf(pid);
  const result = await autocannon({ url, connections, duration: durationSeconds, headers });
  const cpuAfter = cpuMillisecondsOf(pid);
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
    bytesPerResponse: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
    cpuMs: cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / Math.max(1, result.requests.total),
  };
}

/** Counts every statement the app sends, by wrapping the driver's client (`$client.query`). */
export function countQueries(database: Database): { reset(): void; readonly count: number } {
  const client = (database.driver as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = client.query.bind(client);
  let count = 0;
  client.query = (...args: unknown[]) => {
    count += 1;
    return original(...args);
  };
  return {
    reset: () => {
      count = 0;
    },
    get count() {
      return count;
    },
  };
}
