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
    return { kind: 'retry', message: 'We could not confirm your payment. Press Pay again: you will not be charged twice.' };
  }
  const message = error.message;
  if (FUNDS.test(message)) return { kind: 'funds', message };
  if (error.status === 409 && !CHOICE.test(message)) {
    return { kind: 'basket', message: `${message}. Go back to the basket to change the quantity, then check out again.`.replace('..', '.') };
  }
  const fieldMessage = Object.values(error.fields)[0];
  return { kind: 'choice', message: fieldMessage && fieldMessage !== message ? `${message}: ${fieldMessage}` : message };
}
