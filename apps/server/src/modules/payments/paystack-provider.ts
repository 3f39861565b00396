import { createHmac, timingSafeEqual } from 'node:crypto';
import type {
  MobileMoneyNetwork,
  PaymentProvider,
  RecipientRequest,
  StartPaymentResult,
  TransferResult,
  VerifiedPayment,
} from './payment-provider-types';

/**
 * Paystack (https://paystack.com/docs/api/), spoken as its published OpenAPI document describes it
 * (PaystackOSS/openapi, dist/paystack.yaml): every request below sends only the fields that document
 * lists for its operation. Amounts are integer minor units (pesewas for GHS), as Paystack takes them.
 */

/** The part of a pino/Fastify logger this provider uses. */
export interface PaystackLog {
  debug(object: Record<string, unknown>, message: string): void;
  warn(object: Record<string, unknown>, message: string): void;
}

export interface PaystackProviderOptions {
  /** sk_test_... or sk_live_...; sent only in the Authorization header, never logged. */
  secretKey: string;
  /** https://api.paystack.co, or a local double's URL. */
  baseUrl: string;
  fetch?: typeof fetch | undefined;
  log?: PaystackLog | undefined;
  /** Per request; Paystack answers in well under a second, so 15 s means it is not answering. */
  timeoutMs?: number | undefined;
}

/**
 * Paystack could not be asked or did not answer (network error, timeout, 5xx, 429, or it refused our
 * key): nothing is known about the operation, so the caller keeps it pending and asks again later.
 */
export class PaymentProviderUnavailableError extends Error {
  override name = 'PaymentProviderUnavailableError';

