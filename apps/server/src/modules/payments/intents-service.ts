import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { paymentsTotal } from '../../lib/metrics';
import { createId } from '../../db/new-id';
import type { PaymentIntentRow } from '../../db/schema/payments';
import { INTENT_PURPOSES, type DecisionContext } from './intent-purposes';
import {
  findIntentByReference,
  insertPaymentIntent,
  lockIntent,
  markIntentStarted,
  updateIntent,
  type PaymentIntentChanges,
} from './intents-repository';
import type { MobileMoneyNetwork, PaymentMethod, StartPaymentResult, VerifiedPayment } from './payment-provider-types';
import { redactProviderPayload } from './redact-payload';
import { describeFailure, PAYMENT_CANCELLED_MESSAGE, PAYMENT_EXPIRED_MESSAGE, PAYMENT_MISMATCH_MESSAGE, PROVIDER_UNAVAILABLE_MESSAGE } from './payment-reasons';

/**
 * Payment intents (issue 24, decision 048): money a person is asked to pay through the provider.
 * Created, started with the provider (pending while the person approves), then decided once by
 * `decideIntent`, which trusts only the provider's verify: a webhook, a return from the hosted page
 * or the reconciliation sweep each only ask for a decision.
 */

/** Who asked for a decision (logged; the decision is the same whoever asks). */
export type DecisionSource = 'start' | 'otp' | 'return' | 'webhook' | 'sweep' | 'cancel';

/**
 * What a decision did: applied (credited), failed / abandoned (decided without money), mismatch
 * (the verify disagreed: nothing credited, an admin looks), duplicate (decided before: nothing
 * done), pending (the provider has not decided: nothing done), unknown_reference (no such intent).
 */
export type DecisionOutcome = 'applied' | 'failed' | 'abandoned' | 'mismatch' | 'duplicate' | 'pending' | 'unknown_reference';

export interface Decision {
  outcome: DecisionOutcome;
  intent: PaymentIntentRow | null;
}

/** Our own reference, sent to the provider: `pm-` and the intent's id without its dashes (Paystack allows only -, ., = and alphanumerics). */
export function paymentReferenceOf(intentId: string): string {
  return `pm-${intentId.replace(/-/g, '')}`;
}

export interface NewIntentInput {
  /** Known before the insert when another row names the intent in the same transaction (a top-up). */
  id?: string;
  userId: string;
  purpose: PaymentIntentRow['purpose'];
  amountMinor: number;
  currency: string;
  method: PaymentMethod;
  checkoutId?: string | null;
  expiresAt?: Date | null;
}

/** Inserts an intent (status created) in the caller's transaction; nothing is asked of the provider yet. */
export async function createIntent(db: Db, providerName: string, input: NewIntentInput): Promise<PaymentIntentRow> {
  const id = input.id ?? createId();
  return insertPaymentIntent(db, {
    id,
    userId: input.userId,
    purpose: input.purpose,
    amountMinor: input.amountMinor,
    currency: input.currency,
    provider: providerName,
    reference: paymentReferenceOf(id),
    method: input.method,
    checkoutId: input.checkoutId ?? null,
    expiresAt: input.expiresAt ?? null,
  });
}

export interface StartIntentInput {
  email: string;
  callbackUrl: string;
  /** Where the provider's page sends the person who cancels there (the same page, marked as a cancel). */
  cancelUrl?: string | undefined;
  mobileMoney?: { phone: string; network: MobileMoneyNetwork } | undefined;
  cardNumber?: string | undefined;
}

/**
 * Asks the provider to start the payment (after the intent's row is committed, so a crash here
 * leaves an intent the sweep verifies and, if the provider never heard of it, abandons). A start
 * that decides at once (the sandbox) or fails is then decided by a verify like any other.
 */
export async function startIntent(app: FastifyInstance, intent: PaymentIntentRow, input: StartIntentInput): Promise<PaymentIntentRow> {
  const provider = app.paymentProvider;
  let result: StartPaymentResult;
  try {
    result = await provider.startPayment({
      reference: intent.reference,
      intentId: intent.id,
      userId: intent.userId,
      email: input.email,
      amountMinor: intent.amountMinor,
      currency: intent.currency,
      method: intent.method as PaymentMethod,
      callbackUrl: input.callbackUrl,
      cancelUrl: input.cancelUrl,
      mobileMoney: input.mobileMoney,
      cardNumber: input.cardNumber,
    });
  } catch (error) {
    app.log.error({ err: error, provider: provider.name, reference: intent.reference }, 'payment provider could not start a payment');
    // Nothing was asked of the person yet; should money still arrive for this reference, a webhook's verify credits it (late success).
    return (await failWithoutVerify(app, intent.id, PROVIDER_UNAVAILABLE_MESSAGE)) ?? intent;
  }
  return applyStartResult(app, intent, result, 'start');
}

