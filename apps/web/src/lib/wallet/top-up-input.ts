import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { TMobileMoneyNetwork, TPaymentMethod, TPaymentProviderName } from '@pulse/contract/wallet';
import { toMinorUnits } from '../money-input';

/** The sandbox's card that succeeds (4000 0000 0000 0002 is declined). */
export const SANDBOX_CARD_NUMBER = '4242 4242 4242 4242';

/** What the top-up form holds; `network` is '' until the person picks one. */
export interface TopUpValues {
  amount: number | string;
  method: TPaymentMethod;
  cardNumber: string;
  phone: string;
  network: TMobileMoneyNetwork | '';
}

export type TopUpField = 'amount' | 'cardNumber' | 'phone' | 'network';

/**
 * The ways to pay each provider takes: the sandbox's typed card (and mobile money, which it approves
 * at once); with Paystack a phone prompt without leaving the app, or Paystack's own page for a card
 * or mobile money. An older server that does not name its provider runs the sandbox.
 */
export function topUpMethodsFor(provider: TPaymentProviderName | undefined): readonly TPaymentMethod[] {
  return provider === 'paystack' ? ['mobile_money', 'hosted'] : ['card', 'mobile_money'];
}

export const TOP_UP_METHOD_LABELS: Readonly<Record<TPaymentMethod, MessageDescriptor>> = {
  card: msg`Card`,
  mobile_money: msg`Mobile money (MTN, Telecel, AirtelTigo)`,
  hosted: msg`Card or mobile money on Paystack’s page`,
};

export const TOP_UP_METHOD_HINTS: Readonly<Record<TPaymentMethod, MessageDescriptor>> = {
  card: msg`Type the card number`,
  mobile_money: msg`Approve on your phone`,
  hosted: msg`You leave Pulse Market to pay, then come back here`,
};

export const MOBILE_MONEY_NETWORK_LABELS: Readonly<Record<TMobileMoneyNetwork, MessageDescriptor>> = {
  mtn: msg`MTN`,
  telecel: msg`Telecel`,
  airteltigo: msg`AirtelTigo`,
};

/**
 * The request body for the form's values: only the fields of the chosen method, so the fingerprint
 * of the attempt (its Idempotency-Key) changes with what is asked, not with a field left behind.
 * Not validated here: the contract's schema does that and says what is wrong.
 */
export function topUpInputFrom(values: TopUpValues, currency: string): Record<string, unknown> {
  const amountMinor = toMinorUnits(values.amount, currency) ?? undefined;
  switch (values.method) {
    case 'card':
      return { amountMinor, method: 'card', cardNumber: values.cardNumber };
    case 'mobile_money':
      return { amountMinor, method: 'mobile_money', mobileMoney: { phone: values.phone, network: values.network } };
    case 'hosted':
      return { amountMinor, method: 'hosted' };
  }
}

const FIELD_OF_PATH: Readonly<Record<string, TopUpField>> = {
  amountMinor: 'amount',
  cardNumber: 'cardNumber',
  mobileMoney: 'phone',
  'mobileMoney.phone': 'phone',
  'mobileMoney.network': 'network',
};

/** The request's field paths, as the contract and the server name them. */
export const TOP_UP_REQUEST_FIELDS: readonly string[] = Object.keys(FIELD_OF_PATH);

/** Field messages keyed by the request's dotted paths (zod, the server) as the form's inputs. */
export function topUpFieldErrors(fields: Readonly<Record<string, string>>): Partial<Record<TopUpField, string>> {
  const errors: Partial<Record<TopUpField, string>> = {};
  for (const [path, message] of Object.entries(fields)) {
    const field = FIELD_OF_PATH[path];
    if (field && !errors[field]) errors[field] = message;
  }
  return errors;
}

/** "024 *** 4567" from the number as typed ("024 123 4567", "+233 24 123 4567"): enough to recognise it. */
export function maskPhone(phone: string): string {
  let digits = phone.replace(/\D/g, '');
  if (digits.startsWith('233')) digits = `0${digits.slice(3)}`;
  if (digits.length < 8) return phone.trim();
  return `${digits.slice(0, 3)} *** ${digits.slice(-4)}`;
}
