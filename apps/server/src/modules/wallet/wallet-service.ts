import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from '@pulse/contract/messages-i18n';
import type { FastifyInstance } from 'fastify';
import type { TTopUpInput, TTopUpResponse, TWalletHistoryResponse, TWalletPaymentState, TWalletResponse } from '@pulse/contract/wallet';
import type { Db } from '../../db/client';
import type { TopUpRow } from '../../db/schema/ledger';
import { ConflictError, InvalidError } from '../../errors/domain-errors';
import { describeTipEntries } from '../hub/hub-tips-wallet-memo';
import { describeReferralEntries } from '../referrals/referral-earnings-service';
import { getWalletBalances, postLedgerTransaction } from './ledger-service';
import type { PaymentResult } from './payment-provider';
import { findTopUpByKey, insertPendingTopUp, listPaymentStates, listWalletHistory, settleTopUp, type PaymentStateRow } from './wallet-repository';

export const IDEMPOTENCY_KEY_REQUIRED_MESSAGE = contractMessage(msg`Idempotency-Key header is required`);
export const IDEMPOTENCY_KEY_INVALID_MESSAGE = contractMessage(msg`Idempotency-Key must be 1 to 200 visible ASCII characters`);
export const TOP_UP_KEY_REUSED_MESSAGE = contractMessage(msg`This Idempotency-Key was already used for a different top-up.`);
export const PROVIDER_UNAVAILABLE_MESSAGE = contractMessage(msg`The payment could not be processed right now. Try again later.`);

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/** The required Idempotency-Key header, or a 400 that says what is wrong. */
export function requireIdempotencyKey(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') throw new InvalidError(IDEMPOTENCY_KEY_REQUIRED_MESSAGE);
  if (!IDEMPOTENCY_KEY.test(value)) throw new InvalidError(IDEMPOTENCY_KEY_INVALID_MESSAGE);
  return value;
}

export async function getWallet(db: Db, userId: string, currency: string): Promise<TWalletResponse> {
  const { availableMinor, escrowMinor, paidOutMinor } = await getWalletBalances(db, userId);
  return { currency, availableMinor, escrowMinor, paidOutMinor };
}

const CURSOR = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function getWalletHistory(db: Db, userId: string, query: { cursor?: string | undefined; limit: number }): Promise<TWalletHistoryResponse> {
  const cursor = query.cursor?.toLowerCase() ?? null;
  if (cursor !== null && !CURSOR.test(cursor)) throw new InvalidError(msg`The cursor is not valid. Start again from the first page.`, { cursor: msg`Not a valid cursor` });
  const rows = await listWalletHistory(db, userId, query.limit + 1, cursor);
  const page = rows.slice(0, query.limit);
  const paymentOrders = page.filter((row) => row.kind === 'order_payment' && row.orderId !== null).map((row) => row.orderId as string);
  const states = new Map((await listPaymentStates(db, userId, paymentOrders)).map((state) => [state.orderId, state]));
  return {
    // A tip is worded from this side ("Tip to @author" / "Tip from @tipper"); a referral earning names its order and person.
    items: (await describeReferralEntries(db, await describeTipEntries(db, page))).map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      payment: row.kind === 'order_payment' && row.orderId ? paymentStateOf(states.get(row.orderId)) : null,
    })),
    nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/**
 * An order payment's one line (decision 037): held while any of it is in escrow, then paid to the
 * farm (part of it may have come back: final weights, a partial refund), or refunded in full.
 */
function paymentStateOf(state: PaymentStateRow | undefined): TWalletPaymentState | null {
  if (!state) return null;
  const status = state.heldMinor > 0 ? 'held' : state.paidMinor > 0 ? 'paid' : 'refunded';
  return {
    status,
    heldMinor: Math.max(0, state.heldMinor),
    paidMinor: Math.max(0, state.paidMinor),
    refundedMinor: Math.max(0, state.refundedMinor),
    settledAt: state.settledAt?.toISOString() ?? null,
  };
}

function toTopUpResponse(row: TopUpRow, wallet: TWalletResponse): TTopUpResponse {
  return { id: row.id, status: row.status, amountMinor: row.amountMinor, failureReason: row.failureReason, nextAction: null, authorizationUrl: null, displayText: null, reference: row.providerReference, wallet };
}

/**
 * Charges the card through the provider and credits the wallet, once per Idempotency-Key.
 *
 * One database transaction: the top_ups row (unique per user and key) is inserted first, so a
 * concurrent request with the same key waits on it and then returns this top-up; a retry returns
 * it too (201 the first time, 200 after). A declined card is not an HTTP error: the top-up is
 * stored as `failed` with the provider's reason and nothing is credited; a new attempt needs a
 * new key. The same key with another amount is refused (409).
 */
export async function createTopUp(
  app: FastifyInstance,
  userId: string,
  input: TTopUpInput,
  idempotencyKey: string,
): Promise<{ topUp: TTopUpResponse; created: boolean }> {
  const provider = app.paymentProvider;
  const currency = app.config.currency;
  const { row, created } = await app.db.transaction(async (tx) => {
    const claimed = await insertPendingTopUp(tx, { userId, amountMinor: input.amountMinor, provider: provider.name, idempotencyKey });
    if (!claimed) {
      const existing = await findTopUpByKey(tx, userId, idempotencyKey);
      if (!existing) throw new Error('top-up key conflict without a row');
      if (existing.amountMinor !== input.amountMinor) throw new ConflictError(TOP_UP_KEY_REUSED_MESSAGE);
      return { row: existing, created: false };
    }

    let result: PaymentResult;
    try {
      result = await provider.charge({
        userId,
        amountMinor: input.amountMinor,
        currency,
        cardNumber: input.cardNumber,
        idempotencyKey: `top-up:${userId}:${idempotencyKey}`,
      });
    } catch (error) {
      app.log.error({ err: error, provider: provider.name }, 'payment provider charge failed');
      result = { status: 'failed', reference: '', failureReason: PROVIDER_UNAVAILABLE_MESSAGE };
    }

    if (result.status === 'succeeded') {
      await postLedgerTransaction(tx, {
        kind: 'top_up',
        idempotencyKey: `top-up:${claimed.id}`,
        memo: 'Wallet top-up',
        currency,
        postings: [
          { account: { ownerUserId: null, kind: 'provider_clearing' }, amountMinor: -input.amountMinor },
          { account: { ownerUserId: userId, kind: 'user_available' }, amountMinor: input.amountMinor },
        ],
      });
    }
    const settled = await settleTopUp(tx, claimed.id, {
      status: result.status,
      providerReference: result.reference || null,
      failureReason: result.status === 'failed' ? (result.failureReason ?? 'The payment was not accepted.') : null,
    });
    return { row: settled, created: true };
  });
  return { topUp: toTopUpResponse(row, await getWallet(app.db, userId, currency)), created };
}
