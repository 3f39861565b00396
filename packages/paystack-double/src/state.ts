import { randomBytes } from 'node:crypto';

/** Paystack's transaction statuses the double uses (verify's data.status). */
export type TransactionStatus = 'abandoned' | 'ongoing' | 'pending' | 'success' | 'failed';
export type Channel = 'card' | 'mobile_money';
export type TransferStatus = 'pending' | 'success' | 'failed' | 'reversed';

export interface DoubleTransaction {
  id: number;
  reference: string;
  /** Set for a hosted transaction (initialize): its checkout page is /checkout/<accessCode>. */
  accessCode: string | null;
  email: string;
  amount: number;
  currency: string;
  channels: string[];
  callbackUrl: string | null;
  metadata: Record<string, unknown> | null;
  status: TransactionStatus;
  gatewayResponse: string;
  channel: Channel | null;
  /** A mobile money charge still waiting for the one-time code (send_otp) or for the approval on the phone (pay_offline). */
  chargeStep: 'send_otp' | 'pay_offline' | null;
  mobileMoney: { phone: string; provider: string } | null;
  fees: number | null;
  paidAt: string | null;
  createdAt: string;
  customer: { id: number; code: string };
  authorizationCode: string | null;
  /** When a charge whose approval never comes (phone ending 2222) fails with a time-out. */
  timesOutAt: number | null;
}

export interface DoubleRecipient {
  id: number;
  recipientCode: string;
  type: string;
  name: string;
  accountNumber: string;
  accountName: string;
  bankCode: string;
  bankName: string;
  currency: string;
  description: string;
  metadata: Record<string, unknown> | null;
  createdAt: string;
}

export interface DoubleTransfer {
  id: number;
  transferCode: string;
  reference: string;
  amount: number;
  currency: string;
  reason: string;
  source: string;
  recipientCode: string;
  status: TransferStatus;
  gatewayResponse: string | null;
  transferredAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** An answer Paystack would give instead of data (400 duplicate reference, 404 unknown reference...). */
export class PaystackApiError extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** A test or the control API asked for something the double cannot do (unknown reference, already decided). */
export class DoubleControlError extends Error {
  constructor(
    readonly httpStatus: 404 | 409 | 400,
    message: string,
  ) {
    super(`Paystack double: ${message}`);
  }
}

/** Paystack Ghana's local rate on a charge: 1.95 %. */
export const FEE_RATE = 0.0195;

export const DECLINE_REASONS: Record<Channel, string> = {
  card: 'Declined by financial institution',
  mobile_money: 'Transaction declined by the mobile money provider',
};

export const NOT_COMPLETED = 'The transaction was not completed';
export const APPROVAL_TIMED_OUT = 'The mobile money approval timed out';
export const PAY_OFFLINE_TEXT = 'Please complete authorization process on your mobile phone';
export const SEND_OTP_TEXT = 'Please enter the one-time code sent to your phone';
export const VALID_OTP = '123456';

/** What a mobile money charge does, chosen by the phone number's last four digits. */
export const PHONE_OUTCOMES = {
  '0000': 'send_otp',
  '1111': 'failed',
  '2222': 'times_out',
} as const;

/** Ghanaian institutions the double lists (Paystack's codes: networks by name, banks by GhIPSS sort code). */
export const GHANA_BANKS = [
  { id: 1, name: 'MTN', slug: 'mtn-gh', code: 'MTN', type: 'mobile_money' },
  { id: 2, name: 'Telecel Ghana (Vodafone)', slug: 'vod-gh', code: 'VOD', type: 'mobile_money' },
  { id: 3, name: 'AirtelTigo', slug: 'atl-gh', code: 'ATL', type: 'mobile_money' },
  { id: 10, name: 'GCB Bank Limited', slug: 'gcb-bank-gh', code: '040100', type: 'ghipss' },
  { id: 11, name: 'Ecobank Ghana Limited', slug: 'ecobank-gh', code: '130100', type: 'ghipss' },
  { id: 12, name: 'Absa Bank Ghana Limited', slug: 'absa-gh', code: '030100', type: 'ghipss' },
  { id: 13, name: 'Stanbic Bank Ghana Limited', slug: 'stanbic-gh', code: '190100', type: 'ghipss' },
  { id: 14, name: 'Fidelity Bank Ghana Limited', slug: 'fidelity-gh', code: '240100', type: 'ghipss' },
] as const;

/** Account holders the double knows (GET /bank/resolve and transfer recipients); any other number does not resolve. */
export const ACCOUNT_NAMES: Record<string, string> = {
  '0241234567': 'Ama Mensah',
  '0551234987': 'Kwame Boateng',
  '0201234567': 'Akosua Owusu',
  '0271234567': 'Yaw Asante',
  '1234567890123': 'Esi Appiah',
  '9876543210': 'Kofi Agyeman',
};

function code(prefix: string, length = 14): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return prefix + [...randomBytes(length)].map((b) => alphabet[b % alphabet.length]).join('');
}

