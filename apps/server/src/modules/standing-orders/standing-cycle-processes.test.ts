import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuyer, createProduct, createSeller, fundWallet, ledgerTotal } from '../orders/testing/order-fixtures';
import { sweepStandingOrders } from './standing-cycle-engine';
import { createStandingOrder, createWeeklySlot, cycleOf, cycleTimes, ordersOfBuyer } from './testing/standing-fixtures';
import { POSTGRES_SERVER_URL, createAppOnPostgres, postgresReachable, type AppOnPostgres } from '../../testing/postgres-server';

/**
 * Exactly once across processes (issue 28, decision 064), on PostgreSQL: two processes sweep the
 * same due cycles at once, and a process killed with SIGKILL while it holds a cycle's row leaves
 * nothing behind. The database is a throw-away one of this file (created from DATABASE_URL's
 * server, or the local one CI has), so parallel PostgreSQL tests never share it. Without a
 * reachable PostgreSQL server the file has nothing to run.
 */
const serverUrl = POSTGRES_SERVER_URL;
const CHILD = resolve(dirname(fileURLToPath(import.meta.url)), 'testing/sweep-child.ts');
const serverRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const postgres = await postgresReachable(serverUrl);

let onPostgres: AppOnPostgres;
let app: FastifyInstance;
const children: ChildProcess[] = [];

interface Child {
  process: ChildProcess;
  output(): string;
  /** Resolves when the output has `text`. */
  waitFor(text: string): Promise<void>;
  exited: Promise<number | null>;
}

function startChild(now: Date, mode: 'sweep' | 'hang'): Child {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'NODE_OPTIONS'));
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, onPostgres.databaseUrl, now.toISOString(), mode], { cwd: serverRoot, env: inherited, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  const waiters: Array<{ text: string; resolve: () => void }> = [];
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of waiters.splice(0)) {
      if (output.includes(waiter.text)) waiter.resolve();
      else waiters.push(waiter);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolveExit) => child.on('exit', (code) => resolveExit(code)));
  return {
    process: child,
    output: () => output,
    waitFor: (text) =>
      new Promise<void>((resolveWait, reject) => {
        if (output.includes(text)) return resolveWait();
        waiters.push({ text, resolve: resolveWait });
        void exited.then((code) => reject(new Error(`child exited (${code}) before "${text}":\n${output}`)));
      }),
    exited,
  };
}

async function basket(sellerName: string) {
  const seller = await createSeller(app, sellerName);
  const buyer = await createBuyer(app);
  await fundWallet(app, buyer.id, 100_000);
  const productId = await createProduct(app, seller.id, { title: 'Cassava', priceMinor: 400, stockQuantity: 40 });
  await createWeeklySlot(app, seller.id, 0);
  const standingOrderId = await createStandingOrder(app, { buyerUserId: buyer.id, sellerUserId: seller.id, lines: [{ productId, quantity: 3, acceptedUnitPriceMinor: 400 }] });
  return { buyer, standingOrderId };
}

describe.runIf(postgres)('weekly basket cycles across processes (PostgreSQL)', () => {
  beforeAll(async () => {
    onPostgres = await createAppOnPostgres(serverUrl);
    app = onPostgres.app;
  }, 120_000);
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await onPostgres?.close();
  });

  it('two processes sweeping the same due cycles at once make exactly one order per cycle', async () => {
    const baskets = [await basket('Two Process Farm A'), await basket('Two Process Farm B'), await basket('Two Process Farm C')];
    const week0 = cycleTimes(0);
    const first = startChild(week0.place, 'sweep');
    const second = startChild(week0.place, 'sweep');
    const codes = await Promise.all([first.exited, second.exited]);
    expect(codes, `${first.output()}\n${second.output()}`).toEqual([0, 0]);
    for (const { buyer, standingOrderId } of baskets) {
      expect(await ordersOfBuyer(app, buyer.id)).toHaveLength(1);
      expect((await cycleOf(app, standingOrderId, week0.cycleDate))?.status).toBe('placed');
    }
    expect(await ledgerTotal(app)).toBe(0);
  }, 120_000);

  it('a process killed with SIGKILL while it holds a cycle leaves nothing; the next sweep orders it once', async () => {
    const { buyer, standingOrderId } = await basket('Killed Sweep Farm');
    const week0 = cycleTimes(0);
    const doomed = startChild(week0.place, 'hang');
    await doomed.waitFor('claimed');
    doomed.process.kill('SIGKILL');
    await doomed.exited;
    // The killed transaction rolled back: no cycle row, no order, no money moved.
    const after = await sweepStandingOrders(app, week0.place, { standingOrderIds: [standingOrderId] });
    expect(after.changed).toEqual([expect.objectContaining({ status: 'placed' })]);
    expect(await ordersOfBuyer(app, buyer.id)).toHaveLength(1);
    await sweepStandingOrders(app, new Date(week0.place.getTime() + 60_000), { standingOrderIds: [standingOrderId] });
    expect(await ordersOfBuyer(app, buyer.id)).toHaveLength(1);
    expect(await ledgerTotal(app)).toBe(0);
  }, 120_000);
});
