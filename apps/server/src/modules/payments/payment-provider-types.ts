/**
 * The payment provider as the app sees it (issue 24): asynchronous payment intents and transfers.
 * A charge is started, then decided later by a verify (never by a webhook's or a redirect's own
 * figures). Implementations: the sandbox (no outside service; decides at once) and Paystack.
 * All amounts are integer minor units of `currency` (pesewas for GHS).
 */

export type MobileMoneyNetwork = 'mtn' | 'telecel' | 'airteltigo';

export type PaymentMethod = 'hosted' | 'mobile_money' | 'card';

export interface StartPaymentRequest {
  /** Our own unique reference (the intent's); the provider's idempotency key. */
  reference: string;
  intentId: string;
  userId: string;
  email: string;
  amountMinor: number;
  currency: string;
  /** hosted: the provider's page (card and mobile money); mobile_money: a prompt on the phone; card: sandbox only. */
  method: PaymentMethod;
  /** Where the hosted page sends the person back (with ?reference=...). */
  callbackUrl: string;
  /**
   * Where the hosted page sends the person who presses its Cancel (Paystack's
   * `metadata.cancel_action`); the address names the payment itself (Paystack adds no reference).
   */
  cancelUrl?: string | undefined;
  mobileMoney?: { phone: string; network: MobileMoneyNetwork } | undefined;
  /** Sandbox: the typed card number picks the outcome (4000 0000 0000 0002 is declined). */
  cardNumber?: string | undefined;
}

/** What the provider said when the payment was started or advanced (an OTP submitted). */
export interface StartPaymentResult {
  /** succeeded only when the provider decided at once (the sandbox); the app still verifies. */
  status: 'pending' | 'succeeded' | 'failed';
  /** redirect (open authorizationUrl), send_otp (ask for the code sent by SMS), pay_offline (approve on the phone), null. */
  nextAction: 'redirect' | 'send_otp' | 'pay_offline' | null;
  authorizationUrl: string | null;
  /** The provider's own instruction, shown as it is ("Please complete authorization on your mobile phone"). */
  displayText: string | null;
  /** Why it failed, in the provider's words (mapped to ours by the caller), when status is failed. */
  failureReason: string | null;
}

/** A verify's answer: the only thing that decides an intent. */
export interface VerifiedPayment {
  reference: string;
  /** unknown: the provider has no such transaction (yet). */
  status: 'succeeded' | 'failed' | 'abandoned' | 'pending' | 'unknown';
  amountMinor: number;
  currency: string;
  /** The provider's fee on this charge (0 when none or unknown). */
  feesMinor: number;
  channel: string | null;
  /** The provider's reason in its words (Paystack gateway_response), e.g. "Declined by financial institution". */
  gatewayResponse: string | null;
  paidAt: Date | null;
  /** The provider's answer as received, for the admin's reconciliation page (masked card data only). */
  raw: unknown;
}

export interface RecipientRequest {
  userId: string;
  method: 'mobile_money' | 'bank';
  /** Provider bank code: mobile money network code (Paystack GH: MTN, VOD, ATL) or the bank's code. */
  bankCode: string;
  accountNumber: string;
  accountName: string;
  currency: string;
}

export interface TransferRequest {
  /** Our own reference (the payout's idempotency key): the provider creates one transfer per reference. */
  reference: string;
  amountMinor: number;
  currency: string;
  recipientCode: string;
  reason: string;
}

export interface TransferResult {
  status: 'pending' | 'succeeded' | 'failed' | 'reversed' | 'unknown';
  transferCode: string | null;
  failureReason: string | null;
}

export interface PaymentProvider {
  readonly name: string;
  startPayment(request: StartPaymentRequest): Promise<StartPaymentResult>;
  /** Continue a mobile money charge that asked for the one-time code (send_otp). */
  submitOtp(reference: string, otp: string): Promise<StartPaymentResult>;
  verifyPayment(reference: string): Promise<VerifiedPayment>;
  /** The account holder's name where the provider can resolve it; null when it cannot. */
  resolveAccountName(request: Pick<RecipientRequest, 'method' | 'bankCode' | 'accountNumber'>): Promise<string | null>;
  createRecipient(request: RecipientRequest): Promise<{ recipientCode: string; accountName: string }>;
  startTransfer(request: TransferRequest): Promise<TransferResult>;
  verifyTransfer(reference: string): Promise<TransferResult>;
  /** True when the raw webhook body carries the provider's valid signature (constant-time). Sandbox: false. */
  verifyWebhookSignature(rawBody: Buffer, signatureHeader: string | undefined): boolean;
}
