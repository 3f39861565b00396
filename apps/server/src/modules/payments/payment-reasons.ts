import { msg } from '@lingui/core/runtime-macro';
import { contractDescriptor, contractMessage } from '@pulse/contract/messages-i18n';

/**
 * The words a person reads about a payment (issue 24). They are stored as their English text (a
 * registered message) and written in the reader's language when answered (translateContractMessage);
 * a provider's own words that match none of ours are stored and shown as the provider wrote them.
 */
export const DECLINED_BY_BANK_MESSAGE = contractMessage(msg`Declined by your bank`);
export const DECLINED_BY_NETWORK_MESSAGE = contractMessage(msg`Declined by your mobile money provider`);
export const MOBILE_MONEY_TIMED_OUT_MESSAGE = contractMessage(msg`The mobile money approval timed out`);
export const PAYMENT_CANCELLED_MESSAGE = contractMessage(msg`You cancelled the payment`);
export const NOT_ENOUGH_MONEY_MESSAGE = contractMessage(msg`There was not enough money in the account`);
export const PAYMENT_NOT_COMPLETED_MESSAGE = contractMessage(msg`The payment was not completed`);
export const PAYMENT_NOT_ACCEPTED_MESSAGE = contractMessage(msg`The payment was not accepted.`);
export const PAYMENT_EXPIRED_MESSAGE = contractMessage(msg`The payment was not completed in time`);
export const PAYMENT_MISMATCH_MESSAGE = contractMessage(msg`The payment could not be confirmed. Our team has been told and will look into it.`);
export const PROVIDER_UNAVAILABLE_MESSAGE = contractMessage(msg`The payment could not be processed right now. Try again later.`);

/** What the person does next while a payment is pending, in our words (the provider's own text is kept on the intent). */
export const APPROVE_ON_PHONE_MESSAGE = contractMessage(msg`Approve the payment on your phone`);
export const ENTER_SMS_CODE_MESSAGE = contractMessage(msg`Enter the code sent to your phone by SMS`);

interface ReasonRule {
  pattern: RegExp;
  /** Only for a payment made with mobile money (a card's time-out is not a phone approval). */
  mobileMoneyOnly?: boolean;
  reason: string;
}

/**
 * Paystack's gateway_response texts (and the networks' own) mapped to ours; the first rule that
 * matches wins. Anything else is kept in the provider's words.
 */
const RULES: ReasonRule[] = [
  { pattern: /insufficient|not enough (money|funds)|low balance/i, reason: NOT_ENOUGH_MONEY_MESSAGE },
  { pattern: /declin|do not honou?r|not permitted|restricted|blocked|refused/i, mobileMoneyOnly: true, reason: DECLINED_BY_NETWORK_MESSAGE },
  { pattern: /declin|do not honou?r|not permitted|restricted|blocked|refused/i, reason: DECLINED_BY_BANK_MESSAGE },
  { pattern: /time ?d? ?out|timeout|expired|no response/i, mobileMoneyOnly: true, reason: MOBILE_MONEY_TIMED_OUT_MESSAGE },
  { pattern: /cancel/i, reason: PAYMENT_CANCELLED_MESSAGE },
];

/**
 * The reason a person reads for a failed or abandoned payment. A text that is already one of our
 * messages (the sandbox's "Your card was declined.") stays as it is.
 */
export function describeFailure(input: { status: 'failed' | 'abandoned'; gatewayResponse: string | null; mobileMoney: boolean }): string {
  const words = input.gatewayResponse?.trim() ?? '';
  if (words !== '' && contractDescriptor(words)) return words;
  for (const rule of RULES) {
    if (rule.mobileMoneyOnly && !input.mobileMoney) continue;
    if (rule.pattern.test(words)) return rule.reason;
  }
  if (input.status === 'abandoned') return PAYMENT_NOT_COMPLETED_MESSAGE;
  // Paystack's "Approved"/"Successful" never reach here (a failed status); an empty reason gets ours.
  return words !== '' ? words.slice(0, 300) : PAYMENT_NOT_ACCEPTED_MESSAGE;
}

/** The instruction shown while pending, from the provider's next action. */
export function describeNextAction(nextAction: string | null, providerText: string | null): string | null {
  switch (nextAction) {
    case 'pay_offline':
      return APPROVE_ON_PHONE_MESSAGE;
    case 'send_otp':
      return ENTER_SMS_CODE_MESSAGE;
    case 'redirect':
      // The page itself tells the person what to do; the wallet says "Confirming your payment..." on return.
      return null;
    default:
      return providerText;
  }
}
