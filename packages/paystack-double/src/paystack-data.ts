import { GHANA_BANKS, PAY_OFFLINE_TEXT, SEND_OTP_TEXT, type DoubleRecipient, type DoubleTransaction, type DoubleTransfer } from './state';

/** The `data` objects the double answers and sends in webhooks, shaped as Paystack's document describes them. */

const DOMAIN = 'test';

export interface VerifyOverride {
  amount?: number;
  currency?: string;
  status?: string;
}

function customerData(transaction: DoubleTransaction) {
  return {
    id: transaction.customer.id,
    first_name: null,
    last_name: null,
    email: transaction.email,
    customer_code: transaction.customer.code,
    phone: null,
    metadata: null,
    risk_action: 'default',
    international_format_phone: null,
  };
}

/** Masked payment details, as Paystack sends them: never a full card or phone number. */
function authorizationData(transaction: DoubleTransaction): Record<string, unknown> {
  if (transaction.status !== 'success') return {};
  const common = { authorization_code: transaction.authorizationCode, signature: `SIG_${transaction.authorizationCode?.slice(5)}`, country_code: 'GH', account_name: null };
  if (transaction.channel === 'mobile_money') {
    const phone = transaction.mobileMoney?.phone ?? '0551234987';
    const provider = (transaction.mobileMoney?.provider ?? 'mtn').toUpperCase();
    return {
      ...common,
      bin: `${phone.slice(0, 3)}XXX`,
      last4: `X${phone.slice(-3)}`,
      exp_month: '12',
      exp_year: '9999',
      channel: 'mobile_money',
      card_type: '',
      bank: provider,
      brand: provider.charAt(0) + provider.slice(1).toLowerCase(),
      reusable: false,
      receiver_bank_account_number: null,
      receiver_bank: null,
    };
  }
  return {
    ...common,
    bin: '408408',
    last4: '4081',
    exp_month: '12',
    exp_year: '2030',
    channel: 'card',
    card_type: 'visa ',
    bank: 'TEST BANK',
    brand: 'visa',
    reusable: true,
    receiver_bank_account_number: null,
    receiver_bank: null,
  };
}

/** GET /transaction/verify/{reference}: the transaction as Paystack records it (a test may override the figures). */
export function verifyData(transaction: DoubleTransaction, override: VerifyOverride = {}) {
  return {
    id: transaction.id,
    domain: DOMAIN,
    status: override.status ?? transaction.status,
    reference: transaction.reference,
    receipt_number: null,
    amount: override.amount ?? transaction.amount,
    message: null,
    gateway_response: transaction.gatewayResponse,
    paid_at: transaction.paidAt,
    created_at: transaction.createdAt,
    channel: transaction.channel ?? 'card',
    currency: override.currency ?? transaction.currency,
    ip_address: '127.0.0.1',
    // Paystack answers an empty string when the transaction has no metadata.
    metadata: transaction.metadata ?? '',
    log: null,
    fees: transaction.fees,
    fees_split: null,
    authorization: authorizationData(transaction),
    customer: customerData(transaction),
    plan: null,
    split: {},
    order_id: null,
    paidAt: transaction.paidAt,
    createdAt: transaction.createdAt,
    requested_amount: transaction.amount,
    pos_transaction_data: null,
    source: null,
    fees_breakdown: null,
    connect: null,
    transaction_date: transaction.createdAt,
    plan_object: {},
    subaccount: {},
  };
}

/**
 * POST /charge, POST /charge/submit_otp, GET /charge/{reference}. The document describes the answer
 * for a charge that succeeded (the whole transaction); a charge still waiting on the person or one
 * that failed answers the short form Paystack's charge guide shows ({reference, status, display_text}).
 */
