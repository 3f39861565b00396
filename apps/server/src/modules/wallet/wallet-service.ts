import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import { contractMessage, translateContractMessage } from '@pulse/contract/messages-i18n';
import type { FastifyInstance } from 'fastify';
import {
  PAYMENT_CANCELLED_PARAM,
  type TPaymentMethod,
  type TPaymentNextAction,
  type TTopUpInput,
  type TTopUpResponse,
  type TWalletHistoryResponse,
  type TWalletPaymentState,
  type TWalletResponse,
} from '@pulse/contract/wallet';
import type { Db } from '../../db/client';
import { createId } from '../../db/new-id';
import type { TopUpRow } from '../../db/schema/ledger';
import type { PaymentIntentRow } from '../../db/schema/payments';
import { ConflictError, InvalidError, NotFoundError } from '../../errors/domain-errors';
import { translatorFor } from '../../i18n/translator';
import { findIntentById } from '../payments/intents-repository';
import { cancelIntent, claimReturnVerify, createIntent, decideIntentSafely, paymentReferenceOf, startIntent, submitIntentOtp } from '../payments/intents-service';
import { describeNextAction } from '../payments/payment-reasons';
import { getWalletBalances } from './ledger-service';
import { describeWalletEntries } from './wallet-entry-describers';
import { findOwnTopUp, findTopUpByKey, findUserEmail, insertPendingTopUp, listPaymentStates, listWalletHistory, type PaymentStateRow } from './wallet-repository';

export { PROVIDER_UNAVAILABLE_MESSAGE } from '../payments/payment-reasons';

export const IDEMPOTENCY_KEY_REQUIRED_MESSAGE = contractMessage(msg`Idempotency-Key header is required`);
export const IDEMPOTENCY_KEY_INVALID_MESSAGE = contractMessage(msg`Idempotency-Key must be 1 to 200 visible ASCII characters`);
export const TOP_UP_KEY_REUSED_MESSAGE = contractMessage(msg`This Idempotency-Key was already used for a different top-up.`);
export const TOP_UP_NOT_FOUND_MESSAGE = contractMessage(msg`Top-up not found`);
export const MOBILE_MONEY_REQUIRED_MESSAGE = contractMessage(msg`Enter the mobile money number and network`);
export const CARD_ON_PAGE_MESSAGE = contractMessage(msg`Cards are paid on the payment page: choose the payment page or mobile money`);
export const NOT_WAITING_FOR_CODE_MESSAGE = contractMessage(msg`This payment is not waiting for a code.`);

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/** The required Idempotency-Key header, or a 400 that says what is wrong. */
export function requireIdempotencyKey(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') throw new InvalidError(IDEMPOTENCY_KEY_REQUIRED_MESSAGE);
  if (!IDEMPOTENCY_KEY.test(value)) throw new InvalidError(IDEMPOTENCY_KEY_INVALID_MESSAGE);
  return value;
}

