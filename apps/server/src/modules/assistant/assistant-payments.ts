import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import { translatorFor } from '../../i18n/translator';
import type { Config, PaymentProviderName } from '../../config';

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
  /** True when no real money moves: the built-in sandbox, or Paystack with a test key (sk_test_...). */
  testMode: boolean;
  /** Which provider takes the payments (the test-mode sentence names it; the sandbox when unsaid). */
  provider?: PaymentProviderName;
}

export const PAYMENT_METHODS_BY_PROVIDER: Readonly<Record<PaymentProviderName, PaymentMethods>> = {
  sandbox: { payIn: ['card'], testMode: true, provider: 'sandbox' },
  paystack: { payIn: ['card', 'mobile_money'], testMode: false, provider: 'paystack' },
};

/** Paystack's test secret keys start so; a deployment with one moves no real money. */
const PAYSTACK_TEST_KEY_PREFIX = 'sk_test_';

/**
 * The methods of this deployment: its provider's, and whether it is a test deployment. Paystack
 * with a test key (sk_test_...) is one: only the key's prefix is read, the key itself goes nowhere.
 */
export function paymentMethodsFor(config: Pick<Config, 'paymentProvider' | 'paystack'>): PaymentMethods {
  const methods = PAYMENT_METHODS_BY_PROVIDER[config.paymentProvider];
  if (config.paymentProvider === 'paystack' && config.paystack?.secretKey.startsWith(PAYSTACK_TEST_KEY_PREFIX)) return { ...methods, testMode: true };
  return methods;
}

const METHOD_WORDS: Readonly<Record<PayInMethod, MessageDescriptor>> = {
  card: msg`card`,
  mobile_money: msg`mobile money`,
  bank_transfer: msg`bank transfer`,
};

/** The method a question names ("momo", "MTN", "visa"...), if any. */
export function askedPayInMethod(text: string): PayInMethod | null {
  const lower = text.toLowerCase();
  if (/\b(mobile\s*money|momo|mtn|vodafone\s*cash|telecel\s*cash|airtel\s*tigo|airteltigo|m-?pesa)\b/.test(lower)) return 'mobile_money';
  if (/\b(bank\s*transfer|bank|wire)\b/.test(lower)) return 'bank_transfer';
  if (/\b(cards?|visa|mastercard)\b/.test(lower)) return 'card';
  return null;
}

/** "by card" / "by card or mobile money". */
export function payInWords(methods: PaymentMethods, i18n: I18n = translatorFor('en')): string {
  const words = methods.payIn.map((method) => i18n._(METHOD_WORDS[method]));
  if (words.length <= 1) {
    const method = words.join('');
    return i18n._(msg`by ${{ method }}`);
  }
  const first = words.slice(0, -1).join(', ');
  const last = words[words.length - 1];
  return i18n._(msg`by ${{ first }} or ${{ last }}`);
}

/**
 * The straight answer: yes or no for a method the person named, then how paying works here
 * (top up the wallet by the configured methods, pay orders from the wallet), and a word that the
 * sandbox moves no real money.
 */
export function paymentMethodsText(methods: PaymentMethods, asked: PayInMethod | null, i18n: I18n = translatorFor('en')): string {
  const payIn = payInWords(methods, i18n);
  const how = i18n._(msg`You top up your wallet ${{ payIn }} on the wallet page, and orders are paid from the wallet.`);
  let text: string;
  if (asked && !methods.payIn.includes(asked)) {
    const method = i18n._(METHOD_WORDS[asked]);
    text = i18n._(msg`No, you can't pay with ${{ method }} here. ${{ how }}`);
  } else if (asked) {
    text = i18n._(msg`Yes. ${{ how }}`);
  } else {
    text = i18n._(msg`On Pulse Market you pay ${{ payIn }}. ${{ how }}`);
  }
  if (methods.testMode) {
    const testWords =
      methods.provider === 'paystack'
        ? msg`This is a test deployment: payments go through Paystack's test mode and no real money is charged.`
        : msg`This is a test deployment: payments go through a sandbox and no real money is charged.`;
    text += ` ${i18n._(testWords)}`;
  }
  return text;
}
