import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPaystackDouble, type PaystackDouble } from './index';
import { paystackApi, SECRET } from './test-support';

let double: PaystackDouble;
let api: ReturnType<typeof paystackApi>;

beforeAll(async () => {
  double = await startPaystackDouble({ secretKey: SECRET });
  api = paystackApi(double);
});

afterAll(() => double.close());

afterEach(() => {
  double.clearViolations();
  double.reset();
});

const initialize = { email: 'ama@example.com', amount: 5420, currency: 'GHS', reference: 'topup-1' };

describe("requests checked against Paystack's OpenAPI document", () => {
  it('accepts a documented request and records no violation', async () => {
    const answer = await api('POST', '/transaction/initialize', { ...initialize, callback_url: 'http://127.0.0.1:4310/wallet', channels: ['card', 'mobile_money'], metadata: { intentId: 'i-1' } });
    expect(answer.status).toBe(200);
    expect(double.violations()).toEqual([]);
    expect(() => double.assertNoViolations()).not.toThrow();
  });

  it('records an undocumented path', async () => {
    const answer = await api('POST', '/transaction/start', initialize);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ status: false, message: "Paystack double: /transaction/start is not a path in Paystack's OpenAPI document" });
    expect(double.violations()).toEqual([{ method: 'POST', path: '/transaction/start', problem: "/transaction/start is not a path in Paystack's OpenAPI document" }]);
  });

  it('records a method the path does not document', async () => {
    const answer = await api('GET', '/transaction/initialize');
    expect(answer.status).toBe(400);
    expect(double.violations()[0]!.problem).toBe('GET is not documented for /transaction/initialize (documented: POST)');
  });

  it('records a body field the schema does not document, at any depth', async () => {
    await api('POST', '/transaction/initialize', { ...initialize, intent_id: 'i-1' });
    await api('POST', '/charge', { email: 'ama@example.com', amount: 100, mobile_money: { phone: '0241234567', provider: 'mtn', network: 'MTN' } });
    expect(double.violations().map((v) => v.problem)).toEqual(['body.intent_id is not a documented field', 'body.mobile_money.network is not a documented field']);
  });

  it('records a missing required field and a wrong type', async () => {
    const missing = await api('POST', '/transaction/initialize', { amount: 5420 });
    const wrongType = await api('POST', '/transaction/initialize', { ...initialize, amount: '54.20' });
    expect([missing.status, wrongType.status]).toEqual([400, 400]);
    expect(double.violations().map((v) => v.problem)).toEqual(["body must have the field 'email'", 'body.amount must be integer']);
    expect(wrongType.json.message).toBe('Paystack double: body.amount must be integer');
  });

  it('records a value outside an enum, a currency the document does not list for a charge, and a reference with forbidden characters', async () => {
    await api('POST', '/transaction/initialize', { ...initialize, channels: ['momo'] });
    await api('POST', '/charge', { email: 'ama@example.com', amount: 100, currency: 'GHS', mobile_money: { phone: '0241234567', provider: 'mtn' } });
    await api('POST', '/transaction/initialize', { ...initialize, reference: 'pi_0192' });
    expect(double.violations().map((v) => v.problem)).toEqual([
      'body.channels.0 must be one of "card", "bank", "ussd", "qr", "eft", "mobile_money", "bank_transfer"',
      'body.currency is not a documented field',
      "body.reference 'pi_0192' breaks the documented rule: only -, ., = and alphanumeric characters are allowed",
    ]);
  });

  it('records an undocumented query parameter and a query value of the wrong type', async () => {
    await api('GET', '/bank?currency=GHS&kind=momo');
    await api('GET', '/bank/resolve?account_number=0241234567&bank_code=MTN');
    expect(double.violations().map((v) => v.problem)).toEqual([
      "query parameter 'kind' is not documented for GET /bank",
      "query parameter 'bank_code' must be integer",
    ]);
  });

  it('answers 401 with Paystack’s error to a wrong or missing bearer token, and records it', async () => {
    const wrong = await paystackApi(double, 'sk_test_other')('GET', '/transaction/verify/topup-1');
    const missing = await fetch(`${double.url}/transaction/verify/topup-1`);
    expect(wrong).toEqual({ status: 401, json: { status: false, message: 'Invalid key' } });
    expect(missing.status).toBe(401);
    expect(double.violations()).toHaveLength(2);
    expect(double.violations()[0]!.problem).toBe("the Authorization header is not 'Bearer <the secret key>'");
  });

  it('answers 501 without a violation for a documented operation the double does not implement', async () => {
    const answer = await api('GET', '/transaction/totals');
    expect(answer).toEqual({ status: 501, json: { status: false, message: 'Paystack double: GET /transaction/totals is not implemented by the double' } });
    expect(double.violations()).toEqual([]);
  });

  it('records every request, and assertNoViolations lists the violations in words', async () => {
    const before = double.requests().length;
    await api('POST', '/transaction/initialize', initialize);
    await api('DELETE', '/transaction/verify/topup-1');
    expect(double.requests().slice(before).map((r) => [r.method, r.path, r.status])).toEqual([
      ['POST', '/transaction/initialize', 200],
      ['DELETE', '/transaction/verify/topup-1', 400],
    ]);
    expect(() => double.assertNoViolations()).toThrow(/1 request\(s\) or answer\(s\) did not match[\s\S]*- DELETE \/transaction\/verify\/topup-1: DELETE is not documented/);
  });
});
