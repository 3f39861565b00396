import { buildPushPayload } from '@pulse/contract/push';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TListNotificationsResponse } from '@pulse/contract/notifications';
import { sellerApplications } from '../../../db/schema/seller-applications';
import { bearer } from '../../../testing/auth-helpers';
import { createSeller, fundWallet, nextKey, type TestUser } from '../../orders/testing/order-fixtures';
import type { PaymentProvider, RecipientRequest, TransferRequest, TransferResult } from '../../payments/payment-provider-types';
import { createSandboxProvider } from '../../payments/sandbox-provider';

/** Test data and helpers for payouts: sellers with money and payout details, a provider that counts what it is asked. */

export interface CountingProvider extends PaymentProvider {
  readonly calls: { createRecipient: RecipientRequest[]; startTransfer: TransferRequest[]; verifyTransfer: string[] };
}

/**
 * Wraps a real provider (the sandbox by default) and records every recipient, transfer and verify
 * it is asked for; `overrides` replaces what some calls answer (a transfer the provider keeps
 * pending, a network error), as a provider would behave.
 */
export function countingProvider(overrides: Partial<PaymentProvider> = {}, base: PaymentProvider = createSandboxProvider()): CountingProvider {
  const calls: CountingProvider['calls'] = { createRecipient: [], startTransfer: [], verifyTransfer: [] };
  const provider = { ...base, ...overrides };
  return {
    ...provider,
    name: provider.name,
    calls,
    async createRecipient(request) {
      calls.createRecipient.push(request);
      return provider.createRecipient(request);
    },
    async startTransfer(request) {
      calls.startTransfer.push(request);
      return provider.startTransfer(request);
    },
    async verifyTransfer(reference) {
      calls.verifyTransfer.push(reference);
      return provider.verifyTransfer(reference);
    },
  };
}

/**
 * A provider that accepts transfers and keeps them pending until the test says how each ended
 * (`decide`), then answers verifies with that: Paystack's behaviour without its webhooks.
 */
export function pendingTransfersProvider(): CountingProvider & { decide(reference: string, result: Pick<TransferResult, 'status' | 'failureReason'>): void } {
  const outcomes = new Map<string, TransferResult>();
  const provider = countingProvider({
    async startTransfer(request) {
      const current = outcomes.get(request.reference) ?? { status: 'pending', transferCode: `TRF_${request.reference.slice(-8)}`, failureReason: null };
      outcomes.set(request.reference, current);
      return { ...current };
    },
    async verifyTransfer(reference) {
      return { ...(outcomes.get(reference) ?? { status: 'unknown', transferCode: null, failureReason: null }) };
    },
  });
  return {
    ...provider,
    decide(reference, result) {
      const current = outcomes.get(reference);
      outcomes.set(reference, { transferCode: current?.transferCode ?? null, ...result });
    },
  };
}

export function requestPayout(app: FastifyInstance, user: TestUser, body: Record<string, unknown>, key: string | null = nextKey('payout')) {
  return app.inject({
    method: 'POST',
    url: '/api/wallet/payouts',
    headers: { ...bearer(user.token), ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: body,
  });
}

export interface TestPayoutDetails {
  method: 'mobile_money' | 'bank';
  providerName: string;
  accountName: string;
  accountNumber: string;
}

export const MTN_DETAILS: TestPayoutDetails = { method: 'mobile_money', providerName: 'MTN MoMo', accountName: 'Ama Mensah', accountNumber: '024 123 4567' };

/** An approved seller with `availableMinor` earned and, unless null, these payout details on the application. */
export async function sellerWith(app: FastifyInstance, availableMinor: number, details: TestPayoutDetails | null = MTN_DETAILS): Promise<TestUser> {
  const seller = await createSeller(app, 'Payout Farm');
  if (availableMinor > 0) await fundWallet(app, seller.id, availableMinor);
  if (details) {
    await app.db
      .update(sellerApplications)
      .set({ payoutMethod: details.method, payoutProviderName: details.providerName, payoutAccountName: details.accountName, payoutAccountNumber: details.accountNumber })
      .where(eq(sellerApplications.userId, seller.id));
  }
  return seller;
}

/** The user's notification texts, newest first. */
/**
 * The payout notifications as the list shows them, with the title the toast and the push read
 * (spec §4: a notification's title comes from its type) and where a click leads.
 */
export async function payoutNotifications(app: FastifyInstance, user: TestUser): Promise<{ type: string; title: string; url: string; message: string }[]> {
  const response = await app.inject({ method: 'GET', url: '/api/notifications?limit=50', headers: bearer(user.token) });
  return (response.json() as TListNotificationsResponse).items
    .filter((item) => item.content_type === 'payout')
    .map((item) => {
      const push = buildPushPayload(item);
      return { type: item.type, title: push.title, url: push.url, message: item.message };
    });
}

export async function notificationTexts(app: FastifyInstance, user: TestUser): Promise<string[]> {
  const response = await app.inject({ method: 'GET', url: '/api/notifications?limit=50', headers: bearer(user.token) });
  return (response.json() as TListNotificationsResponse).items.map((item) => item.message);
}
