import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PaystackDouble } from './server';

/** Helpers for the double's own tests: a webhook receiver and a Paystack API caller. */

export const SECRET = 'sk_test_double_suite';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  rawBody: string;
  event: string;
  reference: string | undefined;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** The status codes the next webhooks get, in order; then 200. */
  answerWith(...statuses: number[]): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let statuses: number[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const parsed = JSON.parse(rawBody) as { event: string; data: { reference?: string } };
      received.push({ headers: req.headers, rawBody, event: parsed.event, reference: parsed.data.reference });
      res.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/paystack/webhook`,
    received,
    answerWith: (...next) => {
      statuses = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ApiAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read Paystack's loosely typed JSON
  json: any;
}

/** Calls the double as the server's Paystack client would: JSON, Bearer secret key. */
export function paystackApi(double: PaystackDouble, secretKey = SECRET) {
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiAnswer> => {
    const response = await fetch(`${double.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, json: await response.json() };
  };
}

/** Waits for a condition (no fixed sleep): resolves with its first truthy value. */
export async function waitFor<T>(check: () => T | undefined | null | false, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('waitFor: the condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
