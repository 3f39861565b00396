import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from '@pulse/contract/messages-i18n';
import type { FastifyInstance } from 'fastify';
import type { TPayout, TPayoutInput, TPayoutListResponse, TPayoutResponse } from '@pulse/contract/wallet';
import { formatMoney } from '@pulse/contract/money';
import type { Db } from '../../db/client';
import type { PayoutRow } from '../../db/schema/ledger';
import { ConflictError, InvalidError } from '../../errors/domain-errors';
import { ensureLedgerAccount, getWalletBalances, postLedgerTransaction } from './ledger-service';
import { payoutThroughTransfer, type PaymentResult } from './legacy-payout-adapter';
import {
  findApprovedPayoutDetails,
  findPayoutByKey,
  insertPendingPayout,
  listPayouts,
  lockLedgerAccount,
  settlePayout,
  type PayoutDetails,
} from './payouts-repository';
import { getWallet, PROVIDER_UNAVAILABLE_MESSAGE } from './wallet-service';

export const PAYOUT_KEY_REUSED_MESSAGE = contractMessage(msg`This Idempotency-Key was already used for a different payout.`);
export const PAYOUT_DESTINATION_MISSING_MESSAGE = contractMessage(msg`Add your payout details (mobile money or bank account) before requesting a payout.`);
export const PAYOUT_FAILED_MESSAGE = contractMessage(msg`The payout was not accepted by the payment provider.`);

export function payoutTooLargeMessage(availableMinor: number, currency: string): string {
  return availableMinor <= 0
    ? 'You have nothing available to pay out yet. Earnings become available when orders complete.'
    : `You can pay out at most ${formatMoney(availableMinor, currency)}, your available balance.`;
}

/** "Mobile money · MTN · Ama Mensah · 0240000000" from the application's payout details; null when incomplete. */
export function describePayoutDetails(details: PayoutDetails | null): string | null {
  if (!details?.method || !details.accountNumber) return null;
  const method = details.method === 'mobile_money' ? 'Mobile money' : 'Bank';
  return [method, details.providerName, details.accountName, details.accountNumber].filter((part) => part && part.trim() !== '').join(' · ');
}

/** Where the seller's payouts go: the approved application's details, else null. */
export async function findPayoutDestination(db: Db, userId: string): Promise<string | null> {
  return describePayoutDetails(await findApprovedPayoutDetails(db, userId));
}

function toPayoutJson(row: PayoutRow): TPayout {
  return {
    id: row.id,
    status: row.status,
    amountMinor: row.amountMinor,
    currency: row.currency,
    destination: row.destination,
    providerReference: row.providerReference,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Pays `amountMinor` of the seller's available balance out to their payout details, once per
 * Idempotency-Key.
 *
 * One database transaction: the payouts row (unique per user and key) is claimed first, so a
 * concurrent twin waits and then returns this payout. The seller's available account is locked
 * before the balance is read, so two payouts with different keys never both spend the same money
 * (the second waits, then sees the lower balance: 409). Only a payout the provider accepted moves
 * money (user_available -> user_paid_out, ledger kind payout); a failed one is stored as failed
 * with the provider's reason and moves nothing. The same key with another amount is refused (409).
 */
export async function createPayout(
  app: FastifyInstance,
  userId: string,
  input: TPayoutInput,
  idempotencyKey: string,
): Promise<{ payout: TPayoutResponse; created: boolean }> {
  const provider = app.paymentProvider;
  const currency = app.config.currency;
  const { row, created } = await app.db.transaction(async (tx) => {
    const existing = await findPayoutByKey(tx, userId, idempotencyKey);
    if (existing) {
      if (existing.amountMinor !== input.amountMinor) throw new ConflictError(PAYOUT_KEY_REUSED_MESSAGE);
      return { row: existing, created: false };
    }
    const destination = (await findPayoutDestination(tx, userId)) ?? input.destination ?? null;
    if (!destination) throw new InvalidError(PAYOUT_DESTINATION_MISSING_MESSAGE, { destination: PAYOUT_DESTINATION_MISSING_MESSAGE });

    const availableAccountId = await ensureLedgerAccount(tx, { ownerUserId: userId, kind: 'user_available' }, currency);
    await lockLedgerAccount(tx, availableAccountId);

    const claimed = await insertPendingPayout(tx, { userId, amountMinor: input.amountMinor, currency, destination, provider: provider.name, idempotencyKey });
    if (!claimed) {
      const twin = await findPayoutByKey(tx, userId, idempotencyKey);
      if (!twin) throw new Error('payout key conflict without a row');
      if (twin.amountMinor !== input.amountMinor) throw new ConflictError(PAYOUT_KEY_REUSED_MESSAGE);
      return { row: twin, created: false };
    }

    const { availableMinor } = await getWalletBalances(tx, userId);
    if (input.amountMinor > availableMinor) throw new ConflictError(payoutTooLargeMessage(availableMinor, currency));

    let result: PaymentResult;
    try {
      result = await payoutThroughTransfer(provider, { amountMinor: input.amountMinor, currency, destination, idempotencyKey: `payout:${claimed.id}` });
    } catch (error) {
      app.log.error({ err: error, provider: provider.name }, 'payment provider payout failed');
      result = { status: 'failed', reference: '', failureReason: PROVIDER_UNAVAILABLE_MESSAGE };
    }

    if (result.status === 'succeeded') {
      await postLedgerTransaction(tx, {
        kind: 'payout',
        idempotencyKey: `payout:${claimed.id}`,
        memo: `Payout to ${destination}`,
        currency,
        postings: [
          { account: { ownerUserId: userId, kind: 'user_available' }, amountMinor: -input.amountMinor },
          { account: { ownerUserId: userId, kind: 'user_paid_out' }, amountMinor: input.amountMinor },
        ],
      });
    }
    const settled = await settlePayout(tx, claimed.id, {
      status: result.status,
      providerReference: result.reference || null,
      failureReason: result.status === 'failed' ? (result.failureReason ?? PAYOUT_FAILED_MESSAGE) : null,
    });
    return { row: settled, created: true };
  });
  return { payout: { ...toPayoutJson(row), wallet: await getWallet(app.db, userId, currency) }, created };
}

const CURSOR = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function getPayouts(db: Db, userId: string, query: { cursor?: string | undefined; limit: number }): Promise<TPayoutListResponse> {
  const cursor = query.cursor?.toLowerCase() ?? null;
  if (cursor !== null && !CURSOR.test(cursor)) throw new InvalidError(msg`The cursor is not valid. Start again from the first page.`, { cursor: msg`Not a valid cursor` });
  const rows = await listPayouts(db, userId, query.limit + 1, cursor);
  const page = rows.slice(0, query.limit);
  return { items: page.map(toPayoutJson), nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null };
}
