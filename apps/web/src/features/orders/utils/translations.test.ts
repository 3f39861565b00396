import { afterAll, describe, expect, it } from 'vitest';
import { activateLanguage, i18n } from '../../../lib/i18n/i18n';
import { buildDeliverySteps } from './delivery-steps';
import { formatEta } from './delivery-position';
import { describeEventActor } from './order-timeline';
import { formatQuantity } from './quantities';
import { describeReorderOutcome } from './reorder';
import { ORDER_STATUS_NAMES as orderStatusLabels } from '../../../lib/order-status-names';

describe('orders in French and Twi (the catalogs load and their plurals and placeholders work)', () => {
  afterAll(async () => {
    await activateLanguage('en');
  });

  it('reads in French', async () => {
    await activateLanguage('fr');
    const now = Date.parse('2030-01-01T10:00:00.000Z');
    expect(formatEta('2030-01-01T10:12:00.000Z', now, i18n)).toBe('environ 12 min');
    expect(formatEta('2030-01-01T09:59:00.000Z', now, i18n)).toBe('d’une minute à l’autre');
    expect(i18n._(orderStatusLabels.pending_payment)).toBe('En attente de paiement');
    expect(describeEventActor({ actor: 'seller', actorUsername: 'green_acres' }, 'ama', i18n)).toBe('Par green_acres (ferme)');
    expect(formatQuantity(3, 'bunch', i18n)).toBe('3 bottes');
    expect(describeReorderOutcome({ added: ['Manioc', 'Igname'], unavailable: [] }, i18n).message).toBe('2 produits ajoutés à votre panier.');
    expect(buildDeliverySteps([], 'pickup').map((step) => i18n._(step.label))).toEqual(['Payée', 'Acceptée', 'Prête', 'Retirée', 'Terminée']);
  });

  it('reads in Twi', async () => {
    await activateLanguage('ak');
    expect(i18n._(orderStatusLabels.in_transit)).toBe('Ɛwɔ kwan so');
    expect(describeReorderOutcome({ added: ['Bankye'], unavailable: [] }, i18n).message).toBe('Yɛde adeɛ 1 ahyɛ wo kɛntɛn mu.');
  });
});
