import { msg } from '@lingui/core/runtime-macro';
import type { MessageDescriptor } from '@lingui/core';
import type { FastifyInstance } from 'fastify';
import type { TResolveAccountInput, TResolveAccountResponse } from '@pulse/contract/payments';
import { findPayoutInstitution, maskAccountNumber, normalizeAccountNumber, payoutInstitutionNames } from '@pulse/contract/payout-institutions';
import type { PayoutRecipientRow } from '../../db/schema/payments';
import { InvalidError } from '../../errors/domain-errors';
import type { PaymentProvider } from './payment-provider-types';
import { findPayoutRecipient, insertPayoutRecipient } from './payout-recipients-repository';

/** Payout details as people type them (seller application, agent registration). */
export interface PayoutDetails {
  method: 'mobile_money' | 'bank';
  providerName: string;
  accountName: string;
  accountNumber: string;
}

/** Payout details in the provider's terms: where a transfer recipient points. */
export interface PayoutAccount {
  method: 'mobile_money' | 'bank';
  /** The provider's bank or network code (MTN, VOD, ATL, 040100...). */
  bankCode: string;
  /** The bank's or network's name, for the destination people read. */
  institutionName: string;
  /** Without spaces; a mobile number in its 10-digit form. */
  accountNumber: string;
  accountName: string;
}

/** Which request fields a refusal names: the application's nested payout fields, or a flat form's. */
export interface PayoutFieldNames {
  institution: string;
  accountNumber: string;
}

export const APPLICATION_PAYOUT_FIELDS: PayoutFieldNames = { institution: 'payout.providerName', accountNumber: 'payout.accountNumber' };

/**
 * Paystack pays out only to the networks and banks it lists; the sandbox pays anyone. Other real
 * providers, when added, should list their own institutions the same way.
 */
function needsKnownInstitution(provider: PaymentProvider): boolean {
  return provider.name === 'paystack';
}

function unknownInstitutionMessage(method: PayoutDetails['method']): MessageDescriptor {
  const names = payoutInstitutionNames(method).join(', ');
  return method === 'mobile_money'
    ? msg`Payouts go to these mobile money networks: ${{ names }}. Enter one of them.`
    : msg`Payouts cannot go to this bank yet. Banks that can receive payouts: ${{ names }}.`;
}

const MOBILE_NUMBER_MESSAGE = msg`Enter a mobile money number such as 024 123 4567`;
const BANK_ACCOUNT_NUMBER_MESSAGE = msg`Enter the bank account number in digits (6 to 20)`;

/**
 * The provider's view of typed payout details: the network or bank code for its name, the number
 * without spaces. With Paystack an unknown network or bank, or a number it cannot take, is a 400
 * naming the field (`fields`; none for details already on file), before anything is saved; the
 * sandbox takes any name as its code.
 */
export function toPayoutAccount(provider: PaymentProvider, details: PayoutDetails, fields: PayoutFieldNames | null = APPLICATION_PAYOUT_FIELDS): PayoutAccount {
  const institution = findPayoutInstitution(details.method, details.providerName);
  const accountNumber = normalizeAccountNumber(details.method, details.accountNumber);
  if (needsKnownInstitution(provider)) {
    if (!institution) {
      const message = unknownInstitutionMessage(details.method);
      throw new InvalidError(message, fields ? { [fields.institution]: message } : undefined);
    }
    const numberOk = details.method === 'mobile_money' ? /^0\d{9}$/.test(accountNumber) : /^\d{6,20}$/.test(accountNumber);
    if (!numberOk) {
      const message = details.method === 'mobile_money' ? MOBILE_NUMBER_MESSAGE : BANK_ACCOUNT_NUMBER_MESSAGE;
      throw new InvalidError(message, fields ? { [fields.accountNumber]: message } : undefined);
    }
  }
  const typedName = details.providerName.trim();
  return {
    method: details.method,
    bankCode: institution?.code ?? typedName.toUpperCase().slice(0, 40),
    institutionName: institution?.name ?? typedName,
    accountNumber,
    accountName: details.accountName.trim(),
  };
}

/** "MTN Mobile Money ****4567": where a payout goes, without the whole number. */
export function describePayoutAccount(account: Pick<PayoutAccount, 'institutionName' | 'accountNumber'>): string {
  return `${account.institutionName} ${maskAccountNumber(account.accountNumber)}`;
}

/**
 * The provider's transfer recipient for the account, created once per user, provider and account
 * (payout_recipients) and reused afterwards. The provider is asked outside any database
 * transaction; it throws when it refuses the account or cannot be reached.
 */
export async function ensurePayoutRecipient(app: FastifyInstance, userId: string, account: PayoutAccount): Promise<PayoutRecipientRow> {
  const provider = app.paymentProvider;
  const key = { userId, provider: provider.name, bankCode: account.bankCode, accountNumber: account.accountNumber };
  const existing = await findPayoutRecipient(app.db, key);
  if (existing) return existing;
  const created = await provider.createRecipient({
    userId,
    method: account.method,
    bankCode: account.bankCode,
    accountNumber: account.accountNumber,
    accountName: account.accountName,
    currency: app.config.currency,
  });
  return insertPayoutRecipient(app.db, {
    ...key,
    method: account.method,
    accountName: created.accountName.trim() || account.accountName,
    recipientCode: created.recipientCode,
    currency: app.config.currency,
  });
}

/**
 * Registers saved payout details with the provider, so the first payout does not wait for it. The
 * details are saved whatever happens here: a provider that is down or refuses is logged, and the
 * payout request tries again (and then says why).
 */
export async function registerPayoutRecipient(app: FastifyInstance, userId: string, account: PayoutAccount): Promise<void> {
  try {
    await ensurePayoutRecipient(app, userId, account);
  } catch (error) {
    app.log.warn({ err: error, userId, provider: app.paymentProvider.name }, 'payout recipient not registered; the payout request will try again');
  }
}

export const RESOLVE_FIELDS: PayoutFieldNames = { institution: 'bankCode', accountNumber: 'accountNumber' };

/**
 * The account holder's name as the provider knows it, for the person to confirm before saving;
 * null when the provider cannot tell (or cannot be reached: this is a help, never a refusal).
 * `bankCode` may be a network (mtn), a code (MTN, 040100) or a name, as the forms send it.
 */
export async function resolvePayoutAccountName(app: FastifyInstance, input: TResolveAccountInput): Promise<TResolveAccountResponse> {
  const provider = app.paymentProvider;
  const account = toPayoutAccount(provider, { method: input.method, providerName: input.bankCode, accountNumber: input.accountNumber, accountName: '' }, RESOLVE_FIELDS);
  try {
    const accountName = await provider.resolveAccountName({ method: account.method, bankCode: account.bankCode, accountNumber: account.accountNumber });
    return { accountName: accountName?.trim() || null };
  } catch (error) {
    app.log.warn({ err: error, provider: provider.name }, 'account name lookup failed');
    return { accountName: null };
  }
}
