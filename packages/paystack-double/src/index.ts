export { startPaystackDouble, callbackWithReference } from './server';
export type { PaystackDouble, PaystackDoubleOptions, RecordedRequest, DoubleTransaction, DoubleTransfer, Violation, WebhookDelivery, WebhookSettings } from './server';
export { signPaystackBody } from './webhooks';
export type { VerifyOverride } from './paystack-data';
export { ACCOUNT_NAMES, APPROVAL_TIMED_OUT, DECLINE_REASONS, FEE_RATE, GHANA_BANKS, NOT_COMPLETED, PHONE_OUTCOMES, VALID_OTP } from './state';
