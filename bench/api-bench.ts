// The server's own ambient declarations, since this file type-checks the server code it imports.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- a global declaration file has no module to import
/// <reference path="../apps/server/src/types/dumb-passwords.d.ts" />
/**
 * API benchmark (not a test): a catalogue of BENCH_PRODUCTS (default 100,000) synthetic products in
 * a dedicated database, then autocannon against the listing, a typo'd search and the details page,
 * beside a bare Fastify route measured in the same run; and the SQL queries each request costs for
 * page sizes 12, 24 and 60 (counted in-process by wrapping the database client).
 *
 * autocannon repeats one URL, so the rows are served from the server's per-process response cache
 * (decision 018) after the first request of each 5 s, the signed-in rows (a real session's bearer
 * token) too since decision 057: the public page is the same for everyone. The signed-in listing is
 * measured beside the anonymous one with the same Accept-Encoding, and their p99 ratio printed (the
 * target is at most 1.5; BENCH_LISTING_ROUNDS=3 measures the pair three times in turn and compares
 * medians, BENCH_ROUTES=listing skips the details and the search). CPU per request is the server process's (from /proc; "-" where there is none).
 *
 * PGlite by default (a temporary DATA_DIR); with DATABASE_URL, PostgreSQL: a database `pulse_bench`
 * is created on that server and dropped at the end. Everything stays on 127.0.0.1.
 * Run: `npm run bench` or `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench`.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDb } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { connections, countQueries, durationSeconds, measure, onServer, startProcess, waitFor, type Row } from './bench-support';
import { seedLargeCatalogue } from '../apps/server/src/seed/large-seed';
import { publicResponseCacheFor } from '../apps/server/src/modules/products/products-response-cache';
import { createObjectStorage } from '../apps/server/src/modules/uploads/create-object-storage';

const appPort = 4400;
const barePort = 4401;
const productCount = Number(process.env.BENCH_PRODUCTS ?? 100_000);
/** A misspelt word, as people type it: the search must still find "Tomatoes". */
const typo = process.env.BENCH_QUERY ?? 'tomatos';
const benchDatabaseName = 'pulse_bench';
/** BENCH_ROUTES=listing: the bare route and the listing rows only (no details, no search). */
const listingOnly = process.env.BENCH_ROUTES === 'listing';
/** BENCH_LISTING_ROUNDS: how many times the anonymous and the signed-in listing are measured in turn (medians compared). */
const listingRounds = Math.max(1, Number(process.env.BENCH_LISTING_ROUNDS ?? 1));
/** What a browser sends: the API answers gzip (decision 018). */
const browserEncodings = 'gzip, deflate, br, zstd';

