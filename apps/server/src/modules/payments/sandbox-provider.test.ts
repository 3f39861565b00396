import { describe, expect, it } from 'vitest';
import type { StartPaymentRequest } from './payment-provider-types';
import { CARD_DECLINED_MESSAGE, createSandboxProvider } from './sandbox-provider';

function payment(overrides: Partial<StartPaymentRequest> = {}): StartPaymentRequest {
  return {
    reference: 'intent-1',
    intentId: 'intent-1',
    userId: 'user-1',
    email: 'ama@example.com',
    amountMinor: 5000,
    currency: 'GHS',
    method: 'card',
    callbackUrl: 'http://localhost:3000/wallet',
    cardNumber: '4242 4242 4242 4242',
    ...overrides,
  };
}

describe('the sandbox provider', () => {
  it('takes a card payment at once, and its verify says so with the amount asked and no fee', async () => {
    const provider = createSandboxProvider();
    expect(await provider.startPayment(payment())).toEqual({
      status: 'succeeded',
      nextAction: null,
      authorizationUrl: null,
      displayText: null,
      failureReason: null,
    });
    expect(await provider.verifyPayment('intent-1')).toMatchObject({
      reference: 'intent-1',
      status: 'succeeded',
      amountMinor: 5000,
      currency: 'GHS',
      feesMinor: 0,
      channel: 'card',
    });
  });

  it('declines card 4000 0000 0000 0002, however it is spaced, and the verify agrees', async () => {
    const provider = createSandboxProvider();
    const started = await provider.startPayment(payment({ cardNumber: '4000 0000 0000 0002' }));
    expect(started).toMatchObject({ status: 'failed', failureReason: CARD_DECLINED_MESSAGE });
    expect(CARD_DECLINED_MESSAGE).toBe('Your card was declined.');
    const verified = await provider.verifyPayment('intent-1');
    expect(verified).toMatchObject({ status: 'failed', gatewayResponse: CARD_DECLINED_MESSAGE, paidAt: null });
  });

  it('takes mobile money and the hosted page at once too', async () => {
    const provider = createSandboxProvider();
    const momo = await provider.startPayment(
      payment({ reference: 'momo-1', method: 'mobile_money', cardNumber: undefined, mobileMoney: { phone: '024 123 4567', network: 'mtn' } }),
    );
    const hosted = await provider.startPayment(payment({ reference: 'hosted-1', method: 'hosted', cardNumber: undefined }));
    expect(momo.status).toBe('succeeded');
    expect(hosted.status).toBe('succeeded');
    expect((await provider.verifyPayment('momo-1')).channel).toBe('mobile_money');
    expect((await provider.verifyPayment('hosted-1')).status).toBe('succeeded');
  });

  it('answers a repeated start with its first decision (one payment per reference)', async () => {
    const provider = createSandboxProvider();
    await provider.startPayment(payment({ cardNumber: '4000000000000002' }));
    const again = await provider.startPayment(payment({ cardNumber: '4242424242424242', amountMinor: 9999 }));
    expect(again.status).toBe('failed');
    expect((await provider.verifyPayment('intent-1')).amountMinor).toBe(5000);
    expect((await provider.submitOtp('intent-1', '123456')).status).toBe('failed');
  });

  it("knows nothing of a reference it never started, nor of another process's", async () => {
    const provider = createSandboxProvider();
    await provider.startPayment(payment());
    expect(await provider.verifyPayment('nobody')).toMatchObject({ status: 'unknown', amountMinor: 0, feesMinor: 0 });
    expect((await createSandboxProvider().verifyPayment('intent-1')).status).toBe('unknown');
    expect((await provider.submitOtp('nobody', '123456')).status).toBe('failed');
  });

  it('pays transfers at once, one per reference, with a transfer code of its own', async () => {
    const provider = createSandboxProvider();
    const request = { reference: 'payout-1', amountMinor: 2500, currency: 'GHS', recipientCode: 'sbx_rcp_x', reason: 'Payout' };
    const first = await provider.startTransfer(request);
    expect(first.status).toBe('succeeded');
    expect(first.transferCode).toMatch(/^sbx_trf_[0-9a-f]{24}$/);
    expect(await provider.startTransfer(request)).toEqual(first);
    expect(await provider.verifyTransfer('payout-1')).toEqual(first);
    expect((await provider.startTransfer({ ...request, reference: 'payout-2' })).transferCode).not.toBe(first.transferCode);
    expect((await provider.verifyTransfer('payout-unknown')).status).toBe('unknown');
  });

  it('gives one recipient code per account, whoever asks, and resolves no names', async () => {
    const provider = createSandboxProvider();
    const account = { userId: 'user-1', method: 'mobile_money' as const, bankCode: 'MTN', accountNumber: '024 123 4567', accountName: 'Ama Mensah', currency: 'GHS' };
    const first = await provider.createRecipient(account);
    expect(first).toEqual({ recipientCode: expect.stringMatching(/^sbx_rcp_[0-9a-f]{24}$/), accountName: 'Ama Mensah' });
    expect((await createSandboxProvider().createRecipient({ ...account, accountNumber: '0241234567' })).recipientCode).toBe(first.recipientCode);
    expect((await provider.createRecipient({ ...account, accountNumber: '0551234987' })).recipientCode).not.toBe(first.recipientCode);
    expect(await provider.resolveAccountName(account)).toBeNull();
  });

  it('accepts no webhook: it sends none', () => {
    expect(createSandboxProvider().verifyWebhookSignature(Buffer.from('{}'), 'anything')).toBe(false);
  });
});