export function chargeData(transaction: DoubleTransaction): { data: Record<string, unknown>; documentedShape: boolean } {
  if (transaction.status === 'success') {
    return {
      data: {
        ...verifyData(transaction),
        paid_at: transaction.paidAt,
        fees: transaction.fees,
        redirect_url: null,
        // The document gives the charge's metadata a custom_fields list; Paystack adds an empty one.
        metadata: { custom_fields: [], ...(transaction.metadata ?? {}) },
      },
      documentedShape: true,
    };
  }
  if (transaction.chargeStep) {
    const displayText = transaction.chargeStep === 'send_otp' ? SEND_OTP_TEXT : PAY_OFFLINE_TEXT;
    return { data: { reference: transaction.reference, status: transaction.chargeStep, display_text: displayText }, documentedShape: false };
  }
  const reason = transaction.gatewayResponse;
  return { data: { reference: transaction.reference, status: transaction.status, gateway_response: reason, message: reason, display_text: reason }, documentedShape: false };
}

/** charge.success's data: the verified transaction (its real figures; verify overrides do not apply). */
export function chargeWebhookData(transaction: DoubleTransaction) {
  const { log: _log, plan_object: _planObject, subaccount: _subaccount, ...data } = verifyData(transaction);
  return data;
}

export function recipientData(recipient: DoubleRecipient) {
  return {
    active: true,
    createdAt: recipient.createdAt,
    currency: recipient.currency,
    description: recipient.description,
    domain: DOMAIN,
    email: '',
    id: recipient.id,
    integration: 100_001,
    metadata: recipient.metadata,
    name: recipient.name,
    recipient_code: recipient.recipientCode,
    type: recipient.type,
    updatedAt: recipient.createdAt,
    is_deleted: false,
    isDeleted: false,
    details: {
      authorization_code: null,
      account_number: recipient.accountNumber,
      account_name: recipient.accountName,
      bank_code: recipient.bankCode,
      bank_name: recipient.bankName,
    },
  };
}

function transferCommon(transfer: DoubleTransfer) {
  return {
    amount: transfer.amount,
    currency: transfer.currency,
    domain: DOMAIN,
    failures: null,
    id: transfer.id,
    integration: 100_001,
    reason: transfer.reason,
    reference: transfer.reference,
    source: transfer.source,
    source_details: null,
    status: transfer.status,
    titan_code: null,
    transfer_code: transfer.transferCode,
    transferred_at: transfer.transferredAt,
    createdAt: transfer.createdAt,
    updatedAt: transfer.updatedAt,
  };
}

/** POST /transfer: the recipient by its id, as the document shows. */
export function transferData(transfer: DoubleTransfer, recipient: DoubleRecipient) {
  return { ...transferCommon(transfer), transfersessionid: [], transfertrials: [], request: transfer.id, recipient: recipient.id };
}

/** GET /transfer/verify/{reference} and the transfer.* webhooks: the recipient in full. */
export function transferVerifyData(transfer: DoubleTransfer, recipient: DoubleRecipient) {
  const { isDeleted: _isDeleted, ...recipientFields } = recipientData(recipient);
  return {
    ...transferCommon(transfer),
    recipient: recipientFields,
    session: { provider: null, id: null },
    gateway_response: transfer.gatewayResponse,
  };
}

const BANKS_CREATED_AT = '2020-01-01T00:00:00.000Z';

/** GET /bank: Ghanaian institutions; type is the document's spelling (ghipps for banks, mobile_money for networks). */
export function bankListData(filter: { currency?: string | null; country?: string | null; type?: string | null }) {
  const ghana = (!filter.currency || filter.currency === 'GHS') && (!filter.country || filter.country === 'ghana');
  if (!ghana) return [];
  return GHANA_BANKS.filter((bank) => !filter.type || (filter.type === 'ghipps' ? bank.type === 'ghipss' : bank.type === filter.type)).map((bank) => ({
    name: bank.name,
    slug: bank.slug,
    code: bank.code,
    longcode: bank.code,
    gateway: null,
    pay_with_bank: false,
    supports_transfer: true,
    available_for_direct_debit: false,
    active: true,
    is_deleted: false,
    country: 'Ghana',
    currency: 'GHS',
    type: bank.type,
    id: bank.id,
    createdAt: BANKS_CREATED_AT,
    updatedAt: BANKS_CREATED_AT,
  }));
}
