import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import { contractMessage, translateContractMessage } from '@pulse/contract/messages-i18n';
import type { FastifyInstance } from 'fastify';
import type { TPayout, TPayoutInput, TPayoutListResponse, TPayoutResponse } from '@pulse/contract/wallet';
import { formatMoney } from '@pulse/contract/money';
import { findPayoutInstitution, normalizeAccountNumber } from '@pulse/contract/payout-institutions';
import type { Db } from '../../db/client';
import { createId } from '../../db/new-id';
import { PendingEvents } from '../../lib/domain-events';
import type { PayoutRow } from '../../db/schema/ledger';
import { ConflictError, InvalidError } from '../../errors/domain-errors';
import { translatorFor } from '../../i18n/translator';
import { findUserById } from '../auth/users-repository';
import { notify } from '../notifications/notifications-service';
import type { TransferResult } from '../payments/payment-provider-types';
import { describePayoutAccount, ensurePayoutRecipient, toPayoutAccount, type PayoutAccount } from '../payments/payout-recipients-service';
import { ensureLedgerAccount, getWalletBalances, postLedgerTransaction } from './ledger-service';
import {
  findApprovedPayoutDetails,
  findPayoutById,
  findPayoutByKey,
  insertPendingPayout,
  listPayouts,
  lockLedgerAccount,
  lockPayout,
  updatePayout,
  type PayoutDetails,
} from './payouts-repository';
import { getWallet } from './wallet-service';
import { paymentsTotal } from '../../lib/metrics';
import './payout-events';

export const PAYOUT_KEY_REUSED_MESSAGE = contractMessage(msg`This Idempotency-Key was already used for a different payout.`);
export const PAYOUT_DESTINATION_MISSING_MESSAGE = contractMessage(msg`Add your payout details (mobile money or bank account) before requesting a payout.`);
export const PAYOUT_DESTINATION_UNCLEAR_MESSAGE = contractMessage(msg`Name the mobile money network or the bank, then the number, such as MTN 024 123 4567.`);
export const PAYOUT_RECIPIENT_FAILED_MESSAGE = contractMessage(
  msg`Your payout account could not be registered with the payment provider. Check your payout details, or try again later. The money is back in your wallet.`,
);
export const TRANSFER_FAILED_MESSAGE = contractMessage(msg`The payment provider could not complete the transfer.`);
export const TRANSFER_REVERSED_MESSAGE = contractMessage(msg`The transfer was reversed by the receiving bank or network.`);

export function payoutTooLargeMessage(availableMinor: number, currency: string): string {
  return availableMinor <= 0
    ? 'You have nothing available to pay out yet. Earnings become available when orders complete.'
    : `You can pay out at most ${formatMoney(availableMinor, currency)}, your available balance.`;
}

/** Our reference of the payout's transfer (the provider's idempotency key): lower case, letters, digits and _. */
export function transferReference(payoutId: string): string {
  return `po_${payoutId.replaceAll('-', '')}`;
}

/** The payout id a transfer reference names, or null when it is not one of ours. */
export function payoutIdFromReference(reference: string): string | null {
  const match = /^po_([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})$/.exec(reference);
  return match ? match.slice(1).join('-') : null;
}

function onFileDetails(details: PayoutDetails | null): { method: 'mobile_money' | 'bank'; providerName: string; accountName: string; accountNumber: string } | null {
  if (!details?.method || !details.accountNumber) return null;
  return { method: details.method, providerName: details.providerName ?? '', accountName: details.accountName ?? '', accountNumber: details.accountNumber };
}

/** "MTN Mobile Money ****4567" from the approved application's payout details; null when none are on file. */
export async function findPayoutDestination(db: Db, userId: string): Promise<string | null> {
  const details = onFileDetails(await findApprovedPayoutDetails(db, userId));
  if (!details) return null;
  const institution = findPayoutInstitution(details.method, details.providerName);
  return describePayoutAccount({
    institutionName: institution?.name ?? details.providerName.trim(),
    accountNumber: normalizeAccountNumber(details.method, details.accountNumber),
  });
}

/**
 * A destination typed in the payout form (only when no details are on file): a network or bank
 * named in the text and the number in it ("MTN mobile money 024 000 0000"). The provider needs both;
 * the sandbox takes any text.
 */