/** The user's balances, with the provider that takes their payments (the web offers its methods). */
export async function getWallet(app: FastifyInstance, userId: string): Promise<TWalletResponse> {
  const { availableMinor, escrowMinor, paidOutMinor } = await getWalletBalances(app.db, userId);
  return { currency: app.config.currency, availableMinor, escrowMinor, paidOutMinor, paymentProvider: app.paymentProvider.name === 'paystack' ? 'paystack' : 'sandbox' };
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
    // The modules that own a ledger kind word its lines: a tip from this side ("Tip to @author" /
    // "Tip from @tipper"), a referral earning with its order and person (wallet-entry-describers.ts).
    items: (await describeWalletEntries(db, page)).map((row) => ({
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

/** The method a top-up uses when the person did not choose: the sandbox's typed card, else the provider's page. */
export function defaultTopUpMethod(providerName: string): TPaymentMethod {
  return providerName === 'sandbox' ? 'card' : 'hosted';
}

function nextActionOf(value: string | null): TPaymentNextAction | null {
  return value === 'redirect' || value === 'send_otp' || value === 'pay_offline' ? value : null;
}

function toTopUpResponse(row: TopUpRow, intent: PaymentIntentRow | null, wallet: TWalletResponse, i18n: I18n): TTopUpResponse {
  const pending = row.status === 'pending' && intent !== null && (intent.status === 'created' || intent.status === 'pending');
  const displayText = pending ? describeNextAction(intent.nextAction, intent.displayText) : null;
  return {
    id: row.id,
    status: row.status,
    amountMinor: row.amountMinor,
    failureReason: row.failureReason === null ? null : translateContractMessage(i18n, row.failureReason),
    nextAction: pending ? nextActionOf(intent.nextAction) : null,
    authorizationUrl: pending ? intent.authorizationUrl : null,
    displayText: displayText === null ? null : translateContractMessage(i18n, displayText),
    reference: intent?.reference ?? row.providerReference,
    wallet,
  };
}

async function topUpResponse(app: FastifyInstance, row: TopUpRow, i18n: I18n): Promise<TTopUpResponse> {
  const intent = row.intentId ? await findIntentById(app.db, row.intentId) : null;
  return toTopUpResponse(row, intent, await getWallet(app, row.userId), i18n);
}

function validateMethod(providerName: string, input: TTopUpInput): TPaymentMethod {
  const method = input.method ?? defaultTopUpMethod(providerName);
  if (method === 'mobile_money' && !input.mobileMoney) throw new InvalidError(MOBILE_MONEY_REQUIRED_MESSAGE, { mobileMoney: MOBILE_MONEY_REQUIRED_MESSAGE });
  if (method === 'card' && providerName !== 'sandbox') throw new InvalidError(CARD_ON_PAGE_MESSAGE, { method: CARD_ON_PAGE_MESSAGE });
  return method;
}

/**
 * Starts a top-up through the payment provider, once per Idempotency-Key (issue 24).
 *
 * The top_ups row (unique per user and key) and its payment intent are inserted in one
 * transaction, so a concurrent request with the same key waits on the row and then answers this
 * top-up; a retry answers it too (201 the first time, 200 after). The same key with another amount
 * is refused (409). Then the provider is asked to start the payment (outside the transaction): the
 * answer is pending with the page to open (hosted) or what to do on the phone (mobile money), or
 * decided at once by a verify when the provider decided at once (the sandbox), so the wallet moves
 * in this same request. A declined payment is not an HTTP error: the top-up is failed with the
 * reason in the reader's words and nothing is credited; a new attempt needs a new key.
 */
export async function createTopUp(
  app: FastifyInstance,
  userId: string,
  input: TTopUpInput,
  idempotencyKey: string,
  i18n: I18n = translatorFor('en'),
): Promise<{ topUp: TTopUpResponse; created: boolean }> {
  const provider = app.paymentProvider;
  const method = validateMethod(provider.name, input);
  const claim = await app.db.transaction(async (tx) => {
    const intentId = createId();
    const claimed = await insertPendingTopUp(tx, {
      userId: userId,
      amountMinor: input.amountMinor,
      provider: provider.name,
      idempotencyKey,
      intentId,
      providerReference: paymentReferenceOf(intentId),
    });
    if (!claimed) {
      const existing = await findTopUpByKey(tx, userId, idempotencyKey);
      if (!existing) throw new Error('top-up key conflict without a row');
      if (existing.amountMinor !== input.amountMinor) throw new ConflictError(TOP_UP_KEY_REUSED_MESSAGE);
      return { row: existing, intent: null };
    }
    const intent = await createIntent(tx, provider.name, {
      id: intentId,
      userId: userId,
      purpose: 'top_up',
      amountMinor: input.amountMinor,
      currency: app.config.currency,
      method,
    });
    return { row: claimed, intent };
  });
  if (!claim.intent) return { topUp: await topUpResponse(app, claim.row, i18n), created: false };

  await startIntent(app, claim.intent, {
    email: await findUserEmail(app.db, userId),
    callbackUrl: `${app.config.publicUrl}/wallet?topUp=${claim.row.id}`,
    cancelUrl: `${app.config.publicUrl}/wallet?topUp=${claim.row.id}&${PAYMENT_CANCELLED_PARAM}=1`,
    mobileMoney: input.mobileMoney,
    cardNumber: input.cardNumber,
  });
  const row = (await findOwnTopUp(app.db, userId, claim.row.id)) ?? claim.row;
  return { topUp: await topUpResponse(app, row, i18n), created: true };
}

/**
 * The caller's top-up (404 for anyone else's). While it is pending the provider is asked (at most
 * once per few seconds per payment, so a page polling every 2 s is fine): a return from the hosted
 * page lands here, and only this verify decides it, never the return's own query parameters.
 */
export async function getTopUp(app: FastifyInstance, userId: string, topUpId: string, i18n: I18n): Promise<TTopUpResponse> {
  let row = await findOwnTopUp(app.db, userId, topUpId);
  if (!row) throw new NotFoundError(TOP_UP_NOT_FOUND_MESSAGE);
  if (row.status === 'pending' && row.intentId) {
    const intent = await findIntentById(app.db, row.intentId);
    if (intent && (intent.status === 'created' || intent.status === 'pending') && claimReturnVerify(intent.id)) {
      await decideIntentSafely(app, intent.reference, 'return');
      row = (await findOwnTopUp(app.db, userId, topUpId)) ?? row;
    }
  }
  return topUpResponse(app, row, i18n);
}

/** The SMS code of a mobile money top-up that asked for one (nextAction send_otp). */
export async function submitTopUpOtp(app: FastifyInstance, userId: string, topUpId: string, otp: string, i18n: I18n): Promise<TTopUpResponse> {
  const row = await findOwnTopUp(app.db, userId, topUpId);
  if (!row) throw new NotFoundError(TOP_UP_NOT_FOUND_MESSAGE);
  const intent = row.intentId ? await findIntentById(app.db, row.intentId) : null;
  if (row.status !== 'pending' || !intent || intent.status !== 'pending' || intent.nextAction !== 'send_otp') throw new ConflictError(NOT_WAITING_FOR_CODE_MESSAGE);
  await submitIntentOtp(app, intent, otp);
  return topUpResponse(app, (await findOwnTopUp(app.db, userId, topUpId)) ?? row, i18n);
}

/**
 * POST /api/wallet/top-ups/{id}/cancel: the person cancelled on the provider's page (404 for anyone
 * else's top-up). The provider is asked first: a payment it calls succeeded is credited as usual;
 * otherwise the top-up is abandoned now ("You cancelled the payment") and the wallet shows it at
 * once. A decided top-up is answered as it is, so a second cancel changes nothing.
 */
export async function cancelTopUp(app: FastifyInstance, userId: string, topUpId: string, i18n: I18n): Promise<TTopUpResponse> {
  const row = await findOwnTopUp(app.db, userId, topUpId);
  if (!row) throw new NotFoundError(TOP_UP_NOT_FOUND_MESSAGE);
  const intent = row.status === 'pending' && row.intentId ? await findIntentById(app.db, row.intentId) : null;
  if (intent) await cancelIntent(app, intent);
  return topUpResponse(app, (await findOwnTopUp(app.db, userId, topUpId)) ?? row, i18n);
}
