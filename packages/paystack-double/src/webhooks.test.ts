import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signPaystackBody, startPaystackDouble, type PaystackDouble } from './index';
import { paystackApi, SECRET, startWebhookReceiver, type ApiAnswer, type WebhookReceiver } from './test-support';

let double: PaystackDouble;
let receiver: WebhookReceiver;
let api: ReturnType<typeof paystackApi>;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  double = await startPaystackDouble({ secretKey: SECRET, webhookUrl: receiver.url });
  api = paystackApi(double);
});

afterAll(async () => {
  await double.close();
  await receiver.close();
});

afterEach(() => {
  double.assertNoViolations();
  double.reset();
  receiver.received.length = 0;
  receiver.answerWith();
});

async function paid(...references: string[]): Promise<void> {
  for (const reference of references) {
    await api('POST', '/transaction/initialize', { email: 'ama@example.com', amount: 2000, reference });
    await double.approve(reference);
  }
}

describe('webhook switches', () => {
  it('drop: the event is never sent, and the delivery says so', async () => {
    double.setWebhooks({ drop: true });
    await paid('wh-drop-1');
    await double.flushWebhooks();
    expect(receiver.received).toEqual([]);
    expect(double.deliveries()).toMatchObject([{ event: 'charge.success', reference: 'wh-drop-1', state: 'dropped', attempts: 0 }]);
  });

  it('duplicate: the same body and signature arrive twice', async () => {
    double.setWebhooks({ duplicate: true });
    await paid('wh-dup-1');
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.rawBody).toBe(receiver.received[0]!.rawBody);
    expect(receiver.received[1]!.headers['x-paystack-signature']).toBe(receiver.received[0]!.headers['x-paystack-signature']);
  });

  it('manual: events wait for flushWebhooks, then go in order', async () => {
    double.setWebhooks({ manual: true });
    await paid('wh-manual-1', 'wh-manual-2');
    expect(receiver.received).toEqual([]);
    expect(double.deliveries().map((d) => d.state)).toEqual(['queued', 'queued']);
    await double.flushWebhooks();
    expect(receiver.received.map((w) => w.reference)).toEqual(['wh-manual-1', 'wh-manual-2']);
  });

  it('reorder: held events go newest first on flush', async () => {
    double.setWebhooks({ reorder: true });
    await paid('wh-order-1', 'wh-order-2', 'wh-order-3');
    expect(receiver.received).toEqual([]);
    await double.flushWebhooks();
    expect(receiver.received.map((w) => w.reference)).toEqual(['wh-order-3', 'wh-order-2', 'wh-order-1']);
  });

  it('delay: approve returns before the event is sent; it arrives after the delay', async () => {
    double.setWebhooks({ delayMs: 150 });
    const approvedAt = Date.now();
    await paid('wh-delay-1');
    expect(receiver.received).toEqual([]);
    expect(double.deliveries()[0]!.state).toBe('queued');
    await double.flushWebhooks();
    expect(receiver.received.map((w) => w.reference)).toEqual(['wh-delay-1']);
    expect(Date.now() - approvedAt).toBeGreaterThanOrEqual(150);
  });

  it('retries a non-2xx answer with backoff, and records a webhook nobody accepted as failed', async () => {
    double.setWebhooks({ retryDelayMs: 5 });
    receiver.answerWith(500, 503);
    await paid('wh-retry-1');
    expect(double.deliveries()).toMatchObject([{ state: 'delivered', statusCode: 200, attempts: 3 }]);
    expect(receiver.received).toHaveLength(3);

    receiver.answerWith(500, 500, 500, 500);
    await paid('wh-retry-2');
    expect(double.deliveries()[1]).toMatchObject({ state: 'failed', statusCode: 500, attempts: 4 });
  });

  it('sendWebhook sends a forged or replayed event once, outside the switches, and answers the status', async () => {
    double.setWebhooks({ manual: true });
    receiver.answerWith(401);
    const forged = await double.sendWebhook('charge.success', { reference: 'wh-forged', amount: 999_999 }, { signature: 'not-a-signature' });
    expect(forged).toEqual({ status: 401 });
    expect(receiver.received[0]!.headers['x-paystack-signature']).toBe('not-a-signature');

    const replayed = await double.sendWebhook('charge.success', { reference: 'wh-forged', amount: 100 });
    expect(replayed).toEqual({ status: 200 });
    expect(receiver.received[1]!.headers['x-paystack-signature']).toBe(signPaystackBody(receiver.received[1]!.rawBody, SECRET));
    expect(double.deliveries().map((d) => d.direct)).toEqual([true, true]);
  });
});

