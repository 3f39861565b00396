import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultOpenApiPath, loadOpenApiDocument, type MatchedOperation, type Violation } from './openapi-check';
import { cancelActionOf, checkoutPage, messagePage } from './pages';
import {
  bankListData,
  chargeData,
  chargeWebhookData,
  recipientData,
  transferData,
  transferVerifyData,
  verifyData,
  type VerifyOverride,
} from './paystack-data';
import {
  ACCOUNT_NAMES,
  DoubleControlError,
  DoubleStore,
  GHANA_BANKS,
  PaystackApiError,
  type Channel,
  type DoubleTransaction,
  type DoubleTransfer,
  type TransferStatus,
} from './state';
import { VerifyHolds } from './verify-holds';
import { WebhookSender, type WebhookDelivery, type WebhookSettings } from './webhooks';

export interface PaystackDoubleOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The only key the double accepts (Authorization: Bearer <secretKey>); it also signs the webhooks. */
  secretKey: string;
  /** Where the double POSTs its signed events (the app's /api/payments/paystack/webhook). */
  webhookUrl?: string;
  /** Paystack's OpenAPI document; default PAYSTACK_OPENAPI or <repo root>/../shared/vendor/paystack-openapi/paystack.yaml. */
  openapiPath?: string;
  /** manual (default): a transfer stays pending until completeTransfer(); auto-success: it succeeds after transferDelayMs. */
  transferMode?: 'manual' | 'auto-success';
  /** Default 3000. */
  transferDelayMs?: number;
  /** How long a charge to a phone ending 2222 waits before it fails with "The mobile money approval timed out"; default 0 (at the first look). */
  mobileMoneyTimeoutMs?: number;
  /** The address put in authorization_url when the double is reached by another name than http://host:port. */
  publicUrl?: string;
  /** Where violations and failed webhooks are reported as they happen (the CLI prints them). */
  log?: (line: string) => void;
}

/** One request to the Paystack API part of the double (not its control API nor its checkout pages). */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  /** The status code the double answered; 0 when the caller went away before an answer (a held verify). */
  status: number;
  at: string;
}

export type { DoubleTransaction, DoubleTransfer, Violation, WebhookDelivery, WebhookSettings };

export interface PaystackDouble {
  /** http://127.0.0.1:<port> */
  url: string;
  close(): Promise<void>;
  violations(): Violation[];
  requests(): RecordedRequest[];
  assertNoViolations(): void;
  /** Forgets the violations recorded so far and answers them (a test that provokes one on purpose). */
  clearViolations(): Violation[];
  /** Forgets transactions, recipients, transfers, overrides, webhook deliveries and switches; keeps the server, the webhook URL, violations and requests. */
  reset(): void;
  setWebhookUrl(url: string): void;
  setWebhooks(options: Partial<WebhookSettings>): void;
  /** Sends everything held (manual, reorder) and waits for every answer, delayed events included. */
  flushWebhooks(): Promise<void>;
  deliveries(): WebhookDelivery[];
  approve(reference: string, channel?: Channel): Promise<void>;
  decline(reference: string, reason?: string): Promise<void>;
  abandon(reference: string): Promise<void>;
  setVerifyOverride(reference: string, patch: VerifyOverride): void;
  /**
   * The hold-verify switch: from now on `GET /transaction/verify/{reference}` is recorded and left
   * without an answer until releaseVerifies() (for a crash test: kill the app while it waits).
   */
  holdVerify(reference: string): void;
  /** Resolves once a verify of `reference` is being held (default timeout 10 s). */
  waitForHeldVerify(reference: string, timeoutMs?: number): Promise<void>;
  /** The references whose verify is held now, one per waiting request. */
  heldVerifies(): string[];
  /** Turns every hold off and answers the held verifies whose caller is still there; answers how many were held. */
  releaseVerifies(): number;
  sendWebhook(event: string, data: Record<string, unknown>, options?: { signature?: string }): Promise<{ status: number }>;
  completeTransfer(reference: string, outcome: 'success' | 'failed' | 'reversed'): Promise<void>;
  transaction(reference: string): DoubleTransaction | undefined;
  transfer(reference: string): DoubleTransfer | undefined;
}

interface ApiContext {
  body: Record<string, unknown>;
  query: URLSearchParams;
  params: Record<string, string>;
}

