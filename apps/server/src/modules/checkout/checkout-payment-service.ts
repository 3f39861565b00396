import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import { contractMessage, translateContractMessage } from '@pulse/contract/messages-i18n';
import type { FastifyInstance } from 'fastify';
import type { TCheckoutPayment, TCheckoutPaymentResponse, TCheckoutPayWith, TCheckoutResponse } from '@pulse/contract/orders';
import { PAYMENT_CANCELLED_PARAM, ZPaymentNextAction, type TPaymentMethod } from '@pulse/contract/wallet';
import type { Db } from '../../db/client';
import type { PaymentIntentRow } from '../../db/schema/payments';
import { ConflictError, InvalidError, NotFoundError } from '../../errors/domain-errors';
import { findOrderSummariesByIds, listCheckoutOrderIds } from '../orders/orders-repository';
import { findPickupPoints, toOrderSummaryJson } from '../orders/orders-service';
import { cancelIntent, claimReturnVerify, decideIntentSafely, startIntent, submitIntentOtp } from '../payments/intents-service';
import { describeNextAction } from '../payments/payment-reasons';
import { findUserEmail } from '../wallet/wallet-repository';
import { CARD_ON_PAGE_MESSAGE, MOBILE_MONEY_REQUIRED_MESSAGE, NOT_WAITING_FOR_CODE_MESSAGE } from '../wallet/wallet-service';
import { findCheckoutIntent, findOwnCheckout } from './checkout-payments-repository';

/**
 * Pay at checkout through the payment provider (issue 24), the checkout's side: the method is
 * checked before anything is created, the intent is started after the checkout committed, and the
 * buyer asks for its state (each ask while pending verifies with the provider, at most every 3 s).
 * What a decided payment does to the orders is payments/checkout-payments.ts.
 */

export const CHECKOUT_PAYMENT_NOT_FOUND_MESSAGE = contractMessage(msg`This checkout has no payment.`);

/** The method a payWith asks for, or a 400 naming the field (the same rules as a top-up). */
export function checkPayWith(providerName: string, payWith: TCheckoutPayWith): TPaymentMethod {
  if (payWith.method === 'mobile_money' && !payWith.mobileMoney) {
    throw new InvalidError(MOBILE_MONEY_REQUIRED_MESSAGE, { 'payWith.mobileMoney': MOBILE_MONEY_REQUIRED_MESSAGE });
  }
  if (payWith.method === 'card' && providerName !== 'sandbox') throw new InvalidError(CARD_ON_PAGE_MESSAGE, { 'payWith.method': CARD_ON_PAGE_MESSAGE });
  return payWith.method;
}

/** Where the provider's page sends the buyer back: the basket, which confirms the payment. */
export function checkoutCallbackUrl(publicUrl: string, checkoutId: string): string {
  return `${publicUrl}/basket?payment=${checkoutId}`;
}

/** Where the provider's page sends the buyer who cancels there: the basket, marked so it gives the payment up. */
export function checkoutCancelUrl(publicUrl: string, checkoutId: string): string {
  return `${checkoutCallbackUrl(publicUrl, checkoutId)}&${PAYMENT_CANCELLED_PARAM}=1`;
}

/**
 * Asks the provider to start the payment, after the checkout's transaction committed (never a
 * network call inside it). The sandbox decides at once, so the orders are paid (or cancelled) when
 * this returns; Paystack answers pending with its page or the phone's prompt.
 */
export async function startCheckoutPayment(app: FastifyInstance, intent: PaymentIntentRow, payWith: TCheckoutPayWith): Promise<PaymentIntentRow> {
  if (!intent.checkoutId) throw new Error('checkout payment without a checkout');
  return startIntent(app, intent, {
    email: await findUserEmail(app.db, intent.userId),
    callbackUrl: checkoutCallbackUrl(app.config.publicUrl, intent.checkoutId),
    cancelUrl: checkoutCancelUrl(app.config.publicUrl, intent.checkoutId),
    mobileMoney: payWith.method === 'mobile_money' ? payWith.mobileMoney : undefined,
    cardNumber: payWith.method === 'card' ? payWith.cardNumber : undefined,
  });
}

