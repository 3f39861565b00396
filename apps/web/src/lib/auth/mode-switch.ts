import { i18n } from '@lingui/core';
import { USER_AUTH_REQUIRED_MESSAGE } from './session-messages';
import type { UserMode } from './user-mode';

/** Result of GET /api/sellers/{userId}, as far as the mode switch cares. */
export type SellerLookup = { ok: true; status: string } | { ok: false; error: unknown };

export type ModeSwitchStep =
  /** Ask the server for the seller record, then decide again with the answer. */
  | { kind: 'lookup-seller'; userId: string }
  | { kind: 'switch-mode'; mode: UserMode; to: string; replace: boolean }
  | { kind: 'navigate'; to: string }
  /** The switch failed: log `error`, then navigate. */
  | { kind: 'fail'; error: unknown; to: string };

export interface ModeSwitchInput {
  currentMode: UserMode;
  userId: string | null | undefined;
  lookup?: SellerLookup;
}

/** Spec §4 "Mode": what toggling buyer/seller mode does, one step at a time. */
export function decideModeSwitch({ currentMode, userId, lookup }: ModeSwitchInput): ModeSwitchStep {
  if (currentMode === 'seller') return { kind: 'switch-mode', mode: 'buyer', to: '/buyer-dashboard', replace: false };
  if (!userId) return { kind: 'fail', error: new Error(i18n._(USER_AUTH_REQUIRED_MESSAGE)), to: '/seller-signup' };
  if (!lookup) return { kind: 'lookup-seller', userId };
  if (!lookup.ok) return { kind: 'fail', error: lookup.error, to: '/seller-signup' };
  switch (lookup.status) {
    case 'approved':
      return { kind: 'switch-mode', mode: 'seller', to: '/seller-dashboard', replace: true };
    case 'pending':
    case 'rejected':
      return { kind: 'navigate', to: '/seller-application-status' };
    default:
      return { kind: 'navigate', to: '/seller-signup' };
  }
}