  constructor(
    message: string,
    /** "POST /transfer": the operation, without query or body. */
    readonly operation: string,
    /** Paystack's HTTP status, or null when no answer came. */
    readonly statusCode: number | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Paystack refused a request that has no "failed" result to carry it (creating a recipient): bad input. */
export class PaymentProviderRejectedError extends Error {
  override name = 'PaymentProviderRejectedError';

  constructor(
    /** Paystack's own message ("Account number is invalid"). */
    readonly providerMessage: string,
    readonly operation: string,
    readonly statusCode: number,
  ) {
    super(`Paystack refused ${operation} (${statusCode}): ${providerMessage}`);
  }
}

export const PAYSTACK_DEFAULT_TIMEOUT_MS = 15_000;

/**
 * Paystack Ghana's mobile money provider codes: the charge API takes them in lower case (mtn, vod,
 * atl) and transfer recipients take the List Banks codes (GET /bank?currency=GHS&type=mobile_money:
 * MTN, VOD, ATL). Source: https://paystack.com/docs/payments/payment-channels/#mobile-money and
 * https://paystack.com/docs/transfers/creating-transfer-recipients/ (Telecel Cash keeps Vodafone's code).
 */
const MOBILE_MONEY_PROVIDER: Readonly<Record<MobileMoneyNetwork, string>> = { mtn: 'mtn', telecel: 'vod', airteltigo: 'atl' };
const MOBILE_MONEY_BANK_CODES: ReadonlySet<string> = new Set(['MTN', 'VOD', 'ATL']);

/** A network as people pick it (mtn, telecel, airteltigo) or a Paystack code (MTN, VOD, ATL) -> the recipient's bank code. */
export function paystackMobileMoneyBankCode(network: string): string {
  const known = MOBILE_MONEY_PROVIDER[network.trim().toLowerCase() as MobileMoneyNetwork];
  if (known) return known.toUpperCase();
  const code = network.trim().toUpperCase();
  if (MOBILE_MONEY_BANK_CODES.has(code)) return code;
  throw new Error(`Unknown mobile money network "${network}": expected mtn, telecel, airteltigo or MTN, VOD, ATL`);
}

/**
 * A Ghanaian mobile number in the local form Paystack's Ghana examples use (0551234987): from
 * "055 123 4987", "+233 55 123 4987" or "233551234987".
 */
export function localGhanaPhone(phone: string): string {
  const digits = phone.replace(/[\s().-]/g, '');
  const national = /^(?:\+?233|0)?([0-9]{9})$/.exec(digits)?.[1];
  if (!national) throw new Error('Not a Ghanaian mobile number: expected 0 and 9 digits, or +233 and 9 digits');
  return `0${national}`;
}

/** Paystack's transaction references: "Only -, ., = and alphanumeric characters allowed". */
const TRANSACTION_REFERENCE = /^[A-Za-z0-9.=-]{1,100}$/;
/** Transfer references: "a lowercase alphanumeric string with only -,_ symbols allowed". */
const TRANSFER_REFERENCE = /^[a-z0-9_-]{1,100}$/;

function checkReference(reference: string, pattern: RegExp, what: string): void {
  if (!pattern.test(reference)) throw new Error(`Paystack does not accept this ${what} reference (allowed: ${pattern.source})`);
}

/** The reason given when a transfer waits for an OTP: this integration cannot type one. */
export const TRANSFER_OTP_REASON =
  'Paystack asks for an OTP to finalize transfers; turn off OTP for transfers on the Paystack dashboard (Settings, Preferences) so payouts can be sent.';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function integer(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

function date(value: unknown): Date | null {
  const raw = text(value);
  if (!raw) return null;
  const parsed = new Date(raw);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

interface PaystackAnswer {
  statusCode: number;
  /** The JSON body, or {} when it was empty or not JSON. */
  body: Json;
}

/** Card details a verify may carry that identify nothing reusable (no authorization_code, no signature). */
const MASKED_AUTHORIZATION_FIELDS = ['last4', 'bin', 'card_type', 'bank', 'channel', 'brand', 'exp_month', 'exp_year', 'country_code', 'account_name'] as const;

/** The verify's data as stored for the admin: the card reduced to masked details, no reusable token. */
export function maskedTransaction(data: Json): Json {
  const { authorization, ...rest } = data;
  if (!isObject(authorization)) return rest;
  const masked: Json = {};
  for (const field of MASKED_AUTHORIZATION_FIELDS) {
    if (authorization[field] !== undefined) masked[field] = authorization[field];
  }
  return { ...rest, authorization: masked };
}

const PAYMENT_STATUS: Readonly<Record<string, VerifiedPayment['status']>> = {
  success: 'succeeded',
  failed: 'failed',
  // The money went back to the payer: nothing to credit.
  reversed: 'failed',
  // Paystack shows a transaction nobody has paid yet as abandoned, from its initialization on: it is
  // final only once the payment window has passed, which the caller knows and the provider does not.
  abandoned: 'abandoned',
};

const TRANSFER_STATUS: Readonly<Record<string, TransferResult['status']>> = {
  success: 'succeeded',
  failed: 'failed',
  rejected: 'failed',
  blocked: 'failed',
  abandoned: 'failed',
  reversed: 'reversed',
};

function paymentFromCharge(data: Json, fallbackMessage: string | null): StartPaymentResult {
  const status = text(data.status);
  const displayText = text(data.display_text) ?? text(data.message);
  const pending = { status: 'pending', authorizationUrl: null, failureReason: null } as const;
  switch (status) {
    case 'success':
      return { status: 'succeeded', nextAction: null, authorizationUrl: null, displayText: null, failureReason: null };
    case 'failed':
      return {
        status: 'failed',
        nextAction: null,
        authorizationUrl: null,
        displayText: null,
        failureReason: text(data.gateway_response) ?? text(data.message) ?? fallbackMessage,
      };
    case 'send_otp':
      return { ...pending, nextAction: 'send_otp', displayText };
    case 'pay_offline':
      return { ...pending, nextAction: 'pay_offline', displayText };
    case 'open_url':
      // Some networks approve on a page of their own.
      return text(data.url)
        ? { status: 'pending', nextAction: 'redirect', authorizationUrl: text(data.url), displayText, failureReason: null }
        : { ...pending, nextAction: null, displayText };
    default:
      // pending, ongoing, processing, queued...: nothing for the person to do; a verify decides.
      return { ...pending, nextAction: null, displayText };
  }
}

function failedStart(reason: string | null): StartPaymentResult {
  return { status: 'failed', nextAction: null, authorizationUrl: null, displayText: null, failureReason: reason };
}

/**
 * The reference is already Paystack's (a start retried after its answer was lost): nothing is failed,
 * the charge under that reference goes on, and a verify decides it.
 */
const STARTED_ALREADY: StartPaymentResult = { status: 'pending', nextAction: null, authorizationUrl: null, displayText: null, failureReason: null };

function isDuplicateReference(body: Json): boolean {
  return body.code === 'duplicate_reference' || /duplicate transaction reference/i.test(text(body.message) ?? '');
}

function transferFrom(data: Json): TransferResult {
  const status = text(data.status) ?? '';
  const transferCode = text(data.transfer_code);
  if (status === 'otp') return { status: 'failed', transferCode, failureReason: TRANSFER_OTP_REASON };
  const mapped = TRANSFER_STATUS[status] ?? 'pending';
  const failures = text(data.failures) ?? text(data.gateway_response) ?? text(data.message);
  return { status: mapped, transferCode, failureReason: mapped === 'failed' || mapped === 'reversed' ? failures : null };
}

/**
 * The Paystack provider. A start answers what Paystack said (a page to open, a code to ask for, a
 * prompt on the phone); only a verify decides. Network errors, timeouts, 5xx and 429 throw
 * PaymentProviderUnavailableError; a 4xx becomes a failed result with Paystack's message where a
 * result can carry it.
 */
export function createPaystackProvider(options: PaystackProviderOptions): PaymentProvider {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? PAYSTACK_DEFAULT_TIMEOUT_MS;
  const log = options.log;
  const secretKey = options.secretKey;

  async function call(method: 'GET' | 'POST', path: string, input: { query?: Record<string, string>; body?: Json } = {}): Promise<PaystackAnswer> {
    // The operation names the path only: a query can carry an account number.
    const operation = `${method} ${path}`;
    const url = new URL(baseUrl + path);
    for (const [name, value] of Object.entries(input.query ?? {})) url.searchParams.set(name, value);
    const started = performance.now();
    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers: {
          authorization: `Bearer ${secretKey}`,
          accept: 'application/json',
          ...(input.body ? { 'content-type': 'application/json' } : {}),
        },
        ...(input.body ? { body: JSON.stringify(input.body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError') ? `no answer within ${timeoutMs} ms` : 'network error';
      log?.warn({ operation, reason, err: error instanceof Error ? error.message : String(error) }, 'Paystack unavailable');
      throw new PaymentProviderUnavailableError(`Paystack unavailable for ${operation}: ${reason}`, operation, null, { cause: error });
    }
    let body: Json = {};
    let readError: unknown = null;
    try {
      const raw = await response.text();
      const parsed: unknown = raw ? JSON.parse(raw) : {};
      if (isObject(parsed)) body = parsed;
    } catch (error) {
      readError = error;
    }
    const milliseconds = Math.round(performance.now() - started);
    log?.debug({ operation, statusCode: response.status, milliseconds }, 'Paystack answered');
    const refusedKey = response.status === 401 || response.status === 403;
    if (response.status >= 500 || response.status === 429 || refusedKey || (response.ok && readError !== null)) {
      const reason = refusedKey ? 'the secret key was refused' : readError !== null ? 'an unreadable answer' : `HTTP ${response.status}`;
      log?.warn({ operation, statusCode: response.status, paystackMessage: text(body.message) }, 'Paystack unavailable');
      throw new PaymentProviderUnavailableError(`Paystack unavailable for ${operation}: ${reason}`, operation, response.status, {
        cause: readError ?? undefined,
      });
    }
    return { statusCode: response.status, body };
  }

  const ok = (answer: PaystackAnswer) => answer.statusCode >= 200 && answer.statusCode < 300 && answer.body.status !== false;
  const dataOf = (answer: PaystackAnswer): Json => (isObject(answer.body.data) ? answer.body.data : {});
  const messageOf = (answer: PaystackAnswer): string | null => text(answer.body.message);

  async function verifyTransfer(reference: string): Promise<TransferResult> {
    const answer = await call('GET', `/transfer/verify/${encodeURIComponent(reference)}`);
    if (!ok(answer)) return { status: 'unknown', transferCode: null, failureReason: null };
    return transferFrom(dataOf(answer));
  }

  return {
    name: 'paystack',

    async startPayment(request) {
      checkReference(request.reference, TRANSACTION_REFERENCE, 'transaction');
      if (request.method === 'card') {
        throw new Error('Paystack takes cards on its own page: start card payments with method "hosted"');
      }
      let answer: PaystackAnswer;
      if (request.method === 'hosted') {
        answer = await call('POST', '/transaction/initialize', {
          body: {
            email: request.email,
            amount: request.amountMinor,
            currency: request.currency,
            reference: request.reference,
            callback_url: request.callbackUrl,
            channels: ['card', 'mobile_money'],
            // cancel_action: the page's Cancel comes back to us at once instead of leaving the payment pending.
            metadata: { intent_id: request.intentId, ...(request.cancelUrl ? { cancel_action: request.cancelUrl } : {}) },
          },
        });
        if (ok(answer)) {
          const authorizationUrl = text(dataOf(answer).authorization_url);
          if (!authorizationUrl) {
            throw new PaymentProviderUnavailableError('Paystack answered without authorization_url', 'POST /transaction/initialize', answer.statusCode);
          }
          return { status: 'pending', nextAction: 'redirect', authorizationUrl, displayText: null, failureReason: null };
        }
        return isDuplicateReference(answer.body) ? { ...STARTED_ALREADY } : failedStart(messageOf(answer));
      }

      if (!request.mobileMoney) throw new Error('A mobile money payment needs the phone number and its network');
      // The charge schema lists no currency: Paystack charges in the integration's own currency
      // (GHS for a Ghanaian account), and the verify's currency is checked against the intent's.
      answer = await call('POST', '/charge', {
        body: {
          email: request.email,
          amount: request.amountMinor,
          reference: request.reference,
          mobile_money: { phone: localGhanaPhone(request.mobileMoney.phone), provider: MOBILE_MONEY_PROVIDER[request.mobileMoney.network] },
          metadata: { intent_id: request.intentId },
        },
      });
      if (ok(answer)) return paymentFromCharge(dataOf(answer), messageOf(answer));
      if (isDuplicateReference(answer.body)) return { ...STARTED_ALREADY };
      // A refused charge may still carry its data ({ status: 'failed', gateway_response }).
      return text(dataOf(answer).status) ? paymentFromCharge(dataOf(answer), messageOf(answer)) : failedStart(messageOf(answer));
    },

    async submitOtp(reference, otp) {
      const answer = await call('POST', '/charge/submit_otp', { body: { otp, reference } });
      if (ok(answer) || text(dataOf(answer).status)) return paymentFromCharge(dataOf(answer), messageOf(answer));
      return failedStart(messageOf(answer));
    },

    async verifyPayment(reference) {
      const answer = await call('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
      const data = dataOf(answer);
      if (!ok(answer) || !text(data.status)) {
        // 404, or Paystack's 400 "Transaction reference not found": no such transaction (yet).
        return { reference, status: 'unknown', amountMinor: 0, currency: '', feesMinor: 0, channel: null, gatewayResponse: messageOf(answer), paidAt: null, raw: answer.body };
      }
      return {
        reference: text(data.reference) ?? reference,
        status: PAYMENT_STATUS[text(data.status) ?? ''] ?? 'pending',
        amountMinor: integer(data.amount) ?? 0,
        currency: text(data.currency) ?? '',
        feesMinor: integer(data.fees) ?? 0,
        channel: text(data.channel),
        gatewayResponse: text(data.gateway_response),
        paidAt: date(data.paid_at) ?? date(data.paidAt),
        raw: maskedTransaction(data),
      };
    },

    async resolveAccountName(request) {
      // The document types both query parameters as integers: a numeric bank code and account
      // number (a Ghanaian bank account) can be resolved, a mobile money network code (MTN) cannot.
      const accountNumber = request.accountNumber.replace(/\s+/g, '');
      if (request.method !== 'bank' || !/^[0-9]+$/.test(accountNumber) || !/^[0-9]+$/.test(request.bankCode)) return null;
      try {
        const answer = await call('GET', '/bank/resolve', { query: { account_number: accountNumber, bank_code: request.bankCode } });
        return ok(answer) ? text(dataOf(answer).account_name) : null;
      } catch (error) {
        if (error instanceof PaymentProviderUnavailableError) return null;
        throw error;
      }
    },

    async createRecipient(request: RecipientRequest) {
      const mobileMoney = request.method === 'mobile_money';
      const operation = 'POST /transferrecipient';
      const answer = await call('POST', '/transferrecipient', {
        body: {
          type: mobileMoney ? 'mobile_money' : bankRecipientType(request.currency),
          name: request.accountName,
          account_number: mobileMoney ? localGhanaPhone(request.accountNumber) : request.accountNumber.replace(/\s+/g, ''),
          bank_code: mobileMoney ? paystackMobileMoneyBankCode(request.bankCode) : request.bankCode,
          currency: request.currency,
        },
      });
      const data = dataOf(answer);
      const recipientCode = text(data.recipient_code);
      if (!ok(answer) || !recipientCode) {
        if (ok(answer)) throw new PaymentProviderUnavailableError('Paystack answered without recipient_code', operation, answer.statusCode);
        throw new PaymentProviderRejectedError(messageOf(answer) ?? `HTTP ${answer.statusCode}`, operation, answer.statusCode);
      }
      const details = isObject(data.details) ? data.details : {};
      return { recipientCode, accountName: text(details.account_name) ?? text(data.name) ?? request.accountName };
    },

    async startTransfer(request) {
      checkReference(request.reference, TRANSFER_REFERENCE, 'transfer');
      const answer = await call('POST', '/transfer', {
        body: {
          source: 'balance',
          amount: request.amountMinor,
          recipient: request.recipientCode,
          reason: request.reason,
          currency: request.currency,
          reference: request.reference,
        },
      });
      if (ok(answer)) return transferFrom(dataOf(answer));
      // Refused: perhaps because this reference was sent before (its answer lost). Paystack makes one
      // transfer per reference, so ask what became of it before calling it failed: a payout must never
      // be returned to the balance while its transfer goes ahead.
      const existing = await verifyTransfer(request.reference);
      if (existing.status !== 'unknown') return existing;
      return { status: 'failed', transferCode: null, failureReason: messageOf(answer) ?? `HTTP ${answer.statusCode}` };
    },

    verifyTransfer,

    verifyWebhookSignature(rawBody, signatureHeader) {
      if (!signatureHeader) return false;
      const expected = Buffer.from(createHmac('sha512', secretKey).update(rawBody).digest('hex'), 'utf8');
      const given = Buffer.from(signatureHeader.trim().toLowerCase(), 'utf8');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/** Paystack's recipient type for a bank account in the deployment's currency (ghipss: Ghana's clearing system). */
function bankRecipientType(currency: string): 'ghipss' | 'nuban' | 'basa' {
  if (currency === 'NGN') return 'nuban';
  if (currency === 'ZAR') return 'basa';
  return 'ghipss';
}