/** The intent as the buyer reads it: created counts as pending; the words in the reader's language. */
export function toCheckoutPayment(intent: PaymentIntentRow, i18n: I18n): TCheckoutPayment {
  const status = intent.status === 'created' ? 'pending' : intent.status;
  const pending = status === 'pending';
  const nextAction = ZPaymentNextAction.safeParse(intent.nextAction);
  const displayText = pending ? describeNextAction(intent.nextAction, intent.displayText) : null;
  return {
    intentId: intent.id,
    status,
    nextAction: pending && nextAction.success ? nextAction.data : null,
    authorizationUrl: pending ? intent.authorizationUrl : null,
    displayText: displayText === null ? null : translateContractMessage(i18n, displayText),
    failureReason: pending || intent.failureReason === null ? null : translateContractMessage(i18n, intent.failureReason),
    amountMinor: intent.amountMinor,
  };
}

/** The checkout's orders as they are now, each pickup order with its pickup point (the confirmation's). */
export async function loadCheckoutOrders(db: Db, checkoutId: string): Promise<TCheckoutResponse['orders']> {
  const orders = (await findOrderSummariesByIds(db, await listCheckoutOrderIds(db, checkoutId))).map(toOrderSummaryJson);
  const pickupPoints = await findPickupPoints(db, orders);
  return orders.map((order) => ({ ...order, pickupPoint: pickupPoints.get(order.id) ?? null }));
}

async function findOwnCheckoutIntent(db: Db, userId: string, checkoutId: string): Promise<PaymentIntentRow> {
  const checkout = await findOwnCheckout(db, userId, checkoutId.toLowerCase());
  const intent = checkout ? await findCheckoutIntent(db, checkout.id) : null;
  if (!intent) throw new NotFoundError(CHECKOUT_PAYMENT_NOT_FOUND_MESSAGE);
  return intent;
}

async function paymentResponse(app: FastifyInstance, intent: PaymentIntentRow, i18n: I18n): Promise<TCheckoutPaymentResponse> {
  const checkoutId = intent.checkoutId ?? '';
  return { checkoutId, orders: await loadCheckoutOrders(app.db, checkoutId), payment: toCheckoutPayment(intent, i18n) };
}

/**
 * GET /api/checkout/{checkoutId}/payment: the buyer's own checkout payment (404 for anyone else's).
 * While pending the provider is asked, at most once per few seconds per payment: a return from the
 * provider's page lands here, and only this verify decides it, never the address's parameters.
 */
export async function getCheckoutPayment(app: FastifyInstance, userId: string, checkoutId: string, i18n: I18n): Promise<TCheckoutPaymentResponse> {
  let intent = await findOwnCheckoutIntent(app.db, userId, checkoutId);
  if ((intent.status === 'created' || intent.status === 'pending') && claimReturnVerify(intent.id)) {
    intent = (await decideIntentSafely(app, intent.reference, 'return'))?.intent ?? intent;
  }
  return paymentResponse(app, intent, i18n);
}

/** POST /api/checkout/{checkoutId}/payment/otp: the SMS code of a mobile money payment that asked for one. */
export async function submitCheckoutPaymentOtp(app: FastifyInstance, userId: string, checkoutId: string, otp: string, i18n: I18n): Promise<TCheckoutPaymentResponse> {
  const intent = await findOwnCheckoutIntent(app.db, userId, checkoutId);
  if (intent.status !== 'pending' || intent.nextAction !== 'send_otp') throw new ConflictError(NOT_WAITING_FOR_CODE_MESSAGE);
  return paymentResponse(app, await submitIntentOtp(app, intent, otp), i18n);
}

/**
 * POST /api/checkout/{checkoutId}/payment/cancel: the buyer cancelled on the provider's page (404
 * for anyone else's checkout). The provider is asked first: a success pays the orders as usual;
 * otherwise the payment is abandoned now ("You cancelled the payment"), the orders still waiting
 * are cancelled and their lines go back into the basket. A decided payment is answered as it is.
 */
export async function cancelCheckoutPayment(app: FastifyInstance, userId: string, checkoutId: string, i18n: I18n): Promise<TCheckoutPaymentResponse> {
  const intent = await findOwnCheckoutIntent(app.db, userId, checkoutId);
  return paymentResponse(app, await cancelIntent(app, intent), i18n);
}