function parseTypedDestination(app: FastifyInstance, text: string, accountName: string): PayoutAccount {
  const mobile = findPayoutInstitution('mobile_money', text);
  const institution = mobile ?? findPayoutInstitution('bank', text);
  const digits = text.replace(/[^0-9+]/g, '');
  if (institution && digits !== '') {
    return toPayoutAccount(app.paymentProvider, { method: institution.method, providerName: institution.code, accountName, accountNumber: digits }, { institution: 'destination', accountNumber: 'destination' });
  }
  if (app.paymentProvider.name === 'paystack') throw new InvalidError(PAYOUT_DESTINATION_UNCLEAR_MESSAGE, { destination: PAYOUT_DESTINATION_UNCLEAR_MESSAGE });
  return { method: 'bank', bankCode: 'OTHER', institutionName: text.trim(), accountNumber: digits || text.trim(), accountName };
}

/** Where this payout goes: the approved application's details, else the typed destination; 400 when neither. */
async function findPayoutAccount(app: FastifyInstance, userId: string, input: TPayoutInput): Promise<{ account: PayoutAccount; destination: string }> {
  const details = onFileDetails(await findApprovedPayoutDetails(app.db, userId));
  if (details) {
    const account = toPayoutAccount(app.paymentProvider, details, null);
    return { account, destination: describePayoutAccount(account) };
  }
  if (!input.destination) throw new InvalidError(PAYOUT_DESTINATION_MISSING_MESSAGE, { destination: PAYOUT_DESTINATION_MISSING_MESSAGE });
  const user = await findUserById(app.db, userId);
  const account = parseTypedDestination(app, input.destination, user?.username ?? '');
  return { account, destination: account.bankCode === 'OTHER' ? input.destination : describePayoutAccount(account) };
}

