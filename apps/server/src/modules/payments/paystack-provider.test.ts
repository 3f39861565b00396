import { randomUUID } from 'node:crypto';
import { signPaystackBody, startPaystackDouble } from '@pulse/paystack-double';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentProvider, StartPaymentRequest } from './payment-provider-types';
import {
  createPaystackProvider,
  localGhanaPhone,
  PaymentProviderRejectedError,
  PaymentProviderUnavailableError,
  paystackMobileMoneyBankCode,
  type PaystackLog,
} from './paystack-provider';

const SECRET = 'sk_test_x';

type Double = Awaited<ReturnType<typeof startPaystackDouble>>;

let double: Double;
let provider: PaymentProvider;
const logLines: string[] = [];
const log: PaystackLog = {
  debug: (object, message) => logLines.push(JSON.stringify({ ...object, message })),
  warn: (object, message) => logLines.push(JSON.stringify({ ...object, message })),
};

beforeAll(async () => {
  double = await startPaystackDouble({ port: 0, secretKey: SECRET });
  provider = createPaystackProvider({ secretKey: SECRET, baseUrl: double.url, log });
});

afterEach(() => {
  // Every request the provider sent is one Paystack's OpenAPI document describes.
  double.assertNoViolations();
});

afterAll(async () => {
  await double?.close();
});

function reference(): string {
  return `pm-${randomUUID()}`;
}

function payment(overrides: Partial<StartPaymentRequest> = {}): StartPaymentRequest {
  const ref = overrides.reference ?? reference();
  return {
    reference: ref,
    intentId: ref,
    userId: randomUUID(),
    email: 'ama@example.com',
    amountMinor: 5420,
    currency: 'GHS',
    method: 'hosted',
    callbackUrl: 'http://localhost:3000/wallet?payment=return',
    ...overrides,
  };
}

function momo(phone: string, network: 'mtn' | 'telecel' | 'airteltigo' = 'mtn'): Partial<StartPaymentRequest> {
  return { method: 'mobile_money', mobileMoney: { phone, network } };
}

describe('the Paystack provider, hosted page', () => {
  it('initializes a transaction, sends the person to its page, and verifies the approved payment with its fee', async () => {
    const request = payment();
    const started = await provider.startPayment(request);
    expect(started).toMatchObject({ status: 'pending', nextAction: 'redirect', failureReason: null });
    expect(started.authorizationUrl).toMatch(new RegExp(`^${double.url}`));

    const before = await provider.verifyPayment(request.reference);
    expect(before.status).not.toBe('succeeded');

    await double.approve(request.reference);
    const verified = await provider.verifyPayment(request.reference);
    expect(verified).toMatchObject({ reference: request.reference, status: 'succeeded', amountMinor: 5420, currency: 'GHS', channel: 'card' });
    // Paystack Ghana's 1.95 % on GH₵54.20, as the double charges it.
    expect(verified.feesMinor).toBe(106);
    expect(verified.paidAt).toBeInstanceOf(Date);
    expect(verified.raw).toMatchObject({ reference: request.reference, status: 'success' });
  });

  it('stores no reusable card token from a verify', async () => {
    const request = payment();
    await provider.startPayment(request);
    await double.approve(request.reference);
    const { raw } = await provider.verifyPayment(request.reference);
    const stored = JSON.stringify(raw);
    expect(stored).not.toContain('authorization_code');
    expect(stored).not.toMatch(/AUTH_[a-z0-9]/);
    expect(stored).not.toContain('"signature"');
  });

  it('says why a declined card failed, in the gateway words', async () => {
    const request = payment();
    await provider.startPayment(request);
    await double.decline(request.reference);
    expect(await provider.verifyPayment(request.reference)).toMatchObject({
      status: 'failed',
      gatewayResponse: 'Declined by financial institution',
      paidAt: null,
    });
  });

  it('answers "unknown" for a reference Paystack never saw', async () => {
    expect(await provider.verifyPayment(reference())).toMatchObject({ status: 'unknown', amountMinor: 0, feesMinor: 0 });
  });

  it('does not fail a payment whose start is sent twice: the first one goes on', async () => {
    const request = payment();
    await provider.startPayment(request);
    expect(await provider.startPayment(request)).toMatchObject({ status: 'pending', failureReason: null });
    await double.approve(request.reference);
    expect((await provider.verifyPayment(request.reference)).status).toBe('succeeded');
  });

  it('sends cards to the hosted page, never card numbers to the API', async () => {
    await expect(provider.startPayment(payment({ method: 'card', cardNumber: '4084084084084081' }))).rejects.toThrow(/hosted/);
  });
});

