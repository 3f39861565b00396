/**
 * Who and what the payments server holds (support/start-payments-server.ts, tests/payments-paystack.spec.ts):
 * a buyer with an empty wallet, a farm with MTN mobile money payout details and earnings to pay out.
 * The numbers are ones the Paystack double knows (its README, "Account names").
 */
export const PAYMENTS_SECRET_KEY = 'sk_test_double';

/** Tops up her wallet (mobile money, Paystack's page). */
export const PAYMENTS_BUYER = { email: 'ama@payments.e2e.example', username: 'payments_buyer_ama' } as const;

/** Pays a basket directly, with nothing in the wallet: two kilos of the farm's garden eggs. */
export const PAYMENTS_CHECKOUT_BUYER = { email: 'yaw@payments.e2e.example', username: 'payments_buyer_yaw' } as const;

export const PAYMENTS_PRODUCT = { title: 'Garden Eggs', priceMinor: 2_710, basketQuantity: 2 } as const;

export const PAYMENTS_FARM = {
  email: 'kwame@payments.e2e.example',
  username: 'payments_farm_kwame',
  name: 'Boateng Family Farm',
  payout: { method: 'mobile_money', providerName: 'MTN MoMo', accountName: 'Kwame Boateng', accountNumber: '0551234987' },
  /** Earlier earnings, available to pay out (GH₵300.00). */
  availableMinor: 30_000,
} as const;
