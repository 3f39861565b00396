import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import type { TTopUpResponse } from '@pulse/contract/wallet';
import { formatMoney } from '../format';

/** While a top-up is pending the wallet asks the server every 2 s (the server verifies with the provider)... */
export const TOP_UP_POLL_INTERVAL_MS = 2_000;
/** ...for 3 minutes; then it says the provider is late and offers "Check again". */
export const TOP_UP_POLL_LIMIT_MS = 3 * 60_000;

/**
 * What the wallet shows for a top-up's answer:
 * - `redirect`: open the provider's page (the person comes back to /wallet?topUp=<id>);
 * - `otp`: the network sent a code by SMS; the person types it here;
 * - `approve`: approve on the phone (the provider's instruction under it), while the wallet asks again;
 * - `confirming`: pending with nothing for the person to do, while the wallet asks again;
 * - `succeeded`, `failed`, `abandoned`: decided.
 */
export type TopUpStep =
  | { kind: 'redirect'; url: string }
  | { kind: 'otp' }
  | { kind: 'approve'; displayText: string | null }
  | { kind: 'confirming' }
  | { kind: 'succeeded' }
  | { kind: 'failed'; reason: string | null }
  | { kind: 'abandoned' };

/** Only a web page may be opened as the provider's page (never a javascript: or data: address). */
export function isPaymentPageUrl(url: string | null): url is string {
  if (!url) return false;
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** What the steps read of a payment: a top-up's answer, or a checkout's payment (the basket uses them too). */
export type PaymentProgress = Pick<TTopUpResponse, 'status' | 'nextAction' | 'authorizationUrl' | 'displayText' | 'failureReason'>;

export function topUpStep(response: PaymentProgress): TopUpStep {
  switch (response.status) {
    case 'succeeded':
      return { kind: 'succeeded' };
    case 'failed':
      return { kind: 'failed', reason: response.failureReason };
    case 'abandoned':
      return { kind: 'abandoned' };
    case 'pending':
      if (response.nextAction === 'redirect' && isPaymentPageUrl(response.authorizationUrl)) return { kind: 'redirect', url: response.authorizationUrl };
      if (response.nextAction === 'send_otp') return { kind: 'otp' };
      if (response.nextAction === 'pay_offline') return { kind: 'approve', displayText: response.displayText };
      return { kind: 'confirming' };
  }
}

/**
 * Asking the server again helps while the provider has yet to answer (on the phone, after the
 * provider's page); not while the person types the SMS code, and not once decided.
 */
export function shouldPollTopUp(response: PaymentProgress | undefined): boolean {
  if (!response) return true;
  return response.status === 'pending' && topUpStep(response).kind !== 'otp';
}

/** The milliseconds of polling left of the 3 minutes started at `startedAt` (never below 0). */
export function pollTimeLeft(startedAt: number, now: number): number {
  return Math.max(0, TOP_UP_POLL_LIMIT_MS - (now - startedAt));
}

export interface TopUpOutcome {
  tone: 'success' | 'failure';
  text: string;
}

/** A decided top-up in words ("GH₵50.00 added to your wallet", "Declined by your bank"); null while pending. */
export function topUpOutcome(response: TTopUpResponse, i18n: I18n): TopUpOutcome | null {
  switch (response.status) {
    case 'succeeded': {
      const added = formatMoney(response.amountMinor, response.wallet.currency);
      return { tone: 'success', text: i18n._(msg`${added} added to your wallet`) };
    }
    case 'failed':
      return { tone: 'failure', text: response.failureReason ?? i18n._(msg`The payment did not go through.`) };
    case 'abandoned':
      // The server's reason when it has one ("You cancelled the payment", "The payment was not completed").
      return { tone: 'failure', text: response.failureReason ?? i18n._(msg`The payment was cancelled.`) };
    case 'pending':
      return null;
  }
}