export interface StoreOptions {
  /** How long a charge to a phone ending 2222 waits before failing with a time-out. */
  mobileMoneyTimeoutMs: number;
  now?: () => number;
}

/** The double's memory of transactions, recipients and transfers, with Paystack's rules for moving them. */
export class DoubleStore {
  private readonly transactions = new Map<string, DoubleTransaction>();
  private readonly recipients = new Map<string, DoubleRecipient>();
  private readonly transfers = new Map<string, DoubleTransfer>();
  private readonly customers = new Map<string, { id: number; code: string }>();
  private nextId = 4_100_000_000;
  private readonly now: () => number;

  constructor(private readonly options: StoreOptions) {
    this.now = options.now ?? Date.now;
  }

  reset(): void {
    this.transactions.clear();
    this.recipients.clear();
    this.transfers.clear();
    this.customers.clear();
  }

  private id(): number {
    return this.nextId++;
  }

  private isoNow(): string {
    return new Date(this.now()).toISOString();
  }

  private customer(email: string): { id: number; code: string } {
    let customer = this.customers.get(email);
    if (!customer) {
      customer = { id: 300_000 + this.customers.size, code: code('CUS_') };
      this.customers.set(email, customer);
    }
    return customer;
  }

  private newTransaction(input: { email: string; amount: number; currency?: string; reference?: string; metadata?: Record<string, unknown> }): DoubleTransaction {
    const reference = input.reference ?? code('T', 12);
    if (this.transactions.has(reference)) {
      throw new PaystackApiError(400, 'Duplicate Transaction Reference', {
        meta: { nextStep: 'Try and create the Transaction or Charge with a new reference' },
        type: 'validation_error',
        code: 'duplicate_reference',
      });
    }
    return {
      id: this.id(),
      reference,
      accessCode: null,
      email: input.email,
      amount: input.amount,
      currency: input.currency ?? 'GHS',
      channels: [],
      callbackUrl: null,
      metadata: input.metadata ?? null,
      // Paystack shows a transaction nobody has acted on yet as abandoned ("not completed"); it is not final.
      status: 'abandoned',
      gatewayResponse: NOT_COMPLETED,
      channel: null,
      chargeStep: null,
      mobileMoney: null,
      fees: null,
      paidAt: null,
      createdAt: this.isoNow(),
      customer: this.customer(input.email),
      authorizationCode: null,
      timesOutAt: null,
    };
  }

  initialize(input: { email: string; amount: number; currency?: string; reference?: string; callback_url?: string; channels?: string[]; metadata?: Record<string, unknown> }): DoubleTransaction {
    const transaction = this.newTransaction(input);
    transaction.accessCode = code('', 12);
    transaction.callbackUrl = input.callback_url ?? null;
    transaction.channels = input.channels?.length ? input.channels : ['card', 'mobile_money'];
    this.transactions.set(transaction.reference, transaction);
    return transaction;
  }