/** Continues a mobile money charge that asked for the SMS code. */
export async function submitIntentOtp(app: FastifyInstance, intent: PaymentIntentRow, otp: string): Promise<PaymentIntentRow> {
  const provider = app.paymentProvider;
  let result: StartPaymentResult;
  try {
    result = await provider.submitOtp(intent.reference, otp);
  } catch (error) {
    app.log.error({ err: error, provider: provider.name, reference: intent.reference }, 'payment provider could not take the one-time code');
    // The charge may still go through on the provider's side: the intent stays pending for a verify to decide.
    return intent;
  }
  return applyStartResult(app, intent, result, 'otp');
}

async function applyStartResult(app: FastifyInstance, intent: PaymentIntentRow, result: StartPaymentResult, source: DecisionSource): Promise<PaymentIntentRow> {
  const started = await markIntentStarted(app.db, intent.id, {
    nextAction: result.nextAction,
    displayText: result.displayText,
    authorizationUrl: result.authorizationUrl,
  });
  if (result.status === 'pending') return started ?? (await reread(app.db, intent));

  const decision = await decideIntentSafely(app, intent.reference, source);
  const decided = decision?.intent ?? (await reread(app.db, intent));
  if (result.status === 'failed' && (decided.status === 'created' || decided.status === 'pending')) {
    // The provider refused at once and its verify has no answer yet: refused is refused (a later success would still be credited).
    return (
      (await failWithoutVerify(
        app,
        intent.id,
        describeFailure({ status: 'failed', gatewayResponse: result.failureReason, mobileMoney: intent.method === 'mobile_money' }),
      )) ?? decided
    );
  }
  return decided;
}

async function reread(db: Db, intent: PaymentIntentRow): Promise<PaymentIntentRow> {
  return (await findIntentByReference(db, intent.reference)) ?? intent;
}

/** When each intent was last verified for a person polling its state (this process only; a second process verifies a little more). */
const lastReturnVerify = new Map<string, number>();
export const RETURN_VERIFY_INTERVAL_MS = 3_000;

/** True when the intent may be verified for a poll now (at most once per RETURN_VERIFY_INTERVAL_MS per intent). */
export function claimReturnVerify(intentId: string, nowMs: number = Date.now()): boolean {
  const last = lastReturnVerify.get(intentId);
  if (last !== undefined && nowMs - last < RETURN_VERIFY_INTERVAL_MS) return false;
  if (lastReturnVerify.size > 10_000) {
    for (const [id, at] of lastReturnVerify) if (nowMs - at >= RETURN_VERIFY_INTERVAL_MS) lastReturnVerify.delete(id);
  }
  lastReturnVerify.set(intentId, nowMs);
  return true;
}

/** A decision that must not fail the caller's request (start, OTP, return): a provider error leaves the intent as it is. */
export async function decideIntentSafely(app: FastifyInstance, reference: string, source: DecisionSource): Promise<Decision | null> {
  try {
    return await decideIntent(app, reference, source);
  } catch (error) {
    app.log.warn({ err: error, reference, source }, 'payment verify failed; the intent stays undecided');
    return null;
  }
}

/**
 * The person cancelled the payment (POST .../cancel, after Paystack's page sent them back through
 * cancel_action). The provider is asked first: a payment it calls succeeded is credited as usual, a
 * failed one gets its reason; anything else is abandoned now ("You cancelled the payment"), so the
 * wallet or the basket shows it at once instead of after the sweep. A decided intent is answered as
 * it is (a second cancel does nothing). When the verify cannot be made, nothing is decided: the
 * intent stays pending (money may have moved) and the caller answers it so; asking again retries.
 */
export async function cancelIntent(app: FastifyInstance, intent: PaymentIntentRow): Promise<PaymentIntentRow> {
  if (intent.status !== 'created' && intent.status !== 'pending') return intent;
  try {
    const decision = await decideIntent(app, intent.reference, 'cancel', { cancelledByPerson: true });
    return decision.intent ?? intent;
  } catch (error) {
    app.log.warn({ err: error, reference: intent.reference }, 'payment verify failed on cancel; the intent stays undecided');
    return intent;
  }
}

