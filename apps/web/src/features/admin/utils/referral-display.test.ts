import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { TAdminAttribution, TAdminAttributionsResponse } from '@pulse/contract/referrals';
import { parseReferralStateFilter, referralStateQuery, replaceAttribution, voidDialogText } from './referral-display';

function attribution(id: string, overrides: Partial<TAdminAttribution> = {}): TAdminAttribution {
  return {
    id,
    agentUserId: '01900000-0000-7000-8000-0000000000a1',
    agentUsername: 'kofi',
    code: 'KOF-7K2',
    referredUserId: '01900000-0000-7000-8000-0000000000b1',
    referredUsername: 'ama',
    referredEmail: 'ama@example.com',
    side: 'buyer',
    source: 'signup',
    state: 'active',
    attributedAt: '2026-11-01T09:00:00.000Z',
    earnsUntil: '2027-01-30T09:00:00.000Z',
    earnedMinor: 120,
    pendingMinor: 80,
    voidedAt: null,
    voidReason: null,
    voidedByUsername: null,
    ...overrides,
  };
}

describe('referral display', () => {
  it('reads the state filter from the address, all by default', () => {
    expect(parseReferralStateFilter('void')).toBe('void');
    expect(parseReferralStateFilter('nonsense')).toBe('all');
    expect(parseReferralStateFilter(null)).toBe('all');
    expect(referralStateQuery('all')).toBeUndefined();
    expect(referralStateQuery('expired')).toBe('expired');
  });

  it('replaces the voided row in whichever page holds it, leaving the others as they were', () => {
    const pages: TAdminAttributionsResponse[] = [
      { items: [attribution('a'), attribution('b')], nextCursor: 'x', currency: 'GHS' },
      { items: [attribution('c')], nextCursor: null, currency: 'GHS' },
    ];
    const voided = attribution('c', { state: 'void', voidReason: 'Same household', pendingMinor: 0 });
    const next = replaceAttribution(pages, voided);
    expect(next[1]?.items[0]).toEqual(voided);
    expect(next[0]).toEqual(pages[0]);
    expect(pages[1]?.items[0]?.state).toBe('active');
  });

  it('tells the admin what voiding does', () => {
    expect(i18n._(voidDialogText('kofi', 'ama'))).toContain('kofi stops earning on the orders of ama');
  });
});