  /** A mobile money charge (POST /charge): the phone number's last four digits pick what happens (PHONE_OUTCOMES). */
  charge(input: { email: string; amount: number; currency?: string; reference?: string; metadata?: Record<string, unknown>; mobile_money?: { phone?: string; provider?: string } }): DoubleTransaction {
    if (!input.mobile_money?.phone || !input.mobile_money.provider) {
      throw new PaystackApiError(400, 'The double charges mobile money only: send mobile_money.phone and mobile_money.provider');
    }
    const transaction = this.newTransaction(input);
    transaction.channel = 'mobile_money';
    transaction.mobileMoney = { phone: input.mobile_money.phone, provider: input.mobile_money.provider };
    const outcome = PHONE_OUTCOMES[input.mobile_money.phone.slice(-4) as keyof typeof PHONE_OUTCOMES];
    if (outcome === 'failed') {
      this.fail(transaction, 'Declined');
    } else if (outcome === 'send_otp') {
      Object.assign(transaction, { status: 'ongoing', chargeStep: 'send_otp', gatewayResponse: 'Charge attempted' });
    } else {
      Object.assign(transaction, { status: 'pending', chargeStep: 'pay_offline', gatewayResponse: 'Charge attempted' });
      if (outcome === 'times_out') transaction.timesOutAt = this.now() + this.options.mobileMoneyTimeoutMs;
    }
    this.transactions.set(transaction.reference, transaction);
    return transaction;
  }

  submitOtp(reference: string, otp: string): DoubleTransaction {
    const transaction = this.transaction(reference);
    if (!transaction) throw new PaystackApiError(404, 'Transaction reference not found');
    if (transaction.chargeStep !== 'send_otp') throw new PaystackApiError(400, 'Transaction is not waiting for an OTP');
    if (otp === VALID_OTP) Object.assign(transaction, { status: 'pending', chargeStep: 'pay_offline', gatewayResponse: 'Charge attempted' });
    else this.fail(transaction, 'Incorrect OTP');
    return transaction;
  }

  /** The transaction as it stands now (a charge whose approval never came has timed out by now). */
  transaction(reference: string): DoubleTransaction | undefined {
    const transaction = this.transactions.get(reference);
    if (transaction?.timesOutAt != null && transaction.status === 'pending' && this.now() >= transaction.timesOutAt) {
      this.fail(transaction, APPROVAL_TIMED_OUT);
    }
    return transaction;
  }

  byAccessCode(accessCode: string): DoubleTransaction | undefined {
    const found = [...this.transactions.values()].find((t) => t.accessCode === accessCode);
    return found && this.transaction(found.reference);
  }

  private undecided(reference: string): DoubleTransaction {
    const transaction = this.transaction(reference);
    if (!transaction) throw new DoubleControlError(404, `no transaction with reference ${reference}`);
    if (transaction.status === 'success' || transaction.status === 'failed') {
      throw new DoubleControlError(409, `transaction ${reference} is already decided (${transaction.status}: ${transaction.gatewayResponse})`);
    }
    return transaction;
  }

  private fail(transaction: DoubleTransaction, reason: string): void {
    Object.assign(transaction, { status: 'failed', gatewayResponse: reason, chargeStep: null, timesOutAt: null });
    transaction.channel ??= 'card';
  }

  /** The person pays (hosted page) or approves the prompt on their phone (mobile money charge). */
  approve(reference: string, channel?: Channel): DoubleTransaction {
    const transaction = this.undecided(reference);
    if (transaction.chargeStep === 'send_otp') throw new DoubleControlError(409, `transaction ${reference} is waiting for its one-time code (POST /charge/submit_otp)`);
    Object.assign(transaction, {
      status: 'success',
      gatewayResponse: 'Approved',
      channel: transaction.mobileMoney ? 'mobile_money' : (channel ?? 'card'),
      chargeStep: null,
      timesOutAt: null,
      fees: Math.round(transaction.amount * FEE_RATE),
      paidAt: this.isoNow(),
      authorizationCode: code('AUTH_', 10),
    });
    return transaction;
  }