/** Marks an undecided intent failed without money (the provider never took the payment). */
async function failWithoutVerify(app: FastifyInstance, intentId: string, reason: string): Promise<PaymentIntentRow | null> {
  const { context, runAfterCommit } = decisionContext(app, new Date());
  let decided = false;
  const result = await app.db.transaction(async (tx) => {
    const locked = await lockIntent(tx, intentId);
    if (!locked || (locked.status !== 'created' && locked.status !== 'pending')) return locked;
    const failed = await updateIntent(tx, intentId, { status: 'failed', failureReason: reason, nextAction: null, decidedAt: context.now });
    await INTENT_PURPOSES[failed.purpose].notPaid(tx, failed, 'failed', reason, context);
    decided = true;
    return failed;
  });
  await runAfterCommit();
  if (decided && result) paymentsTotal.inc({ kind: result.purpose, outcome: 'failed' });
  return result;
}

/** The context a purpose gets inside a decision, and the after-commit tasks it queued (run once the transaction committed). */
function decisionContext(app: FastifyInstance, now: Date): { context: DecisionContext; runAfterCommit: () => Promise<void> } {
  const tasks: Array<() => Promise<void>> = [];
  return {
    context: { app, now, afterCommit: (task) => void tasks.push(task) },
    async runAfterCommit() {
      for (const task of tasks.splice(0)) {
        try {
          await task();
        } catch (error) {
          app.log.error({ err: error }, 'work after a payment decision failed');
        }
      }
    },
  };
}

export interface DecideOptions {
  /** The sweep's clock. */
  now?: Date;
  /** An intent created before this that the provider still calls pending (or does not know) is abandoned. */
  abandonPendingBefore?: Date;
  /**
   * The person cancelled (Paystack's page sent them back through cancel_action, or they gave up in
   * the app): an intent the provider does not call succeeded or failed is abandoned now, "You
   * cancelled the payment". A later success is still credited (abandoned is not final).
   */
  cancelledByPerson?: boolean;
}

function sameCurrency(a: string, b: string): boolean {
  return a.trim().toUpperCase() === b.trim().toUpperCase();
}

function mismatchOf(intent: PaymentIntentRow, verified: VerifiedPayment): string | null {
  const problems: string[] = [];
  if (verified.amountMinor !== intent.amountMinor) problems.push(`amount ${verified.amountMinor} verified, ${intent.amountMinor} expected`);
  if (!sameCurrency(verified.currency, intent.currency)) problems.push(`currency ${verified.currency} verified, ${intent.currency} expected`);
  return problems.length > 0 ? problems.join('; ') : null;
}

function verifiedFields(verified: VerifiedPayment): PaymentIntentChanges {
  return {
    verifiedAmountMinor: verified.amountMinor,
    verifiedCurrency: verified.currency,
    feesMinor: verified.feesMinor,
    verifyPayload: redactProviderPayload(verified.raw ?? null),
  };
}

/**
 * Decides an intent from the provider's verify, once. The verify runs first (no transaction held
 * during a network call), then one transaction locks the intent row and applies what the verify
 * said:
 * - succeeded with the intent's amount and currency: the purpose's credit (ledger keys
 *   `intent:<id>`, `intent-fee:<id>`), intent and top-up succeeded;
 * - succeeded with another amount or currency: nothing credited, the intent failed with `mismatch`
 *   set (an admin sees it);
 * - failed: the reason in our words, nothing credited;
 * - abandoned, pending or unknown: nothing yet (Paystack says "abandoned" of a payment the person
 *   has not finished, which may still succeed), unless `abandonPendingBefore` says it waited too
 *   long: then abandoned, nothing credited.
 * A succeeded or mismatched intent is final. A failed or abandoned one is re-decided only when a
 * verify says succeeded: money that arrives late (a person who finished the hosted page after the
 * sweep gave up) is credited, never lost.
 */
