import type { PaymentProviderName } from '../wallet/payment-provider';

/**
 * What a person can pay with on this deployment, read from the configured payment provider
 * (PAYMENT_PROVIDER), so the assistant never promises a method the deployment does not take.
 * Orders are always paid from the wallet; the provider only charges the wallet's top-ups. A new
 * provider must say here what it takes (the Record makes that a type error until it does).
 */

export type PayInMethod = 'card' | 'mobile_money' | 'bank_transfer';

export interface PaymentMethods {
  /** How the wallet can be topped up. */
  payIn: readonly PayInMethod[];
  /** True when no real money moves (the built-in sandbox and its test cards). */
  testMode: boolean;
}

export const PAYMENT_METHODS_BY_PROVIDER: Readonly<Record<PaymentProviderName, PaymentMethods>> = {
  sandbox: { payIn: ['card'], testMode: true },
};

const METHOD_WORDS: Readonly<Record<PayInMethod, string>> = {
  card: 'card',
  mobile_money: 'mobile money',
  bank_transfer: 'bank transfer',
};

/** The method a question names ("momo", "MTN", "visa"...), if any. */
export function askedPayInMethod(text: string): PayInMethod | null {
  const lower = text.toLowerCase();
  if (/\b(mobile\s*money|momo|mtn|vodafone\s*cash|telecel\s*cash|airtel\s*tigo|airteltigo|m-?pesa)\b/.test(lower)) return 'mobile_money';
  if (/\b(bank\s*transfer|bank|wire)\b/.test(lower)) return 'bank_transfer';
  if (/\b(cards?|visa|mastercard)\b/.test(lower)) return 'card';
  return null;
}

function list(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

/** "by card" / "by card or mobile money". */
export function payInWords(methods: PaymentMethods): string {
  return `by ${list(methods.payIn.map((method) => METHOD_WORDS[method]))}`;
}

/**
 * The straight answer: yes or no for a method the person named, then how paying works here
 * (top up the wallet by the configured methods, pay orders from the wallet), and a word that the
 * sandbox moves no real money.
 */
export function paymentMethodsText(methods: PaymentMethods, asked: PayInMethod | null): string {
  const how = `You top up your wallet ${payInWords(methods)} on the wallet page, and orders are paid from the wallet.`;
  let text: string;
  if (asked && !methods.payIn.includes(asked)) {
    text = `No, you can't pay with ${METHOD_WORDS[asked]} here. ${how}`;
  } else if (asked) {
    text = `Yes. ${how}`;
  } else {
    text = `On Pulse Market you pay ${payInWords(methods)}. ${how}`;
  }
  if (methods.testMode) text += ' This is a test deployment: payments go through a sandbox and no real money is charged.';
  return text;
}