  decline(reference: string, reason?: string, channel?: Channel): DoubleTransaction {
    const transaction = this.undecided(reference);
    const decidedChannel: Channel = transaction.mobileMoney ? 'mobile_money' : (channel ?? transaction.channel ?? 'card');
    transaction.channel = decidedChannel;
    this.fail(transaction, reason ?? DECLINE_REASONS[decidedChannel]);
    return transaction;
  }

  /** The person cancels on the hosted page; Paystack keeps showing the transaction as abandoned. */
  abandon(reference: string): DoubleTransaction {
    const transaction = this.undecided(reference);
    Object.assign(transaction, { status: 'abandoned', gatewayResponse: NOT_COMPLETED, chargeStep: null, timesOutAt: null });
    return transaction;
  }

  /** Paystack answers the existing recipient for the same type, account and bank. */
  createRecipient(input: { type: string; name: string; account_number: string; bank_code: string; currency?: string; description?: string; metadata?: Record<string, unknown> }): DoubleRecipient {
    const bank = GHANA_BANKS.find((b) => b.code === input.bank_code);
    if (!bank) throw new PaystackApiError(400, 'Invalid bank code');
    const key = `${input.type}|${input.bank_code}|${input.account_number}`;
    const existing = this.recipients.get(key);
    if (existing) return existing;
    const recipient: DoubleRecipient = {
      id: this.id(),
      recipientCode: code('RCP_'),
      type: input.type,
      name: input.name,
      accountNumber: input.account_number,
      accountName: ACCOUNT_NAMES[input.account_number] ?? input.name,
      bankCode: bank.code,
      bankName: bank.name,
      currency: input.currency ?? 'GHS',
      description: input.description ?? '',
      metadata: input.metadata ?? null,
      createdAt: this.isoNow(),
    };
    this.recipients.set(key, recipient);
    return recipient;
  }

  recipient(recipientCode: string): DoubleRecipient | undefined {
    return [...this.recipients.values()].find((r) => r.recipientCode === recipientCode);
  }

  startTransfer(input: { source: string; amount: number; recipient: string; reason?: string; currency?: string; reference: string }): DoubleTransfer {
    if (this.transfers.has(input.reference)) {
      throw new PaystackApiError(400, 'Duplicate Transfer Reference', { type: 'validation_error', code: 'duplicate_reference' });
    }
    if (!this.recipient(input.recipient)) throw new PaystackApiError(400, 'Recipient specified is invalid');
    const now = this.isoNow();
    const transfer: DoubleTransfer = {
      id: this.id(),
      transferCode: code('TRF_'),
      reference: input.reference,
      amount: input.amount,
      currency: input.currency ?? 'GHS',
      reason: input.reason ?? '',
      source: input.source,
      recipientCode: input.recipient,
      status: 'pending',
      gatewayResponse: null,
      transferredAt: null,
      createdAt: now,
      updatedAt: now,
    };
    this.transfers.set(transfer.reference, transfer);
    return transfer;
  }

  transfer(reference: string): DoubleTransfer | undefined {
    return this.transfers.get(reference);
  }

  /** The bank's answer on a pending transfer; a paid one may still be reversed later. */
  completeTransfer(reference: string, outcome: Exclude<TransferStatus, 'pending'>): DoubleTransfer {
    const transfer = this.transfers.get(reference);
    if (!transfer) throw new DoubleControlError(404, `no transfer with reference ${reference}`);
    const allowed = transfer.status === 'pending' || (transfer.status === 'success' && outcome === 'reversed');
    if (!allowed) throw new DoubleControlError(409, `transfer ${reference} is ${transfer.status}; it cannot become ${outcome}`);
    const now = this.isoNow();
    Object.assign(transfer, {
      status: outcome,
      updatedAt: now,
      transferredAt: outcome === 'success' ? now : transfer.transferredAt,
      gatewayResponse: { success: 'Approved', failed: 'Account could not be credited', reversed: 'Transfer reversed' }[outcome],
    });
    return transfer;
  }
}