describe('the Paystack provider, mobile money in the app', () => {
  it('asks for the SMS code, then for the approval on the phone, then verifies the payment', async () => {
    const request = payment({ ...momo('020 000 0000', 'telecel') });
    const started = await provider.startPayment(request);
    expect(started).toMatchObject({ status: 'pending', nextAction: 'send_otp', authorizationUrl: null });
    expect(started.displayText).toEqual(expect.any(String));

    const afterOtp = await provider.submitOtp(request.reference, '123456');
    expect(afterOtp).toMatchObject({ status: 'pending', nextAction: 'pay_offline' });
    expect(afterOtp.displayText).toEqual(expect.any(String));

    await double.approve(request.reference);
    expect(await provider.verifyPayment(request.reference)).toMatchObject({ status: 'succeeded', amountMinor: 5420, channel: 'mobile_money' });
  });

  it('prompts the phone at once for an MTN number typed with +233', async () => {
    const request = payment({ ...momo('+233 24 123 4567') });
    expect(await provider.startPayment(request)).toMatchObject({ status: 'pending', nextAction: 'pay_offline' });
    await double.decline(request.reference);
    expect(await provider.verifyPayment(request.reference)).toMatchObject({ status: 'failed', channel: 'mobile_money' });
  });

  it('fails a wrong SMS code and a refused charge with the provider\'s reason', async () => {
    const withOtp = payment({ ...momo('0270000000', 'airteltigo') });
    await provider.startPayment(withOtp);
    const wrong = await provider.submitOtp(withOtp.reference, '999999');
    expect(wrong.status).toBe('failed');
    expect(wrong.failureReason).toEqual(expect.any(String));

    const refused = await provider.startPayment(payment({ ...momo('0241111111') }));
    expect(refused.status).toBe('failed');
    expect(refused.failureReason).toEqual(expect.any(String));
  });
});

describe('the Paystack provider, payouts', () => {
  it('creates a mobile money recipient and pays it by transfer, settled when the bank says so', async () => {
    const recipient = await provider.createRecipient({
      userId: randomUUID(),
      method: 'mobile_money',
      bankCode: 'mtn',
      accountNumber: '024 123 4567',
      accountName: 'Ama',
      currency: 'GHS',
    });
    expect(recipient.recipientCode).toMatch(/^RCP_/);
    expect(recipient.accountName).toBe('Ama Mensah');

    const transferReference = `payout-${randomUUID()}`;
    const started = await provider.startTransfer({ reference: transferReference, amountMinor: 2500, currency: 'GHS', recipientCode: recipient.recipientCode, reason: 'Pulse Market payout' });
    expect(started).toMatchObject({ status: 'pending', failureReason: null });
    expect(started.transferCode).toMatch(/^TRF_/);
    expect(await provider.verifyTransfer(transferReference)).toMatchObject({ status: 'pending', transferCode: started.transferCode });

    await double.completeTransfer(transferReference, 'success');
    expect(await provider.verifyTransfer(transferReference)).toMatchObject({ status: 'succeeded', transferCode: started.transferCode });
  });

  it('reports a failed transfer, and a retried one as what became of the first, never as a second', async () => {
    const recipient = await provider.createRecipient({ userId: randomUUID(), method: 'bank', bankCode: '040100', accountNumber: '1234567890123', accountName: 'Esi', currency: 'GHS' });
    const request = { reference: `payout-${randomUUID()}`, amountMinor: 1000, currency: 'GHS', recipientCode: recipient.recipientCode, reason: 'Pulse Market payout' };
    const first = await provider.startTransfer(request);
    expect(await provider.startTransfer(request)).toEqual(first);

    await double.completeTransfer(request.reference, 'failed');
    const failed = await provider.verifyTransfer(request.reference);
    expect(failed.status).toBe('failed');
    expect(failed.transferCode).toBe(first.transferCode);
    expect(await provider.verifyTransfer(`payout-${randomUUID()}`)).toMatchObject({ status: 'unknown' });
  });

  it('refuses a recipient at a bank Paystack does not know, with its message', async () => {
    const refused = provider.createRecipient({ userId: randomUUID(), method: 'bank', bankCode: '999999', accountNumber: '1234567890', accountName: 'Kofi', currency: 'GHS' });
    await expect(refused).rejects.toBeInstanceOf(PaymentProviderRejectedError);
    await expect(refused).rejects.toMatchObject({ providerMessage: expect.any(String), statusCode: 400 });
  });

  it('fails a transfer to a recipient Paystack does not know, with its message', async () => {
    const result = await provider.startTransfer({ reference: `payout-${randomUUID()}`, amountMinor: 1000, currency: 'GHS', recipientCode: 'RCP_nobody', reason: 'Payout' });
    expect(result.status).toBe('failed');
    expect(result.failureReason).toEqual(expect.any(String));
  });

  it("resolves a Ghanaian bank account's name, not a mobile money number's, and answers null for one it cannot", async () => {
    expect(await provider.resolveAccountName({ method: 'bank', bankCode: '040100', accountNumber: '1234567890123' })).toBe('Esi Appiah');
    expect(await provider.resolveAccountName({ method: 'bank', bankCode: '040100', accountNumber: '5555555555' })).toBeNull();
    expect(await provider.resolveAccountName({ method: 'mobile_money', bankCode: 'MTN', accountNumber: '0241234567' })).toBeNull();
  });
});