const kind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const dataDir = mkdtempSync(join(tmpdir(), 'pulse-bench-'));
let databaseUrl: string | null = null;
if (process.env.DATABASE_URL) {
  await onServer(process.env.DATABASE_URL, `drop database if exists ${benchDatabaseName} with (force)`);
  await onServer(process.env.DATABASE_URL, `create database ${benchDatabaseName}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${benchDatabaseName}`;
  databaseUrl = url.toString();
}
const serverEnv = {
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl ?? '',
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  WEB_DIST_DIR: join(dataDir, 'no-web'),
};

let server: ChildProcess | null = null;
let bare: ChildProcess | null = null;
try {
  // 1. The catalogue, and the query counts, in this process (PGlite admits one process at a time).
  const config = loadConfig({ ...serverEnv, PUBLIC_URL: `http://127.0.0.1:${appPort}` });
  const database = await createDb(config);
  const queryCounts: Array<{ request: string; queries: number[] }> = [];
  let productId = '';
  let token = '';
  try {
    await migrate(database);
    const storage = await createObjectStorage(config);
    console.log(`Seeding ${productCount.toLocaleString('en')} products into ${kind}...`);
    const seeded = await seedLargeCatalogue(
      { db: database.orm, objectStorage: storage.storage },
      { products: productCount, batchSize: 1000, log: (line) => console.log(line) },
    );
    console.log(`Seeded in ${(seeded.milliseconds / 1000).toFixed(1)} s`);
    await storage.close();
    await database.orm.execute(sql`analyze`);

    const app = await buildApp({ config, db: database, logger: false });
    await app.ready();
    // A buyer for the signed-in row (the session lives in the database the server opens next).
    const registered = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: `bench-${Date.now().toString(36)}@bench.pulse.market`, username: `bench${Date.now().toString(36)}`, password: 'meadow-tractor-91' },
    });
    if (registered.statusCode !== 201) throw new Error(`register answered ${registered.statusCode}: ${registered.body.slice(0, 200)}`);
    token = (registered.json() as { token: string }).token;
    const counter = countQueries(database);
    const first = await app.inject({ method: 'GET', url: '/api/products?limit=1' });
    productId = (first.json() as { items: Array<{ id: string }> }).items[0]?.id ?? '';
    const requests: Array<[string, (limit: number) => string]> = [
      ['GET /api/products (newest)', (limit) => `/api/products?limit=${limit}`],
      [`GET /api/products?q=${typo}`, (limit) => `/api/products?q=${typo}&limit=${limit}`],
      ['GET /api/products (page 2, cursor)', (limit) => `/api/products?limit=${limit}&cursor=CURSOR`],
      ['GET /api/products/{id}', () => `/api/products/${productId}`],
    ];
    for (const [name, path] of requests) {
      const queries: number[] = [];
      for (const limit of [12, 24, 60]) {
        let url = path(limit);
        if (url.includes('CURSOR')) {
          const page = await app.inject({ method: 'GET', url: `/api/products?limit=${limit}` });
          url = url.replace('CURSOR', encodeURIComponent((page.json() as { nextCursor: string | null }).nextCursor ?? ''));
        }
        // The work behind a response: an anonymous page cached by an earlier request costs none.
        publicResponseCacheFor(database.orm).clear();
        counter.reset();
        const response = await app.inject({ method: 'GET', url });
        if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
        queries.push(counter.count);
      }
      queryCounts.push({ request: name, queries });
    }
    await app.close();
  } finally {
    await database.close();
  }

  // 2. The real server process and the yardstick.
  server = startProcess('apps/server/src/main.ts', { ...serverEnv, PORT: String(appPort), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${appPort}` });
  bare = startProcess('bench/bare-server.ts', { PORT: String(barePort) });
  const base = `http://127.0.0.1:${appPort}`;
  await Promise.all([waitFor(`${base}/api/health`), waitFor(`http://127.0.0.1:${barePort}/bare`)]);

  // Other jobs on a shared machine move these figures: the load is printed at the start and the end.
  const loadAtStart = loadavg()[0]?.toFixed(1) ?? '?';
  const rows: Row[] = [];
  rows.push(await measure('bare Fastify route', `http://127.0.0.1:${barePort}/bare`, {}, bare.pid));
  // Search last: its slow requests still in flight when autocannon stops would queue in front of
  // the next route's; a pause and a health probe drain them between routes anyway.
  const drain = async () => {
    await new Promise((r) => setTimeout(r, 2000));
    await waitFor(`${base}/api/health`);
  };
  const listing = `${base}/api/products?limit=24`;
  const signedIn = { 'accept-encoding': browserEncodings, authorization: `Bearer ${token}` };
  rows.push(await measure('GET /api/products?limit=24 (listing, newest)', listing, {}, server.pid));
  await drain();
  // The anonymous and the signed-in listing (same encodings) in turn, listingRounds times: on a
  // shared machine one 8 s run of each differs by more than the two paths do.
  const anonymousRows: Row[] = [];
  const signedInRows: Row[] = [];
  for (let round = 1; round <= listingRounds; round += 1) {
    const suffix = listingRounds > 1 ? ` (round ${round})` : '';
    anonymousRows.push(await measure(`same, Accept-Encoding of a browser${suffix}`, listing, { 'accept-encoding': browserEncodings }, server.pid));
    await drain();
    signedInRows.push(await measure(`same, signed in, browser encodings${suffix}`, listing, signedIn, server.pid));
    await drain();
    rows.push(anonymousRows.at(-1)!, signedInRows.at(-1)!);
  }
  if (!listingOnly) {
    rows.push(await measure('GET /api/products/{id} (details)', `${base}/api/products/${productId}`, {}, server.pid));
    await drain();
    rows.push(await measure('same, signed in, browser encodings', `${base}/api/products/${productId}`, signedIn, server.pid));
    await drain();
    rows.push(await measure(`GET /api/products?q=${typo}&limit=24 (search, typo)`, `${base}/api/products?q=${typo}&limit=24`, {}, server.pid));
  }
  const bareRate = rows[0]?.requestsPerSecond ?? 1;
  console.log(
    `\n${kind}, ${productCount.toLocaleString('en')} products, ${connections} connections, ${durationSeconds} s each, Node ${process.version}, ` +
      `${cpus().length} CPUs, load average ${loadAtStart} at the start, ${loadavg()[0]?.toFixed(1) ?? '?'} at the end\n`,
  );
  console.log('| route | req/s | p50 ms | p99 ms | ratio to bare | non-2xx | bytes/response | server CPU ms/request |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    const ratio = (row.requestsPerSecond / bareRate).toFixed(3);
    const cpu = row.cpuMs === null ? '-' : row.cpuMs.toFixed(3);
    console.log(`| ${row.name} | ${row.requestsPerSecond} | ${row.p50} | ${row.p99} | ${ratio} | ${row.non2xx} | ${row.bytesPerResponse} | ${cpu} |`);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const p99Ratio = median(signedInRows.map((row) => row.p99)) / Math.max(median(anonymousRows.map((row) => row.p99)), 1);
  const rateRatio = median(signedInRows.map((row) => row.requestsPerSecond)) / Math.max(median(anonymousRows.map((row) => row.requestsPerSecond)), 1);
  console.log(
    `\nSigned-in listing against anonymous (both browser encodings${listingRounds > 1 ? `, medians of ${listingRounds} rounds` : ''}): ` +
      `p99 ${p99Ratio.toFixed(2)}x, req/s ${rateRatio.toFixed(2)}x (target: p99 at most 1.5x)`,
  );
  console.log('\nSQL queries per request, without a cached response (page size 12 / 24 / 60):\n');
  console.log('| request | limit 12 | limit 24 | limit 60 |');
  console.log('|---|---|---|---|');
  for (const { request, queries } of queryCounts) console.log(`| ${request} | ${queries.join(' | ')} |`);
} finally {
  server?.kill('SIGINT');
  bare?.kill('SIGINT');
  await new Promise((r) => setTimeout(r, 1500));
  rmSync(dataDir, { recursive: true, force: true });
  if (process.env.DATABASE_URL) await onServer(process.env.DATABASE_URL, `drop database if exists ${benchDatabaseName} with (force)`);
}
