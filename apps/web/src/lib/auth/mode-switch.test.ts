import { describe, expect, it } from 'vitest';
import { decideModeSwitch } from './mode-switch';

const USER_ID = '0190b3a4-7c1e-7d4a-9b2f-3c4d5e6f7a8b';

describe('decideModeSwitch (spec §4 Mode)', () => {
  it('switches a seller back to buyer mode and opens the buyer dashboard', () => {
    expect(decideModeSwitch({ currentMode: 'seller', userId: USER_ID })).toEqual({
      kind: 'switch-mode',
      mode: 'buyer',
      to: '/buyer-dashboard',
      replace: false,
    });
  });

  it('looks up the seller record before switching to seller mode', () => {
    expect(decideModeSwitch({ currentMode: 'buyer', userId: USER_ID })).toEqual({ kind: 'lookup-seller', userId: USER_ID });
  });

  it('requires a user id, and sends the user to the seller sign-up', () => {
    const step = decideModeSwitch({ currentMode: 'buyer', userId: undefined });
    expect(step.kind).toBe('fail');
    if (step.kind !== 'fail') return;
    expect(step.to).toBe('/seller-signup');
    expect((step.error as Error).message).toBe('User authentication required');
  });

  it('switches an approved seller and replaces the history entry', () => {
    expect(decideModeSwitch({ currentMode: 'buyer', userId: USER_ID, lookup: { ok: true, status: 'approved' } })).toEqual({
      kind: 'switch-mode',
      mode: 'seller',
      to: '/seller-dashboard',
      replace: true,
    });
  });

  it.each(['pending', 'rejected'])('shows the application status to a %s applicant without switching', (status) => {
    expect(decideModeSwitch({ currentMode: 'buyer', userId: USER_ID, lookup: { ok: true, status } })).toEqual({
      kind: 'navigate',
      to: '/seller-application-status',
    });
  });

  it('sends any other status to the seller sign-up', () => {
    expect(decideModeSwitch({ currentMode: 'buyer', userId: USER_ID, lookup: { ok: true, status: 'suspended' } })).toEqual({
      kind: 'navigate',
      to: '/seller-signup',
    });
  });

  it('fails to the seller sign-up when the lookup fails (404 included)', () => {
    const error = new Error('Not found');
    expect(decideModeSwitch({ currentMode: 'buyer', userId: USER_ID, lookup: { ok: false, error } })).toEqual({
      kind: 'fail',
      error,
      to: '/seller-signup',
    });
  });
});