describe('the Paystack provider, webhook signatures', () => {
  const raw = JSON.stringify({ event: 'charge.success', data: { reference: 'pm-1', amount: 5420 } });
  const body = Buffer.from(raw);

  it('accepts the body Paystack signed with our key', () => {
    expect(provider.verifyWebhookSignature(body, signPaystackBody(raw, SECRET))).toBe(true);
  });

  it('refuses a changed body, another key, a cut signature and no signature', () => {
    const signature = signPaystackBody(raw, SECRET);
    const tampered = Buffer.from(raw.replace('5420', '9999'));
    expect(provider.verifyWebhookSignature(tampered, signature)).toBe(false);
    expect(provider.verifyWebhookSignature(body, signPaystackBody(raw, 'sk_test_other'))).toBe(false);
    expect(provider.verifyWebhookSignature(body, signature.slice(0, 64))).toBe(false);
    expect(provider.verifyWebhookSignature(body, undefined)).toBe(false);
    expect(provider.verifyWebhookSignature(body, '')).toBe(false);
  });
});

describe('the Paystack provider when Paystack does not answer', () => {
  it('throws PaymentProviderUnavailableError, so nothing is decided, and resolves no name', async () => {
    const gone = await startPaystackDouble({ port: 0, secretKey: SECRET });
    const url = gone.url;
    await gone.close();
    const unreachable = createPaystackProvider({ secretKey: SECRET, baseUrl: url, log });
    await expect(unreachable.startPayment(payment())).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
    await expect(unreachable.verifyPayment(reference())).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
    await expect(unreachable.verifyTransfer('payout-x')).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
    expect(await unreachable.resolveAccountName({ method: 'bank', bankCode: '040100', accountNumber: '1234567890123' })).toBeNull();
  });

  it('never writes the secret key in a log line', () => {
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(SECRET);
  });
});

describe('Paystack Ghana codes', () => {
  it('writes phone numbers in the local form and networks as Paystack codes', () => {
    expect(localGhanaPhone('+233 24 123 4567')).toBe('0241234567');
    expect(localGhanaPhone('233241234567')).toBe('0241234567');
    expect(localGhanaPhone('024-123-4567')).toBe('0241234567');
    expect(() => localGhanaPhone('12345')).toThrow();
    expect(paystackMobileMoneyBankCode('telecel')).toBe('VOD');
    expect(paystackMobileMoneyBankCode('airteltigo')).toBe('ATL');
    expect(paystackMobileMoneyBankCode('MTN')).toBe('MTN');
    expect(() => paystackMobileMoneyBankCode('orange')).toThrow();
  });
});

describe('the Paystack double, after all of the above', () => {
  it('received every operation the provider uses, each as Paystack documents it', () => {
    const operations = new Set(double.requests().map((request) => `${request.method} ${request.path.replace(/\/verify\/.+$/, '/verify/{reference}')}`));
    expect([...operations].sort()).toEqual(
      [
        'GET /bank/resolve',
        'GET /transaction/verify/{reference}',
        'GET /transfer/verify/{reference}',
        'POST /charge',
        'POST /charge/submit_otp',
        'POST /transaction/initialize',
        'POST /transfer',
        'POST /transferrecipient',
      ].sort(),
    );
    expect(double.violations()).toEqual([]);
  });
});
