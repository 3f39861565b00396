import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../lib/format';
import type { TReferralSummary } from '@pulse/contract/referrals';
import {
  conversionPercent,
  formatShare,
  funnelSteps,
  hasEarnings,
  personTimeline,
  qrFileName,
  referralRulesLine,
  shareLink,
} from './referral-display';

function summary(overrides: Partial<TReferralSummary> = {}): TReferralSummary {
  return {
    code: 'KOF-7K2',
    sharePath: '/?ref=KOF-7K2',
    currency: 'GHS',
    shareBps: 2000,
    buyerDays: 90,
    sellerDays: 180,
    windowDays: 30,
    funnel: { visits: 25, signUps: 8, farms: 1, firstOrders: 3 },
    earnedMinor: 1_250,
    pendingMinor: 300,
    todayMinor: 0,
    monthMinor: 1_250,
    series: [],
    ...overrides,
  };
}

describe('referralRulesLine', () => {
  it('says the share and both windows from the server figures', () => {
    expect(referralRulesLine(i18n, summary())).toBe('You earn 20% of our commission on their orders for 90 days (farms: 180 days)');
  });

  it('follows another configuration and leaves out the farms when the windows are equal', () => {
    expect(referralRulesLine(i18n, { shareBps: 1250, buyerDays: 60, sellerDays: 60 })).toBe('You earn 12.5% of our commission on their orders for 60 days');
    expect(referralRulesLine(i18n, { shareBps: 5000, buyerDays: 1, sellerDays: 30 })).toBe('You earn 50% of our commission on their orders for 1 day (farms: 30 days)');
  });

  it('formats shares without trailing zeros', () => {
    expect(formatShare(i18n, 2000)).toBe('20%');
    expect(formatShare(i18n, 1250)).toBe('12.5%');
    expect(formatShare(i18n, 333)).toBe('3.33%');
    expect(formatShare(i18n, 0)).toBe('0%');
  });
});

describe('shareLink', () => {
  it('puts the app origin in front of the share path', () => {
    expect(shareLink('https://pulse.market', '/?ref=KOF-7K2')).toBe('https://pulse.market/?ref=KOF-7K2');
    expect(shareLink('http://localhost:4320/', '?ref=KOF-7K2')).toBe('http://localhost:4320/?ref=KOF-7K2');
  });
});

describe('funnelSteps', () => {
  it('reads visits, sign-ups with farms, first orders and earned with pending, with conversions', () => {
    const steps = funnelSteps(i18n, summary());
    expect(steps.map((step) => [step.label, step.value])).toEqual([
      ['Link visits', '25'],
      ['Sign-ups', '8'],
      ['First orders', '3'],
      ['Earned', formatMoney(1_250, 'GHS')],
    ]);
    expect(steps[1]?.hint).toBe('+ 1 farm · 32% of visits');
    expect(steps[2]?.hint).toBe('33% of the people you brought');
    expect(steps[3]?.hint).toBe(`${formatMoney(300, 'GHS')} pending`);
    expect(steps.map((step) => step.testId)).toEqual(['referral-visits', 'referral-signups', 'referral-first-orders', 'referral-earned']);
  });

  it('reads well when nothing has happened yet', () => {
    const steps = funnelSteps(i18n, summary({ funnel: { visits: 0, signUps: 0, farms: 0, firstOrders: 0 }, earnedMinor: 0, pendingMinor: 0 }));
    expect(steps.map((step) => step.value)).toEqual(['0', '0', '0', formatMoney(0, 'GHS')]);
    expect(steps[1]?.hint).toBe('Accounts made with your link');
    expect(steps[2]?.hint).toBe('People who have ordered or sold');
    expect(steps[3]?.hint).toBe('Nothing pending');
  });

  it('gives no percentage when a step is larger than the one before (farms come by the seller form, without a visit)', () => {
    expect(conversionPercent(0, 3)).toBeNull();
    expect(conversionPercent(2, 3)).toBeNull();
    expect(conversionPercent(3, 3)).toBe(100);
    expect(conversionPercent(3, 1)).toBe(33);
    expect(funnelSteps(i18n, summary({ funnel: { visits: 0, signUps: 2, farms: 2, firstOrders: 1 } }))[1]?.hint).toBe('+ 2 farms');
  });
});

describe('personTimeline', () => {
  const GB = { locale: 'en-GB', timeZone: 'UTC' };
  const person = { attributedAt: '2026-03-01T10:00:00Z', earnsUntil: '2026-05-30T10:00:00Z', firstOrderAt: '2026-03-04T12:00:00Z', state: 'active' as const };

  it('says when they joined, until when they earn and their first order', () => {
    expect(personTimeline(i18n, person, GB)).toEqual(['Joined 1 Mar 2026', 'Earns until 30 May 2026', 'First order 4 Mar 2026']);
  });

  it('speaks of the past for an expired attribution, of nothing for a void one, and of no order yet', () => {
    expect(personTimeline(i18n, { ...person, state: 'expired' }, GB)[1]).toBe('Earned until 30 May 2026');
    expect(personTimeline(i18n, { ...person, state: 'void', firstOrderAt: null }, GB).slice(1)).toEqual(['No longer earns', 'No order yet']);
  });

  it('writes the dates in the viewer’s zone and locale', () => {
    expect(personTimeline(i18n, { ...person, attributedAt: '2026-03-01T23:30:00Z' }, { locale: 'en-GB', timeZone: 'Africa/Nairobi' })[0]).toBe('Joined 2 Mar 2026');
    expect(personTimeline(i18n, person, { locale: 'en-US', timeZone: 'UTC' })[0]).toBe('Joined Mar 1, 2026');
  });
});

describe('hasEarnings and qrFileName', () => {
  it('draws the chart only with something earned', () => {
    expect(hasEarnings([])).toBe(false);
    expect(hasEarnings([{ date: '2026-03-01', earnedMinor: 0 }])).toBe(false);
    expect(hasEarnings([{ date: '2026-03-01', earnedMinor: 0 }, { date: '2026-03-02', earnedMinor: 5 }])).toBe(true);
  });

  it('names the download after the code', () => {
    expect(qrFileName('KOF-7K2')).toBe('pulse-referral-KOF-7K2.png');
    expect(qrFileName('../x')).toBe('pulse-referral-x.png');
  });
});
