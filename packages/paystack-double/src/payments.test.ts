import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signPaystackBody, startPaystackDouble, type PaystackDouble } from './index';
import { paystackApi, SECRET, startWebhookReceiver, waitFor, type WebhookReceiver } from './test-support';

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
  // Every answer of the double in these walks is checked against the document too.
  double.assertNoViolations();
  double.reset();
  receiver.received.length = 0;
});

async function initialize(reference: string, extra: Record<string, unknown> = {}) {
  const answer = await api('POST', '/transaction/initialize', {
    email: 'ama@example.com',
    amount: 5420,
    currency: 'GHS',
    reference,
    callback_url: 'http://127.0.0.1:4310/wallet?tab=top-up',
    channels: ['card', 'mobile_money'],
    metadata: { intentId: `intent-${reference}` },
    ...extra,
  });
  expect(answer.status).toBe(200);
  return answer.json.data as { authorization_url: string; access_code: string; reference: string };
}

/** The person's click on the hosted page: the form's POST, the redirect not followed. */
async function clickOnCheckout(authorizationUrl: string, action: 'approve' | 'decline' | 'cancel', channel = 'card') {
  const response = await fetch(`${authorizationUrl}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ channel }).toString(),
    redirect: 'manual',
  });
  await double.flushWebhooks();
  return response;
}

describe('hosted checkout (initialize, the page, verify, webhook)', () => {
  it('initializes, shows the page, and verify says abandoned until the person acts', async () => {
    const { authorization_url, access_code, reference } = await initialize('topup-1001');
    expect(authorization_url).toBe(`${double.url}/checkout/${access_code}`);
    expect(reference).toBe('topup-1001');

    const page = await fetch(authorization_url);
    const html = await page.text();
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(html).toContain('<title>Paystack double — test checkout</title>');
    expect(html).toContain('GH₵ 54.20');
    expect(html).toContain('ama@example.com');
    for (const name of ['>Approve<', '>Decline<', '>Cancel payment<', ' Card<', ' Mobile money<']) expect(html).toContain(name);

    const verify = await api('GET', `/transaction/verify/${reference}`);
    expect(verify.json.data).toMatchObject({ status: 'abandoned', gateway_response: 'The transaction was not completed', amount: 5420, currency: 'GHS', paid_at: null });
  });

  it('approve: redirects to the callback with the reference, verify says success with the 1.95 % fee, and a signed charge.success arrives', async () => {
    const { authorization_url } = await initialize('topup-1002');
    const response = await clickOnCheckout(authorization_url, 'approve');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('http://127.0.0.1:4310/wallet?tab=top-up&trxref=topup-1002&reference=topup-1002');

    const verify = await api('GET', '/transaction/verify/topup-1002');
    expect(verify.json).toMatchObject({ status: true, message: 'Verification successful' });
    expect(verify.json.data).toMatchObject({
      status: 'success',
      reference: 'topup-1002',
      amount: 5420,
      currency: 'GHS',
      fees: 106,
      gateway_response: 'Approved',
      channel: 'card',
      customer: { email: 'ama@example.com' },
      metadata: { intentId: 'intent-topup-1002' },
      authorization: { last4: '4081', bin: '408408', channel: 'card' },
    });
    expect(verify.json.data.paid_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    expect(receiver.received).toHaveLength(1);
    const webhook = receiver.received[0]!;
    expect(webhook.headers['x-paystack-signature']).toBe(signPaystackBody(webhook.rawBody, SECRET));
    expect(webhook.headers['x-paystack-signature']).not.toBe(signPaystackBody(webhook.rawBody, 'sk_test_other'));
    const body = JSON.parse(webhook.rawBody);
    expect(body).toMatchObject({ event: 'charge.success', data: { reference: 'topup-1002', amount: 5420, currency: 'GHS', status: 'success', fees: 106, customer: { email: 'ama@example.com' } } });
    // Masked card details only.
    expect(webhook.rawBody).not.toMatch(/\d{12,}/);
    expect(double.deliveries()).toMatchObject([{ event: 'charge.success', state: 'delivered', statusCode: 200, attempts: 1 }]);
  });

  it('decline on the page: failed with the reason for the chosen channel, no webhook', async () => {
    const card = await initialize('topup-1003');
    const momo = await initialize('topup-1004');
    await clickOnCheckout(card.authorization_url, 'decline', 'card');
    await clickOnCheckout(momo.authorization_url, 'decline', 'mobile_money');
    expect((await api('GET', '/transaction/verify/topup-1003')).json.data).toMatchObject({ status: 'failed', gateway_response: 'Declined by financial institution', channel: 'card' });
    expect((await api('GET', '/transaction/verify/topup-1004')).json.data).toMatchObject({
      status: 'failed',
      gateway_response: 'Transaction declined by the mobile money provider',
      channel: 'mobile_money',
    });
    expect(receiver.received).toEqual([]);
  });

  it('cancel on the page: abandoned, redirected, and the page says so when opened again after a decision', async () => {
    const { authorization_url } = await initialize('topup-1005');
    const response = await clickOnCheckout(authorization_url, 'cancel');
    expect(response.status).toBe(302);
    expect((await api('GET', '/transaction/verify/topup-1005')).json.data.status).toBe('abandoned');

    await clickOnCheckout(authorization_url, 'approve', 'mobile_money');
    const again = await fetch(authorization_url);
    expect(await again.text()).toContain('Payment already decided');
    const twice = await clickOnCheckout(authorization_url, 'decline');
    expect(twice.status).toBe(409);
    expect((await api('GET', '/transaction/verify/topup-1005')).json.data).toMatchObject({ status: 'success', channel: 'mobile_money', authorization: { channel: 'mobile_money' } });
  });

  it('cancel with metadata.cancel_action: the page sends the person there as it is (no reference added), the verify says abandoned', async () => {
    const cancelAction = 'http://127.0.0.1:4310/wallet?topUp=t-1&cancelled=1';
    const { authorization_url } = await initialize('topup-1010', { metadata: { intent_id: 'i-1010', cancel_action: cancelAction } });
    const cancelled = await clickOnCheckout(authorization_url, 'cancel');
    expect(cancelled.status).toBe(302);
    expect(cancelled.headers.get('location')).toBe(cancelAction);
    expect((await api('GET', '/transaction/verify/topup-1010')).json.data.status).toBe('abandoned');

    // Approve and decline still return to the callback with the reference.
    const { authorization_url: other } = await initialize('topup-1011', { metadata: { cancel_action: cancelAction } });
    const approved = await clickOnCheckout(other, 'approve');
    expect(approved.headers.get('location')).toBe('http://127.0.0.1:4310/wallet?tab=top-up&trxref=topup-1011&reference=topup-1011');

    // A cancel_action that is not an http(s) address is ignored: back to the callback.
    const { authorization_url: odd } = await initialize('topup-1012', { metadata: { cancel_action: 'javascript:alert(1)' } });
    expect((await clickOnCheckout(odd, 'cancel')).headers.get('location')).toBe('http://127.0.0.1:4310/wallet?tab=top-up&trxref=topup-1012&reference=topup-1012');
  });

  it('programmatic approve, decline and abandon act as the person does', async () => {
    await initialize('topup-1006');
    await initialize('topup-1007');
    await double.approve('topup-1006', 'mobile_money');
    await double.decline('topup-1007', 'Insufficient funds');
    expect(receiver.received.map((w) => [w.event, w.reference])).toEqual([['charge.success', 'topup-1006']]);
    expect(double.transaction('topup-1006')).toMatchObject({ status: 'success', channel: 'mobile_money', fees: 106 });
    expect(double.transaction('topup-1007')).toMatchObject({ status: 'failed', gatewayResponse: 'Insufficient funds' });
    await expect(double.approve('topup-1007')).rejects.toThrow('transaction topup-1007 is already decided (failed: Insufficient funds)');
    await expect(double.abandon('nope')).rejects.toThrow('no transaction with reference nope');
  });

  it('answers Paystack’s errors: a duplicate reference, an unknown one, no amount, no email', async () => {
    await initialize('topup-1008');
    const duplicate = await api('POST', '/transaction/initialize', { email: 'ama@example.com', amount: 100, reference: 'topup-1008' });
    expect(duplicate.status).toBe(400);
    expect(duplicate.json).toMatchObject({ status: false, message: 'Duplicate Transaction Reference', code: 'duplicate_reference' });
    expect(await api('GET', '/transaction/verify/topup-unknown')).toEqual({ status: 404, json: { status: false, message: 'Transaction reference not found' } });
    expect((await api('POST', '/transaction/initialize', { email: 'ama@example.com', amount: 0 })).json).toEqual({ status: false, message: 'Invalid Amount Sent' });
    expect((await api('POST', '/transaction/initialize', { email: 'ama', amount: 100 })).json).toEqual({ status: false, message: 'Invalid Email Address Passed' });
  });

  it('a verify override answers other figures than the webhook carried', async () => {
    await initialize('topup-1009');
    double.setVerifyOverride('topup-1009', { amount: 1000, currency: 'NGN' });
    await double.approve('topup-1009');
    expect(JSON.parse(receiver.received[0]!.rawBody).data).toMatchObject({ amount: 5420, currency: 'GHS' });
    expect((await api('GET', '/transaction/verify/topup-1009')).json.data).toMatchObject({ amount: 1000, currency: 'NGN', status: 'success' });
  });
});

describe('mobile money charge (POST /charge)', () => {
  const charge = (reference: string, phone: string, provider = 'mtn') =>
    api('POST', '/charge', { email: 'kofi@example.com', amount: 5000, reference, mobile_money: { phone, provider }, metadata: { intentId: reference } });

  it('send_otp -> submit_otp -> pay_offline -> approved on the phone: success and charge.success', async () => {
    const started = await charge('momo-2001', '0241230000');
    expect(started.json).toEqual({ status: true, message: 'Charge attempted', data: { reference: 'momo-2001', status: 'send_otp', display_text: 'Please enter the one-time code sent to your phone' } });
    expect((await api('GET', '/transaction/verify/momo-2001')).json.data.status).toBe('ongoing');

    const otp = await api('POST', '/charge/submit_otp', { otp: '123456', reference: 'momo-2001' });
    expect(otp.json.data).toEqual({ reference: 'momo-2001', status: 'pay_offline', display_text: 'Please complete authorization process on your mobile phone' });
    expect((await api('GET', '/charge/momo-2001')).json.data.status).toBe('pay_offline');

    await double.approve('momo-2001');
    const checked = await api('GET', '/charge/momo-2001');
    expect(checked.json.data).toMatchObject({ status: 'success', channel: 'mobile_money', fees: 98, authorization: { bank: 'MTN', last4: 'X000' } });
    expect((await api('GET', '/transaction/verify/momo-2001')).json.data).toMatchObject({ status: 'success', amount: 5000, currency: 'GHS' });
    expect(receiver.received.map((w) => w.event)).toEqual(['charge.success']);
  });

  it('pay_offline straight away for other numbers; approve waits for the OTP when one is asked', async () => {
    expect((await charge('momo-2002', '0201234567', 'vod')).json.data).toEqual({
      reference: 'momo-2002',
      status: 'pay_offline',
      display_text: 'Please complete authorization process on your mobile phone',
    });
    expect((await api('GET', '/transaction/verify/momo-2002')).json.data).toMatchObject({ status: 'pending', channel: 'mobile_money' });
    expect((await charge('momo-2007', '0201234567', 'telecel')).json).toEqual({ status: false, message: "Invalid mobile money provider 'telecel': Ghana's are mtn, vod and atl" });
    await charge('momo-2003', '0551230000');
    await expect(double.approve('momo-2003')).rejects.toThrow('waiting for its one-time code');
  });

  it('a wrong OTP, a declined number (…1111) and an approval that times out (…2222) fail in Paystack’s words', async () => {
    await charge('momo-2004', '0241230000');
    expect((await api('POST', '/charge/submit_otp', { otp: '000000', reference: 'momo-2004' })).json.data).toMatchObject({ status: 'failed', gateway_response: 'Incorrect OTP' });
    expect((await charge('momo-2005', '0241231111')).json.data).toMatchObject({ status: 'failed', gateway_response: 'Declined' });
    expect((await charge('momo-2006', '0241232222')).json.data.status).toBe('pay_offline');
    expect((await api('GET', '/transaction/verify/momo-2006')).json.data).toMatchObject({ status: 'failed', gateway_response: 'The mobile money approval timed out' });
    expect((await api('GET', '/transaction/verify/momo-2005')).json.data).toMatchObject({ status: 'failed', gateway_response: 'Declined' });
    expect(receiver.received).toEqual([]);
  });
});

describe('banks, recipients and transfers', () => {
  it('lists Ghanaian networks and banks and resolves known account numbers', async () => {
    const networks = await api('GET', '/bank?currency=GHS&type=mobile_money');
    expect(networks.json.data.map((b: { code: string }) => b.code)).toEqual(['MTN', 'VOD', 'ATL']);
    const banks = await api('GET', '/bank?currency=GHS&type=ghipps');
    expect(banks.json.data.map((b: { code: string }) => b.code)).toEqual(expect.arrayContaining(['040100', '130100']));
    expect((await api('GET', '/bank/resolve?account_number=0241234567&bank_code=040100')).json.data).toMatchObject({ account_number: '0241234567', account_name: 'Ama Mensah' });
    const unknown = await api('GET', '/bank/resolve?account_number=0240000000&bank_code=040100');
    expect(unknown).toEqual({ status: 422, json: { status: false, message: 'Could not resolve account name. Check parameters or try again.' } });
  });

  async function recipient(accountNumber = '0241234567') {
    const answer = await api('POST', '/transferrecipient', { type: 'mobile_money', name: 'Ama Mensah', account_number: accountNumber, bank_code: 'MTN', currency: 'GHS' });
    expect(answer.status).toBe(201);
    return answer.json.data as { recipient_code: string; details: Record<string, string> };
  }

  it('creates a recipient once per account', async () => {
    const first = await recipient();
    const again = await recipient();
    expect(first.recipient_code).toMatch(/^RCP_/);
    expect(again.recipient_code).toBe(first.recipient_code);
    expect(first.details).toMatchObject({ account_name: 'Ama Mensah', account_number: '0241234567', bank_code: 'MTN' });
    expect((await recipient('0551234987')).recipient_code).not.toBe(first.recipient_code);
  });

  it('a transfer stays pending until completed; failed and reversed each send their signed webhook; a reference is used once', async () => {
    const { recipient_code } = await recipient();
    const start = (reference: string) => api('POST', '/transfer', { source: 'balance', amount: 12000, recipient: recipient_code, reason: 'Payout', currency: 'GHS', reference });
    const started = await start('payout-0001-aaaa-bbbb');
    expect(started.json.data).toMatchObject({ status: 'pending', reference: 'payout-0001-aaaa-bbbb', amount: 12000 });
    expect(started.json.data.transfer_code).toMatch(/^TRF_/);
    expect((await start('payout-0001-aaaa-bbbb')).json).toMatchObject({ status: false, message: 'Duplicate Transfer Reference' });
    await start('payout-0002-aaaa-bbbb');
    expect((await api('GET', '/transfer/verify/payout-0001-aaaa-bbbb')).json.data.status).toBe('pending');

    await double.completeTransfer('payout-0001-aaaa-bbbb', 'failed');
    await double.completeTransfer('payout-0002-aaaa-bbbb', 'success');
    await double.completeTransfer('payout-0002-aaaa-bbbb', 'reversed');
    await expect(double.completeTransfer('payout-0001-aaaa-bbbb', 'success')).rejects.toThrow('transfer payout-0001-aaaa-bbbb is failed');

    expect((await api('GET', '/transfer/verify/payout-0001-aaaa-bbbb')).json.data).toMatchObject({ status: 'failed', amount: 12000, transfer_code: started.json.data.transfer_code });
    expect((await api('GET', '/transfer/verify/payout-0002-aaaa-bbbb')).json.data.status).toBe('reversed');
    expect(receiver.received.map((w) => [w.event, w.reference])).toEqual([
      ['transfer.failed', 'payout-0001-aaaa-bbbb'],
      ['transfer.success', 'payout-0002-aaaa-bbbb'],
      ['transfer.reversed', 'payout-0002-aaaa-bbbb'],
    ]);
    for (const webhook of receiver.received) expect(webhook.headers['x-paystack-signature']).toBe(signPaystackBody(webhook.rawBody, SECRET));
    expect(JSON.parse(receiver.received[0]!.rawBody).data).toMatchObject({ status: 'failed', recipient: { recipient_code } });
    expect(await api('GET', '/transfer/verify/payout-unknown')).toEqual({ status: 404, json: { status: false, message: 'Transfer not found' } });
  });

  it('auto-success mode pays a transfer after its delay', async () => {
    const auto = await startPaystackDouble({ secretKey: SECRET, webhookUrl: receiver.url, transferMode: 'auto-success', transferDelayMs: 20 });
    try {
      const autoApi = paystackApi(auto);
      const created = await autoApi('POST', '/transferrecipient', { type: 'ghipss', name: 'Esi Appiah', account_number: '1234567890123', bank_code: '040100', currency: 'GHS' });
      await autoApi('POST', '/transfer', { source: 'balance', amount: 500, recipient: created.json.data.recipient_code, reference: 'payout-auto-0001' });
      await waitFor(() => receiver.received.find((w) => w.event === 'transfer.success'));
      expect((await autoApi('GET', '/transfer/verify/payout-auto-0001')).json.data).toMatchObject({ status: 'success', recipient: { details: { account_name: 'Esi Appiah', bank_name: 'GCB Bank Limited' } } });
      auto.assertNoViolations();
    } finally {
      await auto.close();
    }
  });
});

describe('the hold-verify switch (a crash test’s exact moment)', () => {
  it('a held verify waits without an answer until released, then answers the transaction as it is then; other references are not held', async () => {
    await initialize('topup-1101');
    await initialize('topup-1102');
    double.holdVerify('topup-1101');
    let answered = false;
    const held = api('GET', '/transaction/verify/topup-1101').then((answer) => {
      answered = true;
      return answer;
    });
    await double.waitForHeldVerify('topup-1101');
    expect(double.heldVerifies()).toEqual(['topup-1101']);
    expect((await api('GET', '/transaction/verify/topup-1102')).json.data).toMatchObject({ reference: 'topup-1102', status: 'abandoned' });
    await double.approve('topup-1101');
    expect(answered).toBe(false);

    expect(double.releaseVerifies()).toBe(1);
    const answer = await held;
    expect(answer.status).toBe(200);
    expect(answer.json.data).toMatchObject({ reference: 'topup-1101', status: 'success', amount: 5420 });
    expect(double.heldVerifies()).toEqual([]);
    // Released means off: the next verify answers at once.
    expect((await api('GET', '/transaction/verify/topup-1101')).status).toBe(200);
    expect(double.requests().filter((r) => r.path === '/transaction/verify/topup-1101').map((r) => r.status)).toEqual([200, 200]);
  });

  it('a caller that goes away while held (a killed app) gets nothing and is recorded with status 0', async () => {
    await initialize('topup-1103');
    double.holdVerify('topup-1103');
    const caller = new AbortController();
    const call = fetch(`${double.url}/transaction/verify/topup-1103`, { headers: { authorization: `Bearer ${SECRET}` }, signal: caller.signal });
    await double.waitForHeldVerify('topup-1103');
    caller.abort();
    await expect(call).rejects.toThrow();
    await waitFor(() => double.requests().some((r) => r.path === '/transaction/verify/topup-1103'));
    expect(double.requests().find((r) => r.path === '/transaction/verify/topup-1103')?.status).toBe(0);
    expect(double.heldVerifies()).toEqual([]);
    expect(double.releaseVerifies()).toBe(0);
  });

  it('waitForHeldVerify fails when no verify arrives in time', async () => {
    double.holdVerify('topup-1104');
    await expect(double.waitForHeldVerify('topup-1104', 50)).rejects.toThrow('no verify of topup-1104 arrived to be held within 50 ms');
  });

  it('works over the control API too', async () => {
    await initialize('topup-1105');
    const control = (method: string, path: string) => fetch(`${double.url}/__double/${path}`, { method }).then((r) => r.json() as Promise<Record<string, unknown>>);
    expect(await control('POST', 'transactions/topup-1105/hold-verify')).toEqual({ ok: true });
    const held = api('GET', '/transaction/verify/topup-1105');
    await double.waitForHeldVerify('topup-1105');
    expect(await control('GET', 'held-verifies')).toEqual({ ok: true, references: ['topup-1105'] });
    expect(await control('POST', 'held-verifies/release')).toEqual({ ok: true, released: 1 });
    expect((await held).json.data).toMatchObject({ reference: 'topup-1105' });
  });
});
