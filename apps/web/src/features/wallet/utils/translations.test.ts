import { afterAll, describe, expect, it } from 'vitest';
import { activateLanguage, i18n } from '../../../lib/i18n/i18n';
import type { TWalletEntry } from '@pulse/contract/wallet';
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
});