describe('control API over HTTP (/__double/)', () => {
  const control = async (method: string, path: string, body?: unknown): Promise<ApiAnswer> => {
    const response = await fetch(`${double.url}/__double/${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, json: await response.json() };
  };

  it('acts as the person and the bank, holds and flushes webhooks, and reports requests and violations', async () => {
    expect((await control('GET', 'health')).json).toEqual({ ok: true, url: double.url });
    expect((await control('POST', 'webhooks', { manual: true })).status).toBe(200);
    await api('POST', '/transaction/initialize', { email: 'ama@example.com', amount: 2000, reference: 'ctl-1' });
    const approved = await control('POST', 'transactions/ctl-1/approve', { channel: 'mobile_money' });
    expect(approved.json.transaction).toMatchObject({ status: 'success', channel: 'mobile_money' });
    expect((await control('GET', 'deliveries')).json.deliveries).toMatchObject([{ event: 'charge.success', state: 'queued' }]);
    expect((await control('POST', 'webhooks/flush')).json.deliveries).toMatchObject([{ state: 'delivered', statusCode: 200 }]);
    expect(receiver.received.map((w) => w.reference)).toEqual(['ctl-1']);

    await api('POST', '/transaction/initialize', { email: 'ama@example.com', amount: 2000, reference: 'ctl-2' });
    expect((await control('POST', 'transactions/ctl-2/decline', { reason: 'Insufficient funds' })).json.transaction).toMatchObject({ status: 'failed', gatewayResponse: 'Insufficient funds' });
    expect((await control('POST', 'transactions/ctl-2/approve')).status).toBe(409);
    expect((await control('POST', 'transactions/ctl-missing/abandon')).status).toBe(404);
    expect((await control('POST', 'transactions/ctl-1/verify-override', { amount: 1 })).status).toBe(200);
    expect((await api('GET', '/transaction/verify/ctl-1')).json.data.amount).toBe(1);

    const recipient = await api('POST', '/transferrecipient', { type: 'mobile_money', name: 'Ama Mensah', account_number: '0241234567', bank_code: 'MTN' });
    await api('POST', '/transfer', { source: 'balance', amount: 700, recipient: recipient.json.data.recipient_code, reference: 'ctl-payout-1' });
    expect((await control('POST', 'transfers/ctl-payout-1/complete', { outcome: 'reversed' })).json.transfer).toMatchObject({ status: 'reversed' });
    expect((await control('POST', 'transfers/ctl-payout-1/complete', { outcome: 'lost' })).status).toBe(400);
    await control('POST', 'webhooks/flush');
    expect(receiver.received.map((w) => w.event)).toEqual(['charge.success', 'transfer.reversed']);

    const requests = (await control('GET', 'requests')).json.requests as { path: string }[];
    expect(requests.at(-1)).toMatchObject({ method: 'POST', path: '/transfer', status: 200, body: { reference: 'ctl-payout-1' } });
    expect((await control('GET', 'violations')).json.violations).toEqual([]);

    const other = await startWebhookReceiver();
    try {
      expect((await control('POST', 'webhook-url', { url: other.url })).status).toBe(200);
      expect((await control('POST', 'reset')).status).toBe(200);
      expect((await control('GET', 'transactions/ctl-1')).status).toBe(404);
      await paid('ctl-3');
      expect(other.received.map((w) => w.reference)).toEqual(['ctl-3']);
    } finally {
      double.setWebhookUrl(receiver.url);
      await other.close();
    }
  });
});

describe('command line', () => {
  it('starts on the given port, says so on one line, answers its health check, and stops on SIGTERM', async () => {
    const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', '--port', '0', '--secret', SECRET, '--webhook-url', receiver.url], { cwd: packageRoot });
    try {
      const lines = createInterface({ input: child.stdout });
      const [line] = (await once(lines, 'line')) as [string];
      const url = /^Paystack double listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line)?.[1];
      expect(url).toBeDefined();
      expect((await fetch(`${url}/__double/health`)).status).toBe(200);
      expect((await fetch(`${url}/transaction/verify/x`, { headers: { authorization: `Bearer ${SECRET}` } })).status).toBe(404);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    // A new process compiling TypeScript: seconds on a loaded machine.
  }, 30_000);
});
