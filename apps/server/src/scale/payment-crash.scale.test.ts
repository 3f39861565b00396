import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it, type TestContext } from 'vitest';
import { startPaystackDouble, type PaystackDouble } from '@pulse/paystack-double';
import type { TAuthResponse } from '@pulse/contract/auth';
import type { TTopUpResponse, TWalletResponse } from '@pulse/contract/wallet';
import { PAYSTACK_WEBHOOK_PATH } from '../modules/payments/paystack-webhook-routes';
import { crashEngines, crashServerEnv, withCrashReader as withReader, type CrashEngine as Engine, type CrashReader as Reader } from './crash-engines';
import { spawnServerProcess, type SpawnedServerProcess } from './server-process';
import { callApi, checkIntegrity } from './write-burst';

/**
 * Issue 24, "kill -9 between Paystack's success and the ledger write, then restart: reconciliation
 * credits it once", literally, on PGlite and on PostgreSQL. A real server process on Paystack (the
 * double) gets Paystack's signed charge.success, stores it, answers 200 and asks Paystack's verify;
 * the double holds that verify without an answer (its hold-verify switch), so the process is
 * waiting between Paystack's success and its ledger write when it gets SIGKILL. No fault injection
 * in the product. Restarted on the same data, its reconciliation sweep (at start-up, then every
 * second here) credits the payment once, and also a payment approved while the server was down.
 */
const PAYSTACK_KEY = 'sk_test_paymentcrashscale0000000';
const START_TIMEOUT_MS = 120_000;
/** What the restarted server's sweep may take at most (it runs at start-up, then every second). */
const CREDIT_TIMEOUT_MS = 30_000;

const A_MINOR = 5_000;
const B_MINOR = 2_000;
const C_MINOR = 1_000;

const started: Array<{ engine: string; server: SpawnedServerProcess }> = [];
const doubles: PaystackDouble[] = [];
const engines = crashEngines('pulse-paykill-');

afterAll(async () => {
  await Promise.all(started.map(({ server }) => server.stop()));
  for (const double of doubles) await double.close();
  await engines.dispose();
  // Every request the servers made to the double matched Paystack's OpenAPI document.
  for (const double of doubles) double.assertNoViolations();
});

function printOutputsOnFailure({ onTestFailed }: TestContext, engine: string) {
  onTestFailed(() => {
    for (const entry of started.filter((s) => s.engine === engine)) console.error(`--- ${engine} server process ${entry.server.pid} ---\n${entry.server.output.slice(-12_000)}`);
  });
}

/**
 * The server on Paystack (the double), webhooks pointed at it. `fastSweep`: the sweep runs every
 * second and takes anything a second old; without it the defaults (every 30 s, payments after a
 * minute, events after two), so the first process's only verify is the one its webhook asks for.
 */
async function launch(engine: Engine, double: PaystackDouble, fastSweep: boolean): Promise<SpawnedServerProcess> {
  const server = await spawnServerProcess({
    ...crashServerEnv(engine),
    CURRENCY: 'GHS',
    PAYMENT_PROVIDER: 'paystack',
    PAYSTACK_SECRET_KEY: PAYSTACK_KEY,
    PAYSTACK_BASE_URL: double.url,
    ...(fastSweep ? { PAYMENT_SWEEP_INTERVAL_SECONDS: '1', PAYMENT_SWEEP_AFTER_SECONDS: '1', PAYMENT_SWEEP_EVENTS_AFTER_SECONDS: '1' } : {}),
  });
  started.push({ engine: engine.name, server });
  await server.waitUntilHealthy(START_TIMEOUT_MS);
  double.setWebhookUrl(`${server.baseUrl}${PAYSTACK_WEBHOOK_PATH}`);
  return server;
}

