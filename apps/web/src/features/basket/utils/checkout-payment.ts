import { msg, t } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { ZId } from '@pulse/contract/ids';
import type { TCheckoutPayment } from '@pulse/contract/orders';
import { PAYMENT_CANCELLED_PARAM, type TMobileMoneyNetwork, type TPaymentMethod } from '@pulse/contract/wallet';
import { topUpFieldErrors, type TopUpField } from '../../../lib/wallet/top-up-input';

/** How the checkout is paid: from the wallet (the default), or the exact total through the payment provider. */
export type PayChoice = 'wallet' | 'provider';

/** The choice of paying through the provider, with the exact total: "Pay GH₵54.20 with mobile money or card". */
export function providerPayLabel(total: string): string {
  return t`Pay ${total} with mobile money or card`;
}

/** What the provider payment's fields hold (the wallet's method picker); `network` is '' until picked. */
export interface PayWithValues {
  method: TPaymentMethod;
  cardNumber: string;
  phone: string;
  network: TMobileMoneyNetwork | '';
}

/**
 * The checkout's `payWith` for the fields' values: only what the chosen method needs, so a field
 * left behind never changes the attempt's fingerprint (its Idempotency-Key). Not validated here:
 * the contract's schema says what is wrong.
 */
export function payWithFrom(values: PayWithValues): Record<string, unknown> {
  switch (values.method) {
    case 'card':
      return { method: 'card', cardNumber: values.cardNumber };
    case 'mobile_money':
      return { method: 'mobile_money', mobileMoney: { phone: values.phone, network: values.network } };
    case 'hosted':
      return { method: 'hosted' };
  }
}

/** Field messages of the payment (zod's paths inside payWith, or the server's `payWith.` paths) as the fields' names. */
export function payWithFieldErrors(fields: Readonly<Record<string, string>>): Partial<Record<TopUpField, string>> {
  return topUpFieldErrors(Object.fromEntries(Object.entries(fields).map(([path, message]) => [path.replace(/^payWith\./, ''), message])));
}

/**
 * Coming back from the provider's page: Paystack sends the buyer to the callback address the
 * server gave it, `/basket?payment=<checkoutId>&trxref=<ref>&reference=<ref>`. The basket reads the
 * checkout's id and asks the server (which verifies with the provider); the provider's reference is
 * never trusted here. Once decided, these parameters leave the address (a reload does not ask again).
 */
export const PAYMENT_RETURN_PARAMS = ['payment', 'trxref', 'reference', PAYMENT_CANCELLED_PARAM] as const;

/**
 * Whether the buyer came back by the Cancel of the provider's page (its cancel_action,
 * `/basket?payment=<checkoutId>&cancelled=1`): the basket then asks the server to give the payment up.
 */
export function readPaymentCancel(params: URLSearchParams): boolean {
  return params.get(PAYMENT_CANCELLED_PARAM) === '1';
}

/** The checkout the buyer came back for, or null (none, or not an id). */
export function readPaymentReturn(params: URLSearchParams): string | null {
  const id = params.get('payment')?.trim() ?? '';
  return ZId.safeParse(id).success ? id : null;
}

/** The address's other parameters without the return's; null when there is nothing to remove. */
export function withoutPaymentReturn(params: URLSearchParams): URLSearchParams | null {
  if (!PAYMENT_RETURN_PARAMS.some((name) => params.has(name))) return null;
  const next = new URLSearchParams(params);
  for (const name of PAYMENT_RETURN_PARAMS) next.delete(name);
  return next;
}

/** Why a decided payment paid nothing, in words ("Declined by your bank"); null when it succeeded or waits. */
export function paymentFailureText(payment: Pick<TCheckoutPayment, 'status' | 'failureReason'>, i18n: I18n): string | null {
  switch (payment.status) {
    case 'failed':
      return payment.failureReason ?? i18n._(msg`The payment did not go through.`);
    case 'abandoned':
      return payment.failureReason ?? i18n._(msg`The payment was cancelled.`);
    default:
      return null;
  }
}