function toPayoutJson(row: PayoutRow, i18n: I18n | null): TPayout {
  return {
    id: row.id,
    status: row.status,
    amountMinor: row.amountMinor,
    currency: row.currency,
    destination: row.destination,
    providerReference: row.providerReference,
    failureReason: row.failureReason === null || i18n === null ? row.failureReason : translateContractMessage(i18n, row.failureReason),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Pays `amountMinor` of the seller's (or agent's) available balance out to their payout details,
 * once per Idempotency-Key.
 *
 * 1. One database transaction claims the payouts row (unique per user and key) and holds the money:
 *    user_available -> user_payout_pending (ledger kind payout, `payout-hold:<id>`). The available
 *    account is locked before its balance is read, so of two payouts of the same money the second
 *    waits, then finds too little (409) before anything reaches the provider; a twin with the same
 *    key waits, then answers this payout (200).
 * 2. Outside the transaction, the provider's transfer recipient (created once per account) and the
 *    transfer, under our own reference `po_<id>`: the provider makes one transfer per reference.
 * 3. What the provider said: settled at once (the sandbox), failed at once (the hold comes back:
 *    payout_return), or pending until `transfer.success` / `transfer.failed` / `transfer.reversed`
 *    (transfer-events.ts). A provider that cannot be reached leaves it pending: the transfer may have
 *    started, so only the provider's verify may decide it (sweepPendingTransfers).
 */
export async function createPayout(
  app: FastifyInstance,
  userId: string,
  input: TPayoutInput,
  idempotencyKey: string,
  i18n: I18n | null = null,
): Promise<{ payout: TPayoutResponse; created: boolean }> {
  const provider = app.paymentProvider;
  const currency = app.config.currency;
  const answer = async (row: PayoutRow, created: boolean) => ({ payout: { ...toPayoutJson(row, i18n), wallet: await getWallet(app, userId) }, created });

  const existing = await findPayoutByKey(app.db, userId, idempotencyKey);
  if (existing) {
    if (existing.amountMinor !== input.amountMinor) throw new ConflictError(PAYOUT_KEY_REUSED_MESSAGE);
    return answer(existing, false);
  }
  const { account, destination } = await findPayoutAccount(app, userId, input);

  const payoutId = createId();
  const claim = await app.db.transaction(async (tx) => {
    const availableAccountId = await ensureLedgerAccount(tx, { ownerUserId: userId, kind: 'user_available' }, currency);
    await lockLedgerAccount(tx, availableAccountId);

    const claimed = await insertPendingPayout(tx, {
      id: payoutId,
      userId,
      amountMinor: input.amountMinor,
      currency,
      destination,
      provider: provider.name,
      idempotencyKey,
      providerReference: transferReference(payoutId),
    });
    if (!claimed) {
      const twin = await findPayoutByKey(tx, userId, idempotencyKey);
      if (!twin) throw new Error('payout key conflict without a row');
      if (twin.amountMinor !== input.amountMinor) throw new ConflictError(PAYOUT_KEY_REUSED_MESSAGE);
      return { row: twin, created: false };
    }

    const { availableMinor } = await getWalletBalances(tx, userId);
    if (input.amountMinor > availableMinor) throw new ConflictError(payoutTooLargeMessage(availableMinor, currency));
    await postLedgerTransaction(tx, {
      kind: 'payout',
      idempotencyKey: `payout-hold:${claimed.id}`,
      memo: `Payout to ${destination}`,
      currency,
      postings: [
        { account: { ownerUserId: userId, kind: 'user_available' }, amountMinor: -input.amountMinor },
        { account: { ownerUserId: userId, kind: 'user_payout_pending' }, amountMinor: input.amountMinor },
      ],
    });
    return { row: claimed, created: true };
  });
  if (!claim.created) return answer(claim.row, false);
  return answer(await sendPayout(app, claim.row, account), true);
}

/** Step 2 of createPayout: the recipient, then the transfer; what the provider said at once is applied. */
async function sendPayout(app: FastifyInstance, row: PayoutRow, account: PayoutAccount): Promise<PayoutRow> {
  const provider = app.paymentProvider;
  let recipientCode: string;
  try {
    recipientCode = (await ensurePayoutRecipient(app, row.userId, account)).recipientCode;
  } catch (error) {
    // No recipient, so no transfer can exist: the money goes straight back.
    app.log.error({ err: error, payoutId: row.id, provider: provider.name }, 'payout recipient could not be created');
    return (await decidePayout(app, row.id, { status: 'failed', transferCode: null, failureReason: PAYOUT_RECIPIENT_FAILED_MESSAGE })).row;
  }
  await updatePayout(app.db, row.id, { recipientCode });
  return (await startPayoutTransfer(app, { ...row, recipientCode })).row;
}

/** Asks the provider for the transfer (again, after a lost request: the reference makes it one transfer). */
async function startPayoutTransfer(app: FastifyInstance, row: PayoutRow & { recipientCode: string }, notifyOwner = false): Promise<PayoutDecision> {
  const provider = app.paymentProvider;
  const reference = row.providerReference ?? transferReference(row.id);
  let result: TransferResult;
  try {
    result = await provider.startTransfer({
      reference,
      amountMinor: row.amountMinor,
      currency: row.currency,
      recipientCode: row.recipientCode,
      reason: translatorFor('en')._(msg`${{ appName: app.config.appName }} payout`),
    });
  } catch (error) {
    app.log.error({ err: error, payoutId: row.id, provider: provider.name }, 'transfer request failed; the payout stays pending until verified');
    return { row: (await findPayoutById(app.db, row.id)) ?? row, applied: false };
  }
  return decidePayout(app, row.id, result, { notifyOwner });
}

export interface PayoutDecision {
  row: PayoutRow;
  /** This call moved the money (settled or returned); false when another call had decided it, or nothing is decided yet. */
  applied: boolean;
}

/**
 * Applies what the provider said about the payout's transfer, once. In one transaction the payout
 * row is locked, then:
 * - pending + succeeded: settle, user_payout_pending -> user_paid_out (`payout-settle:<id>`);
 * - pending + failed or reversed: return, user_payout_pending -> user_available (payout_return,
 *   `payout-return:<id>`), with the reason;
 * - succeeded + reversed (Paystack can reverse a transfer it reported sent): return it from
 *   user_paid_out -> user_available under the same `payout-return:<id>`, so money comes back once;
 * - anything else (still pending, already decided): nothing.
 * `notifyOwner` tells the seller or agent (after the commit); the payout request's own answer does not.
 */
export async function decidePayout(
  app: FastifyInstance,
  payoutId: string,
  result: Pick<TransferResult, 'status' | 'transferCode' | 'failureReason'>,
  options: { notifyOwner?: boolean; now?: Date } = {},
): Promise<PayoutDecision> {
  let events: PendingEvents | null = null;
  const decision = await app.db.transaction(async (tx): Promise<PayoutDecision> => {
    const row = await lockPayout(tx, payoutId);
    if (!row) throw new Error(`payout ${payoutId} not found`);
    const transferCode = result.transferCode ?? row.transferCode;
    const decidedAt = options.now ?? new Date();
    const pending = new PendingEvents(tx, app.config, decidedAt);
    events = pending;
    // Applied: the payout's owner hears of it in this transaction's outbox (mail), after the commit.
    const decided = async (updated: PayoutRow): Promise<PayoutDecision> => {
      await pending.inTransaction('payout.decided', { payout: updated });
      return { row: updated, applied: true };
    };
    const owner = row.userId;
    const move = (kind: 'payout' | 'payout_return', key: string, from: 'user_payout_pending' | 'user_paid_out', to: 'user_paid_out' | 'user_available', memo: string) =>
      postLedgerTransaction(tx, {
        kind,
        idempotencyKey: `${key}:${row.id}`,
        memo,
        currency: row.currency,
        postings: [
          { account: { ownerUserId: owner, kind: from }, amountMinor: -row.amountMinor },
          { account: { ownerUserId: owner, kind: to }, amountMinor: row.amountMinor },
        ],
      });

    if (row.status === 'pending' && result.status === 'succeeded') {
      await move('payout', 'payout-settle', 'user_payout_pending', 'user_paid_out', `Payout sent to ${row.destination}`);
      return decided(await updatePayout(tx, row.id, { status: 'succeeded', transferCode, decidedAt }));
    }
    if (row.status === 'pending' && (result.status === 'failed' || result.status === 'reversed')) {
      const failureReason = result.failureReason?.trim() || (result.status === 'failed' ? TRANSFER_FAILED_MESSAGE : TRANSFER_REVERSED_MESSAGE);
      await move('payout_return', 'payout-return', 'user_payout_pending', 'user_available', `Payout returned: ${row.destination}`);
      return decided(await updatePayout(tx, row.id, { status: result.status, failureReason, transferCode, decidedAt }));
    }
    if (row.status === 'succeeded' && result.status === 'reversed') {
      const failureReason = result.failureReason?.trim() || TRANSFER_REVERSED_MESSAGE;
      await move('payout_return', 'payout-return', 'user_paid_out', 'user_available', `Payout returned: ${row.destination}`);
      return decided(await updatePayout(tx, row.id, { status: 'reversed', failureReason, decidedAt }));
    }
    if (row.status === 'pending' && transferCode !== row.transferCode) return { row: await updatePayout(tx, row.id, { transferCode }), applied: false };
    return { row, applied: false };
  });
  if (events) await (events as PendingEvents).publish(app);
  if (decision.applied) paymentsTotal.inc({ kind: 'payout', outcome: decision.row.status });
  if (decision.applied && options.notifyOwner) await notifyPayoutDecided(app, decision.row);
  return decision;
}

/** "Your payout of GH₵120.00 was sent" / "... was returned to your wallet: <reason>", in the owner's language. */
async function notifyPayoutDecided(app: FastifyInstance, row: PayoutRow): Promise<void> {
  const amount = formatMoney(row.amountMinor, row.currency);
  const reason = row.failureReason ?? '';
  try {
    await notify(app, row.userId, {
      // Each outcome its own type, so the list, the toast and the push read "Payout Sent" / "Payout Failed" / "Payout Returned".
      type: row.status === 'succeeded' ? 'payout_sent' : row.status === 'reversed' ? 'payout_returned' : 'payout_failed',
      source: 'marketplace',
      message:
        row.status === 'succeeded'
          ? msg`Your payout of ${{ amount }} was sent`
          : (i18n: I18n) => i18n._(msg`Your payout of ${{ amount }} was returned to your wallet: ${{ reason: translateContractMessage(i18n, reason) }}`),
      content_type: 'payout',
      related_entity_id: row.id,
      idempotencyKey: `payout-${row.status}:${row.id}`,
    });
  } catch (error) {
    // The money moved; a notification that fails is logged, never turned into a failed decision.
    app.log.error({ err: error, payoutId: row.id }, 'payout notification failed');
  }
}

/** Used by the sweep: a pending payout's transfer that never reached the provider is asked for again. */
export async function resendPayoutTransfer(app: FastifyInstance, row: PayoutRow): Promise<PayoutDecision> {
  if (row.recipientCode === null) {
    // The crash came before the recipient was stored, so no transfer was ever asked for.
    return decidePayout(app, row.id, { status: 'failed', transferCode: null, failureReason: PAYOUT_RECIPIENT_FAILED_MESSAGE }, { notifyOwner: true });
  }
  return startPayoutTransfer(app, { ...row, recipientCode: row.recipientCode }, true);
}

const CURSOR = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function getPayouts(db: Db, userId: string, query: { cursor?: string | undefined; limit: number }, i18n: I18n | null = null): Promise<TPayoutListResponse> {
  const cursor = query.cursor?.toLowerCase() ?? null;
  if (cursor !== null && !CURSOR.test(cursor)) throw new InvalidError(msg`The cursor is not valid. Start again from the first page.`, { cursor: msg`Not a valid cursor` });
  const rows = await listPayouts(db, userId, query.limit + 1, cursor);
  const page = rows.slice(0, query.limit);
  return { items: page.map((row) => toPayoutJson(row, i18n)), nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null };
}
