import { afterAll, describe, expect, it } from 'vitest';
import { ZStandingCycleStatus } from '@pulse/contract/standing-orders';
import { activateLanguage, i18n } from '../../../lib/i18n/i18n';
import { CYCLE_STATUS_LABELS, cycleStatusColor, intervalLabel, isHeld, patternLabel, slotChoiceLabel, summaryBadges } from './standing-order-text';

const EN = { locale: 'en-GB', timeZone: 'UTC' };
const words = () => Object.fromEntries(ZStandingCycleStatus.options.map((status) => [status, i18n._(CYCLE_STATUS_LABELS[status])]));

describe('cycle statuses in words', () => {
  afterAll(async () => {
    await activateLanguage('en');
  });

  it('says what happened to each cycle', () => {
    expect(words()).toEqual({
      upcoming: 'Coming up',
      placed: 'Ordered',
      partly_placed: 'Ordered without some items',
      held_price: 'Waiting: prices went up',
      held_funds: 'Waiting: top up your wallet',
      skipped: 'Skipped',
      no_slot: 'Skipped: the farm had no slot',
      missed: 'Missed',
      failed: 'Nothing could be ordered',
    });
  });

  it('says it in French too', async () => {
    await activateLanguage('fr');
    expect(words()).toEqual({
      upcoming: 'À venir',
      placed: 'Commandé',
      partly_placed: 'Commandé sans certains produits',
      held_price: 'En attente\u00a0: les prix ont augmenté',
      held_funds: 'En attente\u00a0: rechargez votre portefeuille',
      skipped: 'Sautée',
      no_slot: 'Sautée\u00a0: la ferme n’avait pas de créneau',
      missed: 'Manquée',
      failed: 'Rien n’a pu être commandé',
    });
    await activateLanguage('en');
  });

  it('colours the cycles that wait for the buyer orange and knows which are held', () => {
    expect(cycleStatusColor('placed')).toBe('green');
    expect(cycleStatusColor('held_funds')).toBe('orange');
    expect(cycleStatusColor('failed')).toBe('red');
    expect(ZStandingCycleStatus.options.filter(isHeld)).toEqual(['held_price', 'held_funds']);
  });
});

describe('slot choices and patterns', () => {
  it('offers a farm slot as its weekday and time, with its day as the first one', () => {
    expect(slotChoiceLabel({ startsAt: '2026-12-02T14:00:00.000Z', endsAt: '2026-12-02T17:00:00.000Z' }, EN)).toEqual({ title: 'Every Wednesday, 14:00–17:00', first: 'First on 2 Dec' });
  });

  it('reads the pattern (minute of the week from Monday 00:00, market time)', () => {
    expect(patternLabel(2 * 1440 + 14 * 60, { locale: 'en-GB' })).toBe('Wednesday at 14:00');
    expect(patternLabel(0, { locale: 'en-GB' })).toBe('Monday at 00:00');
  });

  it('names the rhythm', () => {
    expect(intervalLabel(1)).toBe('Every week');
    expect(intervalLabel(2)).toBe('Every 2 weeks');
  });
});

describe('summaryBadges', () => {
  const next = { skipped: false } as never;
  it('shows a pause with its end, a skipped next one and a cycle waiting for the buyer', () => {
    const badges = summaryBadges({ status: 'paused', pausedUntil: '2026-12-14', next: { skipped: true } as never, needsAttention: true }, { locale: 'en-GB' });
    expect(badges.map((badge) => badge.label)).toEqual(['Paused until 14 Dec', 'Skipped', 'Needs your attention']);
  });

  it('shows nothing for a weekly basket that just runs', () => {
    expect(summaryBadges({ status: 'active', pausedUntil: null, next, needsAttention: false })).toEqual([]);
  });
});