export async function decideIntent(app: FastifyInstance, reference: string, source: DecisionSource, options: DecideOptions = {}): Promise<Decision> {
  const known = await findIntentByReference(app.db, reference);
  if (!known) return { outcome: 'unknown_reference', intent: null };
  if (isFinal(known)) return { outcome: 'duplicate', intent: known };

  const verified = await app.paymentProvider.verifyPayment(reference);
  const now = options.now ?? new Date();
  const { context, runAfterCommit } = decisionContext(app, now);

  const decision = await app.db.transaction(async (tx): Promise<Decision> => {
    const intent = await lockIntent(tx, known.id);
    if (!intent) return { outcome: 'unknown_reference', intent: null };
    if (isFinal(intent)) return { outcome: 'duplicate', intent };
    const undecided = intent.status === 'created' || intent.status === 'pending';
    const purpose = INTENT_PURPOSES[intent.purpose];

    switch (verified.status) {
      case 'succeeded': {
        const mismatch = mismatchOf(intent, verified);
        if (mismatch) {
          const failed = await updateIntent(tx, intent.id, {
            ...verifiedFields(verified),
            status: 'failed',
            mismatch,
            failureReason: PAYMENT_MISMATCH_MESSAGE,
            nextAction: null,
            decidedAt: now,
          });
          await purpose.notPaid(tx, failed, 'failed', PAYMENT_MISMATCH_MESSAGE, context);
          return { outcome: 'mismatch', intent: failed };
        }
        const succeeded = await updateIntent(tx, intent.id, {
          ...verifiedFields(verified),
          status: 'succeeded',
          failureReason: null,
          nextAction: null,
          decidedAt: now,
        });
        await purpose.succeeded(tx, succeeded, { amountMinor: verified.amountMinor, feesMinor: verified.feesMinor }, context);
        return { outcome: 'applied', intent: succeeded };
      }
      case 'failed': {
        if (!undecided) return { outcome: 'duplicate', intent };
        const reason = describeFailure({ status: 'failed', gatewayResponse: verified.gatewayResponse, mobileMoney: isMobileMoney(intent, verified) });
        const failed = await updateIntent(tx, intent.id, { ...verifiedFields(verified), status: 'failed', failureReason: reason, nextAction: null, decidedAt: now });
        await purpose.notPaid(tx, failed, 'failed', reason, context);
        return { outcome: 'failed', intent: failed };
      }
      case 'abandoned':
      case 'pending':
      case 'unknown': {
        // Paystack calls a payment nobody finished yet "abandoned" too (not final): only time makes it so.
        if (!undecided) return { outcome: 'duplicate', intent };
        if (options.cancelledByPerson || (options.abandonPendingBefore && intent.createdAt < options.abandonPendingBefore)) {
          const reason = options.cancelledByPerson
            ? PAYMENT_CANCELLED_MESSAGE
            : verified.status === 'abandoned'
              ? describeFailure({ status: 'abandoned', gatewayResponse: verified.gatewayResponse, mobileMoney: isMobileMoney(intent, verified) })
              : PAYMENT_EXPIRED_MESSAGE;
          const abandoned = await updateIntent(tx, intent.id, {
            ...(verified.status === 'abandoned' ? verifiedFields(verified) : {}),
            status: 'abandoned',
            failureReason: reason,
            nextAction: null,
            decidedAt: now,
          });
          await purpose.notPaid(tx, abandoned, 'abandoned', reason, context);
          return { outcome: 'abandoned', intent: abandoned };
        }
        return { outcome: 'pending', intent };
      }
      default:
        return { outcome: 'pending', intent };
    }
  });
  await runAfterCommit();
  if (decision.outcome !== 'pending' && decision.outcome !== 'duplicate') {
    app.log.info({ reference, source, outcome: decision.outcome }, 'payment intent decided');
  }
  const counted = METRIC_OUTCOMES[decision.outcome];
  if (counted && decision.intent) paymentsTotal.inc({ kind: decision.intent.purpose, outcome: counted });
  return decision;
}

/** A decision as GET /metrics counts it (pulse_payments_total): a mismatch is a failed payment; nothing decided is not counted. */
const METRIC_OUTCOMES: Partial<Record<DecisionOutcome, 'succeeded' | 'failed' | 'abandoned'>> = {
  applied: 'succeeded',
  failed: 'failed',
  mismatch: 'failed',
  abandoned: 'abandoned',
};

function isFinal(intent: PaymentIntentRow): boolean {
  return intent.status === 'succeeded' || intent.mismatch !== null;
}

function isMobileMoney(intent: PaymentIntentRow, verified: VerifiedPayment): boolean {
  return intent.method === 'mobile_money' || verified.channel === 'mobile_money';
}
