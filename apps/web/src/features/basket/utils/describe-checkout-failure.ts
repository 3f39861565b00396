import { t } from '@lingui/core/macro';
import { isApiError } from '../../../lib/api-error';

export type CheckoutFailure =
  /** The wallet is short: top up and pay again (same attempt). */
  | { kind: 'funds'; message: string }
  /** Something in the basket changed (stock, price, a product gone): back to the basket. */
  | { kind: 'basket'; message: string }
  /** A choice is no longer valid (slot full or past its cut-off, address): choose again. */
  | { kind: 'choice'; message: string }
  /** No answer: paying again is safe, the same Idempotency-Key is reused. */
  | { kind: 'retry'; message: string };

const FUNDS = /wallet|balance|top up|insufficient/i;
const CHOICE = /slot|cut-off|time|address|deliver|pickup/i;

/** What the checkout says in place when the server refused to place the orders, and what to do. */
export function describeCheckoutFailure(error: unknown): CheckoutFailure {
  if (!isApiError(error) || error.status === null || error.status >= 500) {
    return { kind: 'retry', message: t`We could not confirm your payment. Press Pay again: you will not be charged twice.` };
  }
  const message = error.message;
  if (FUNDS.test(message)) return { kind: 'funds', message };
  // A choice the server refused names its field; the words are matched too, in English only.
  const namesAChoice = Object.keys(error.fields).length > 0 || CHOICE.test(message);
  if (error.status === 409 && !namesAChoice) {
    // The server's sentence (in the reader's language), without its full stop, then what to do.
    const reason = message.replace(/[.。]\s*$/u, '');
    return { kind: 'basket', message: t`${reason}. Go back to the basket to change the quantity, then check out again.` };
  }
  const fieldMessage = Object.values(error.fields)[0];
  return { kind: 'choice', message: fieldMessage && fieldMessage !== message ? t`${message}: ${fieldMessage}` : message };
}