async function waitFor<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function topUp(baseUrl: string, token: string, amountMinor: number): Promise<{ id: string; reference: string }> {
  const answer = await callApi<TTopUpResponse>(baseUrl, '/api/wallet/top-ups', {
    method: 'POST',
    token,
    body: { amountMinor },
    headers: { 'idempotency-key': `paykill-${randomBytes(6).toString('hex')}` },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  expect(answer.body).toMatchObject({ status: 'pending', nextAction: 'redirect' });
  return { id: answer.body.id, reference: answer.body.reference ?? '' };
}

async function wallet(baseUrl: string, token: string): Promise<TWalletResponse> {
  const answer = await callApi<TWalletResponse>(baseUrl, '/api/wallet', { token });
  expect(answer.status).toBe(200);
  return answer.body;
}

function verifiesOf(double: PaystackDouble, reference: string) {
  return double.requests().filter((request) => request.method === 'GET' && request.path === `/transaction/verify/${reference}`);
}

interface LedgerView {
  intent: { id: string; status: string; verified_amount_minor: string | number | null; fees_minor: string | number | null };
  /** kind and key of the intent's ledger transactions, with each one's postings (account kind, amount). */
  transactions: Array<{ kind: string; key: string; postings: string }>;
  events: Array<{ event: string; outcome: string | null; processed: boolean; note: string | null }>;
}

async function ledgerOf(reader: Reader, reference: string): Promise<LedgerView> {
  const [intent] = await reader.rows<LedgerView['intent']>('select id, status, verified_amount_minor, fees_minor from payment_intents where reference = $1', [reference]);
  if (!intent) throw new Error(`no intent ${reference}`);
  const transactions = await reader.rows<LedgerView['transactions'][number]>(
    `select t.kind::text as kind, t.idempotency_key as key,
            string_agg(a.kind::text || ' ' || p.amount_minor::text, ', ' order by p.amount_minor) as postings
       from ledger_transactions t join ledger_postings p on p.transaction_id = t.id join ledger_accounts a on a.id = p.account_id
      where t.idempotency_key in ($1, $2) group by t.id, t.kind, t.idempotency_key order by t.kind::text`,
    [`intent:${intent.id}`, `intent-fee:${intent.id}`],
  );
  const events = await reader.rows<LedgerView['events'][number]>(
    'select event, outcome, processed_at is not null as processed, note from payment_events where reference = $1 order by created_at',
    [reference],
  );
  return { intent, transactions, events };
}

async function availableOf(reader: Reader, userId: string): Promise<number> {
  const [row] = await reader.rows<{ total: string | number }>(
    `select coalesce(sum(p.amount_minor), 0) as total from ledger_postings p join ledger_accounts a on a.id = p.account_id
      where a.owner_user_id = $1 and a.kind = 'user_available'`,
    [userId],
  );
  return Number(row?.total ?? 0);
}

/** The intent's credit and Paystack's fee, each once (ledger keys intent:<id>, intent-fee:<id>). */
function expectCreditedOnce(view: LedgerView, amountMinor: number, feeMinor: number) {
  expect(view.intent).toMatchObject({ status: 'succeeded' });
  expect(Number(view.intent.verified_amount_minor)).toBe(amountMinor);
  expect(Number(view.intent.fees_minor)).toBe(feeMinor);
  expect(view.transactions).toEqual([
    { kind: 'provider_fee', key: `intent-fee:${view.intent.id}`, postings: `platform_provider_fees ${-feeMinor}, provider_clearing ${feeMinor}` },
    { kind: 'top_up', key: `intent:${view.intent.id}`, postings: `provider_clearing ${-amountMinor}, user_available ${amountMinor}` },
  ]);
}

async function crashBetweenSuccessAndLedgerWrite(engine: Engine): Promise<void> {
  const begun = Date.now();
  const phase = (name: string) => console.info(`${engine.name}: ${name} after ${((Date.now() - begun) / 1000).toFixed(1)} s`);
  const double = await startPaystackDouble({ port: 0, secretKey: PAYSTACK_KEY });
  doubles.push(double);

  const first = await launch(engine, double, false);
  phase('first server healthy');
  const suffix = randomBytes(4).toString('hex');
  const registered = await callApi<TAuthResponse>(first.baseUrl, '/api/auth/register', {
    method: 'POST',
    body: { email: `paykill-${suffix}@example.com`, username: `paykill_${suffix}`, password: 'meadow-tractor-91' },
  });
  expect(registered.status).toBe(201);
  const { token, user } = registered.body;

  // A: approved while the server waits for its verify (the kill); B: approved while the server is down; C: never approved.
  const a = await topUp(first.baseUrl, token, A_MINOR);
  const b = await topUp(first.baseUrl, token, B_MINOR);
  const c = await topUp(first.baseUrl, token, C_MINOR);

  double.holdVerify(a.reference);
  await double.approve(a.reference);
  expect(double.deliveries().find((d) => d.reference === a.reference)).toMatchObject({ event: 'charge.success', state: 'delivered', statusCode: 200 });
  // The server has stored Paystack's success and asked the verify: it waits for the answer before its ledger write.
  await double.waitForHeldVerify(a.reference, 30_000);
  await first.kill();
  phase('killed while it waited for the verify');
  await waitFor('the double to see the killed server go away', async () => double.heldVerifies().length === 0, 10_000);
  expect(verifiesOf(double, a.reference).map((request) => request.status)).toEqual([0]);
  double.releaseVerifies();

  // Paystack takes B's money while no server runs; its webhook finds nobody.
  await double.approve(b.reference);
  expect(double.deliveries().find((d) => d.reference === b.reference)).toMatchObject({ state: 'failed', statusCode: null });

  await withReader(engine, async (reader) => {
    const view = await ledgerOf(reader, a.reference);
    expect(view.intent.status).toBe('pending');
    expect(view.transactions).toEqual([]);
    expect(view.events).toEqual([{ event: 'charge.success', outcome: null, processed: false, note: null }]);
    expect(await availableOf(reader, user.id)).toBe(0);
  });

  const restarted = await launch(engine, double, true);
  phase('restarted server healthy');
  const credited = await waitFor(
    'the restarted server to credit A and B',
    async () => {
      const balance = await wallet(restarted.baseUrl, token);
      return balance.availableMinor === A_MINOR + B_MINOR && balance;
    },
    CREDIT_TIMEOUT_MS,
  );
  expect(credited.availableMinor).toBe(A_MINOR + B_MINOR);
  phase('A and B credited');

  // Paystack sends A's event again (the same body and signature), and more sweeps run: nothing changes.
  const original = double.deliveries().find((d) => d.reference === a.reference);
  const replay = await fetch(`${restarted.baseUrl}${PAYSTACK_WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': original?.signature ?? '' },
    body: original?.body ?? '',
  });
  expect(replay.status).toBe(200);
  // Each sweep verifies C (still pending at Paystack): two more verifies of C mean a whole sweep ran after the replay.
  const verifiesOfCBefore = verifiesOf(double, c.reference).length;
  await waitFor('two more sweeps', async () => verifiesOf(double, c.reference).length >= verifiesOfCBefore + 2, CREDIT_TIMEOUT_MS);
  expect((await wallet(restarted.baseUrl, token)).availableMinor).toBe(A_MINOR + B_MINOR);
  for (const { id, status } of [
    { id: a.id, status: 'succeeded' },
    { id: b.id, status: 'succeeded' },
    { id: c.id, status: 'pending' },
  ]) {
    expect((await callApi<TTopUpResponse>(restarted.baseUrl, `/api/wallet/top-ups/${id}`, { token })).body.status).toBe(status);
  }
  await restarted.stop();
  phase('two more sweeps ran; stopped');

  await withReader(engine, async (reader) => {
    const feeA = double.transaction(a.reference)?.fees ?? -1;
    const feeB = double.transaction(b.reference)?.fees ?? -1;
    expect(feeA).toBeGreaterThan(0);
    const viewA = await ledgerOf(reader, a.reference);
    expectCreditedOnce(viewA, A_MINOR, feeA);
    // The stored event was acted on once, by the restarted process's sweep; the replay was only counted.
    expect(viewA.events).toEqual([{ event: 'charge.success', outcome: 'applied', processed: true, note: 'Received 2 times' }]);
    const viewB = await ledgerOf(reader, b.reference);
    expectCreditedOnce(viewB, B_MINOR, feeB);
    expect(viewB.events).toEqual([]);
    const viewC = await ledgerOf(reader, c.reference);
    expect(viewC.intent.status).toBe('pending');
    expect(viewC.transactions).toEqual([]);

    expect(await availableOf(reader, user.id)).toBe(A_MINOR + B_MINOR);
    const [topUps] = await reader.rows<{ n: string | number }>(
      `select count(*) as n from ledger_transactions t join ledger_postings p on p.transaction_id = t.id join ledger_accounts a on a.id = p.account_id
        where t.kind = 'top_up' and a.owner_user_id = $1`,
      [user.id],
    );
    expect(Number(topUps?.n)).toBe(2);
    const checks = await checkIntegrity(async (query) => Number((await reader.rows<{ n: string | number }>(query))[0]?.n ?? 0));
    expect(checks).toEqual(Object.fromEntries(Object.keys(checks).map((rule) => [rule, 0])));
  });
  phase('ledger checked');
}

// The engines run side by side (each mostly waits on its server's start).
describe.concurrent('kill -9 between Paystack’s success and the ledger write, then restart', () => {
  it('on PGlite: the restarted server’s reconciliation credits the payment once, and one approved while it was down', { timeout: 4 * START_TIMEOUT_MS }, async (context) => {
    printOutputsOnFailure(context, 'PGlite');
    await crashBetweenSuccessAndLedgerWrite(await engines.pglite());
  });

  it('on PostgreSQL: the restarted server’s reconciliation credits the payment once, and one approved while it was down', { timeout: 4 * START_TIMEOUT_MS }, async (context) => {
    printOutputsOnFailure(context, 'PostgreSQL');
    await crashBetweenSuccessAndLedgerWrite(await engines.postgres());
  });
});
