import { afterAll, describe, expect, it } from 'vitest';
import { activateLanguage, i18n } from '../../../lib/i18n/i18n';
import type { TTopUpResponse, TWalletEntry } from '@pulse/contract/wallet';
import { topUpOutcome } from '../../../lib/wallet/top-up-flow';
import { TOP_UP_METHOD_LABELS } from '../../../lib/wallet/top-up-input';
import { describeWalletEntry, WALLET_KIND_LABELS } from './wallet-entry';

describe('wallet in French and Twi', () => {
  afterAll(async () => {
    await activateLanguage('en');
  });

  it('titles history rows and says where the money is in the reader’s language', async () => {
    await activateLanguage('fr');
    expect(i18n._(WALLET_KIND_LABELS.top_up)).toBe('Recharge');
    const payment = {
      id: 'e-1',
      kind: 'order_payment',
      availableChangeMinor: -1000,
      escrowChangeMinor: 1000,
      memo: '',
      orderId: null,
      createdAt: '2026-11-24T10:00:00.000Z',
      payment: { status: 'held', heldMinor: 1000, paidMinor: 0, refundedMinor: 0, settledAt: null },
    } satisfies TWalletEntry;
    expect(describeWalletEntry(payment, 'GHS', i18n).detail).toBe('Bloqué jusqu’à la livraison');
    await activateLanguage('ak');
    expect(i18n._(WALLET_KIND_LABELS.top_up)).toBe('Sika a wode guu mu');
  });

  it('says what became of a top-up, and how to pay, in French and Twi', async () => {
    const decided = {
      id: '01900000-0000-7000-8000-000000000001',
      status: 'abandoned',
      amountMinor: 5000,
      failureReason: null,
      nextAction: null,
      authorizationUrl: null,
      displayText: null,
      reference: null,
      wallet: { currency: 'GHS', availableMinor: 0, escrowMinor: 0, paidOutMinor: 0 },
    } satisfies TTopUpResponse;
    await activateLanguage('fr');
    expect(topUpOutcome(decided, i18n)?.text).toBe('Le paiement a été annulé.');
    expect(i18n._(TOP_UP_METHOD_LABELS.hosted)).toBe('Carte ou mobile money sur la page de Paystack');
    await activateLanguage('ak');
    expect(topUpOutcome(decided, i18n)?.text).toBe('Wɔagyae akatua no.');
    expect(topUpOutcome({ ...decided, status: 'succeeded' }, i18n)?.text).toBe('Yɛde GH₵50.00 aka wo sika kotoku ho');
  });
});