interface ApiAnswer {
  status?: number;
  message: string;
  data: unknown;
  /** false: an answer the document does not describe (a charge waiting on the person); not checked against it. */
  documentedShape?: boolean;
}

const MAX_BODY_BYTES = 1_000_000;

class BodyTooLarge extends Error {}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLarge('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html), 'cache-control': 'no-store' });
  res.end(html);
}

/** callback_url with ?trxref=<ref>&reference=<ref> added, keeping a query string it already has. */
export function callbackWithReference(callbackUrl: string, reference: string): string {
  const url = new URL(callbackUrl);
  url.searchParams.set('trxref', reference);
  url.searchParams.set('reference', reference);
  return url.toString();
}

export async function startPaystackDouble(options: PaystackDoubleOptions): Promise<PaystackDouble> {
  if (!options.secretKey) throw new Error('Paystack double: secretKey is required');
  const secretKey = options.secretKey;
  const log = options.log ?? (() => {});
  const document = loadOpenApiDocument(options.openapiPath ?? process.env.PAYSTACK_OPENAPI ?? defaultOpenApiPath());
  const store = new DoubleStore({ mobileMoneyTimeoutMs: options.mobileMoneyTimeoutMs ?? 0 });
  const webhooks = new WebhookSender(secretKey, options.webhookUrl ?? null, log);
  const transferMode = options.transferMode ?? 'manual';
  const transferDelayMs = options.transferDelayMs ?? 3000;
  const violations: Violation[] = [];
  const requests: RecordedRequest[] = [];
  const overrides = new Map<string, VerifyOverride>();
  const verifyHolds = new VerifyHolds();
  const transferTimers = new Set<NodeJS.Timeout>();
  let baseUrl = '';

  function addViolation(method: string, path: string, problem: string): void {
    violations.push({ method, path, problem });
    log(`Paystack double violation: ${method} ${path}: ${problem}`);
  }

  async function approve(reference: string, channel?: Channel): Promise<void> {
    const transaction = store.approve(reference, channel);
    await webhooks.dispatch('charge.success', chargeWebhookData(transaction));
  }

  async function completeTransfer(reference: string, outcome: Exclude<TransferStatus, 'pending'>): Promise<void> {
    const transfer = store.completeTransfer(reference, outcome);
    await webhooks.dispatch(`transfer.${outcome}`, transferVerifyData(transfer, store.recipient(transfer.recipientCode)!));
  }

  function notFound(message: string): never {
    throw new PaystackApiError(404, message);
  }

  const handlers: Record<string, (context: ApiContext) => ApiAnswer> = {
    transaction_initialize: ({ body }) => {
      const transaction = store.initialize(body as Parameters<DoubleStore['initialize']>[0]);
      return {
        message: 'Authorization URL created',
        data: { authorization_url: `${baseUrl}/checkout/${transaction.accessCode}`, access_code: transaction.accessCode, reference: transaction.reference },
      };
    },
    transaction_verify: ({ params }) => {
      const transaction = store.transaction(params.reference!) ?? notFound('Transaction reference not found');
      return { message: 'Verification successful', data: verifyData(transaction, overrides.get(transaction.reference)) };
    },
    charge_create: ({ body }) => {
      const { data, documentedShape } = chargeData(store.charge(body as Parameters<DoubleStore['charge']>[0]));
      return { message: 'Charge attempted', data, documentedShape };
    },
    charge_submitOtp: ({ body }) => {
      const { data, documentedShape } = chargeData(store.submitOtp(String(body.reference), String(body.otp)));
      return { message: 'Charge attempted', data, documentedShape };
    },
    charge_check: ({ params }) => {
      const transaction = store.transaction(params.reference!) ?? notFound('Transaction reference not found');
      const { data, documentedShape } = chargeData(transaction);
      return { message: 'Reference check successful', data, documentedShape };
    },
    bank_list: ({ query }) => ({
      message: 'Banks retrieved',
      data: bankListData({ currency: query.get('currency'), country: query.get('country'), type: query.get('type') }),
    }),
    bank_resolveAccountNumber: ({ query }) => {
      const accountNumber = query.get('account_number') ?? '';
      const bank = GHANA_BANKS.find((b) => b.code === query.get('bank_code'));
      const name = ACCOUNT_NAMES[accountNumber];
      if (!bank || !name) throw new PaystackApiError(422, 'Could not resolve account name. Check parameters or try again.');
      return { message: 'Account number resolved', data: { account_number: accountNumber, account_name: name, bank_id: bank.id } };
    },
    transferrecipient_create: ({ body }) => ({
      status: 201,
      message: 'Transfer recipient created successfully',
      data: recipientData(store.createRecipient(body as Parameters<DoubleStore['createRecipient']>[0])),
    }),
    transfer_initiate: ({ body }) => {
      const transfer = store.startTransfer(body as Parameters<DoubleStore['startTransfer']>[0]);
      if (transferMode === 'auto-success') {
        const timer = setTimeout(() => {
          transferTimers.delete(timer);
          if (store.transfer(transfer.reference)?.status === 'pending') {
            completeTransfer(transfer.reference, 'success').catch((error: Error) => log(`Paystack double: ${error.message}`));
          }
        }, transferDelayMs);
        transferTimers.add(timer);
      }
      return { message: 'Transfer has been queued', data: transferData(transfer, store.recipient(transfer.recipientCode)!) };
    },
    transfer_verify: ({ params }) => {
      const transfer = store.transfer(params.reference!) ?? notFound('Transfer not found');
      return { message: 'Transfer retrieved', data: transferVerifyData(transfer, store.recipient(transfer.recipientCode)!) };
    },
  };

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, raw: Buffer): Promise<void> {
    const method = req.method ?? 'GET';
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
    let parsedBody: unknown = undefined;
    let json = false;
    if (raw.length > 0 && /^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
      try {
        parsedBody = JSON.parse(raw.toString('utf8'));
        json = true;
      } catch {
        parsedBody = raw.toString('utf8');
      }
    } else if (raw.length > 0) {
      parsedBody = raw.toString('utf8');
    }
    let status = 500;
    const answer = (code: number, body: unknown) => {
      status = code;
      sendJson(res, code, body);
    };
    const reject = (problems: string[]) => {
      for (const problem of problems) addViolation(method, path, problem);
      answer(400, { status: false, message: `Paystack double: ${problems.join('; ')}` });
    };

    try {
      const match = document.match(method, path);
      if (match.kind === 'unknown-path') return reject([`${path} is not a path in Paystack's OpenAPI document`]);
      if (match.kind === 'unknown-method') return reject([`${method} is not documented for ${path} (documented: ${match.documentedMethods.join(', ')})`]);
      const op: MatchedOperation = match.operation;
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        addViolation(method, path, "the Authorization header is not 'Bearer <the secret key>'");
        return answer(401, { status: false, message: 'Invalid key' });
      }
      const problems = document.checkRequest(op, url.searchParams, raw.length > 0 ? { present: true, json, value: parsedBody } : { present: false });
      if (problems.length > 0) return reject(problems);
      if (op.operationId === 'transaction_verify' && verifyHolds.applies(op.pathParams.reference ?? '')) {
        if (!(await verifyHolds.wait(op.pathParams.reference ?? '', res))) {
          status = 0;
          return;
        }
      }
      const handler = handlers[op.operationId];
      if (!handler) return answer(501, { status: false, message: `Paystack double: ${op.method} ${op.template} is not implemented by the double` });
      let result: ApiAnswer;
      try {
        result = handler({ body: (parsedBody ?? {}) as Record<string, unknown>, query: url.searchParams, params: op.pathParams });
      } catch (error) {
        if (!(error instanceof PaystackApiError)) throw error;
        return answer(error.httpStatus, { status: false, message: error.message, ...error.extra });
      }
      const body = { status: true, message: result.message, data: result.data };
      const code = result.status ?? 200;
      // The JSON as sent (undefined fields dropped), checked against the document like a client would read it.
      const sent = JSON.parse(JSON.stringify(body)) as unknown;
      if (result.documentedShape !== false) {
        for (const problem of document.checkResponse(op, code, sent)) addViolation(method, path, `the double's own ${code} answer is off-document: ${problem}`);
      }
      answer(code, sent);
    } finally {
      requests.push({ method, path, query: Object.fromEntries(url.searchParams), body: parsedBody, status, at: new Date().toISOString() });
    }
  }

  async function handleCheckout(req: IncomingMessage, res: ServerResponse, url: URL, raw: Buffer): Promise<void> {
    const [, , accessCode = '', action] = url.pathname.split('/');
    const transaction = store.byAccessCode(accessCode);
    if (!transaction) return sendHtml(res, 404, messagePage('Checkout not found', 'No transaction has this access code.'));
    const back = transaction.callbackUrl ? { href: callbackWithReference(transaction.callbackUrl, transaction.reference), label: 'Back to the shop' } : undefined;
    if (req.method === 'GET' && action === undefined) {
      if (transaction.status === 'success' || transaction.status === 'failed') {
        return sendHtml(res, 200, messagePage('Payment already decided', `This payment is ${transaction.status}: ${transaction.gatewayResponse}.`, back));
      }
      return sendHtml(res, 200, checkoutPage(transaction));
    }
    if (req.method !== 'POST' || !['approve', 'decline', 'cancel'].includes(action ?? '')) return sendHtml(res, 404, messagePage('Not found', 'The checkout page has no such action.'));
    const chosen = new URLSearchParams(raw.toString('utf8')).get('channel');
    const channel: Channel = chosen === 'mobile_money' ? 'mobile_money' : 'card';
    try {
      if (action === 'approve') store.approve(transaction.reference, channel);
      else if (action === 'decline') store.decline(transaction.reference, undefined, channel);
      else store.abandon(transaction.reference);
    } catch (error) {
      if (!(error instanceof DoubleControlError)) throw error;
      return sendHtml(res, 409, messagePage('Payment already decided', error.message, back));
    }
    const cancelAction = action === 'cancel' ? cancelActionOf(transaction) : null;
    if (cancelAction) {
      res.writeHead(302, { location: cancelAction });
      res.end();
    } else if (back) {
      res.writeHead(302, { location: back.href });
      res.end();
    } else {
      const outcome = { approve: 'Payment approved', decline: 'Payment declined', cancel: 'Payment cancelled' }[action as 'approve' | 'decline' | 'cancel'];
      sendHtml(res, 200, messagePage(outcome, 'There is no callback URL for this transaction; you can close this page.'));
    }
    // Paystack sends no webhook for a failed or abandoned charge.
    if (action === 'approve') {
      webhooks.dispatch('charge.success', chargeWebhookData(transaction)).catch((error: Error) => log(`Paystack double: ${error.message}`));
    }
  }

  async function handleControl(req: IncomingMessage, res: ServerResponse, url: URL, raw: Buffer): Promise<void> {
    const method = req.method ?? 'GET';
    const parts = url.pathname.split('/').slice(2).map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return part;
      }
    });
    const route = `${method} ${parts.map((p, i) => (i === 1 && (parts[0] === 'transactions' || parts[0] === 'transfers') ? ':reference' : p)).join('/')}`;
    const reference = parts[1] ?? '';
    let body: Record<string, unknown> = {};
    if (raw.length > 0) {
      try {
        body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
      } catch {
        return sendJson(res, 400, { error: 'Paystack double: the control API reads JSON bodies' });
      }
    }
    const ok = (extra: Record<string, unknown> = {}) => sendJson(res, 200, { ok: true, ...extra });
    switch (route) {
      case 'GET health':
        return ok({ url: baseUrl });
      case 'GET violations':
        return ok({ violations: double.violations() });
      case 'GET requests':
        return ok({ requests: double.requests() });
      case 'GET deliveries':
        return ok({ deliveries: double.deliveries() });
      case 'POST reset':
        double.reset();
        return ok();
      case 'POST webhook-url':
        if (typeof body.url !== 'string') return sendJson(res, 400, { error: 'Paystack double: send {"url": "..."}' });
        double.setWebhookUrl(body.url);
        return ok();
      case 'POST webhooks':
        double.setWebhooks(body as Partial<WebhookSettings>);
        return ok();
      case 'POST webhooks/flush':
        await double.flushWebhooks();
        return ok({ deliveries: double.deliveries() });
      case 'GET transactions/:reference': {
        const transaction = double.transaction(reference);
        return transaction ? ok({ transaction }) : sendJson(res, 404, { error: `Paystack double: no transaction with reference ${reference}` });
      }
      case 'POST transactions/:reference/approve':
        await double.approve(reference, body.channel === 'mobile_money' ? 'mobile_money' : body.channel === 'card' ? 'card' : undefined);
        return ok({ transaction: double.transaction(reference) });
      case 'POST transactions/:reference/decline':
        await double.decline(reference, typeof body.reason === 'string' ? body.reason : undefined);
        return ok({ transaction: double.transaction(reference) });
      case 'POST transactions/:reference/abandon':
        await double.abandon(reference);
        return ok({ transaction: double.transaction(reference) });
      case 'POST transactions/:reference/verify-override':
        double.setVerifyOverride(reference, body as VerifyOverride);
        return ok();
      case 'POST transactions/:reference/hold-verify':
        double.holdVerify(reference);
        return ok();
      case 'GET held-verifies':
        return ok({ references: double.heldVerifies() });
      case 'POST held-verifies/release':
        return ok({ released: double.releaseVerifies() });
      case 'GET transfers/:reference': {
        const transfer = double.transfer(reference);
        return transfer ? ok({ transfer }) : sendJson(res, 404, { error: `Paystack double: no transfer with reference ${reference}` });
      }
      case 'POST transfers/:reference/complete':
        if (!['success', 'failed', 'reversed'].includes(String(body.outcome))) {
          return sendJson(res, 400, { error: 'Paystack double: send {"outcome": "success" | "failed" | "reversed"}' });
        }
        await double.completeTransfer(reference, body.outcome as 'success' | 'failed' | 'reversed');
        return ok({ transfer: double.transfer(reference) });
      default:
        return sendJson(res, 404, { error: `Paystack double: no control route ${method} ${url.pathname}` });
    }
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://double.invalid');
    readBody(req)
      .then(async (raw) => {
        if (url.pathname.startsWith('/__double/')) await handleControl(req, res, url, raw);
        else if (url.pathname.startsWith('/checkout/')) await handleCheckout(req, res, url, raw);
        // The hosted page's icon, which a browser asks for by itself: part of the page, not of the API.
        else if (url.pathname === '/favicon.ico' && req.method === 'GET') res.writeHead(204).end();
        else await handleApi(req, res, url, raw);
      })
      .catch((error: Error) => {
        if (error instanceof DoubleControlError) return sendJson(res, error.httpStatus, { error: error.message });
        if (error instanceof BodyTooLarge) return sendJson(res, 413, { status: false, message: 'Paystack double: body too large' });
        log(`Paystack double: ${error.stack ?? error.message}`);
        if (!res.headersSent) sendJson(res, 500, { status: false, message: `Paystack double: ${error.message}` });
        else res.end();
      });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  baseUrl = (options.publicUrl ?? url).replace(/\/+$/, '');

  const double: PaystackDouble = {
    url,
    async close() {
      verifyHolds.release();
      for (const timer of transferTimers) clearTimeout(timer);
      transferTimers.clear();
      webhooks.close();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
    violations: () => violations.map((v) => ({ ...v })),
    requests: () => requests.map((r) => ({ ...r })),
    assertNoViolations() {
      if (violations.length === 0) return;
      const lines = violations.map((v) => `- ${v.method} ${v.path}: ${v.problem}`);
      throw new Error(`Paystack double: ${violations.length} request(s) or answer(s) did not match Paystack's OpenAPI document:\n${lines.join('\n')}`);
    },
    clearViolations: () => violations.splice(0),
    reset() {
      for (const timer of transferTimers) clearTimeout(timer);
      transferTimers.clear();
      verifyHolds.release();
      store.reset();
      overrides.clear();
      webhooks.reset();
    },
    setWebhookUrl: (webhookUrl) => webhooks.setUrl(webhookUrl),
    setWebhooks: (settings) => webhooks.configure(settings),
    flushWebhooks: () => webhooks.flush(),
    deliveries: () => webhooks.deliveries(),
    approve,
    async decline(reference, reason) {
      store.decline(reference, reason);
    },
    async abandon(reference) {
      store.abandon(reference);
    },
    setVerifyOverride(reference, patch) {
      overrides.set(reference, { ...overrides.get(reference), ...patch });
    },
    holdVerify: (reference) => verifyHolds.hold(reference),
    waitForHeldVerify: (reference, timeoutMs = 10_000) => verifyHolds.waitForHeld(reference, timeoutMs),
    heldVerifies: () => verifyHolds.held(),
    releaseVerifies: () => verifyHolds.release(),
    sendWebhook: (event, data, sendOptions) => webhooks.sendDirect(event, data, sendOptions?.signature),
    completeTransfer,
    transaction(reference) {
      const transaction = store.transaction(reference);
      return transaction && structuredClone(transaction);
    },
    transfer(reference) {
      const transfer = store.transfer(reference);
      return transfer && structuredClone(transfer);
    },
  };
  return double;
}
