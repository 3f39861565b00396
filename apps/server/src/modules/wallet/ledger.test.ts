import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { ledgerPostings } from '../../db/schema/ledger';
import { users } from '../../db/schema/users';
import { registerTestUser } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { getWalletBalances, InsufficientFundsError, postLedgerTransaction, type LedgerAccountRef } from './ledger-service';

let testApp: TestApp;
let db: Db;

beforeAll(async () => {
  testApp = await createTestApp();
  db = testApp.app.db;
});

afterAll(async () => {
  await testApp.close();
});

async function newUser(): Promise<string> {
  return (await registerTestUser(testApp.app)).user.id;
}

let directUsers = 0;
/** A user row without the password hashing of registration (the property test needs many). */
async function insertUser(): Promise<string> {
  directUsers += 1;
  const name = `ledger${Date.now().toString(36)}${directUsers}`;
  const [row] = await db.insert(users).values({ email: `${name}@example.com`, username: name }).returning({ id: users.id });
  if (!row) throw new Error('no user inserted');
  return row.id;
}

const clearing: LedgerAccountRef = { ownerUserId: null, kind: 'provider_clearing' };
const available = (userId: string): LedgerAccountRef => ({ ownerUserId: userId, kind: 'user_available' });
const escrow = (userId: string): LedgerAccountRef => ({ ownerUserId: userId, kind: 'user_escrow' });
const paidOut = (userId: string): LedgerAccountRef => ({ ownerUserId: userId, kind: 'user_paid_out' });

function topUp(userId: string, amountMinor: number, idempotencyKey?: string) {
  return postLedgerTransaction(db, {
    kind: 'top_up',
    idempotencyKey: idempotencyKey ?? null,
    postings: [
      { account: clearing, amountMinor: -amountMinor },
      { account: available(userId), amountMinor },
    ],
  });
}

function pay(buyerId: string, amountMinor: number, idempotencyKey?: string) {
  return postLedgerTransaction(db, {
    kind: 'order_payment',
    idempotencyKey: idempotencyKey ?? null,
    postings: [
      { account: available(buyerId), amountMinor: -amountMinor },
      { account: escrow(buyerId), amountMinor },
    ],
  });
}

async function totalOfAllPostings(): Promise<number> {
  const [row] = await db.select({ total: sql<string | number>`coalesce(sum(${ledgerPostings.amountMinor}), 0)` }).from(ledgerPostings);
  return Number(row?.total ?? 0);
}

async function postingCount(): Promise<number> {
  const [row] = await db.select({ value: sql<string | number>`count(*)` }).from(ledgerPostings);
  return Number(row?.value ?? 0);
}

describe('postLedgerTransaction', () => {
  it('moves money and derives balances from the postings', async () => {
    const buyer = await newUser();
    await topUp(buyer, 5000);
    await pay(buyer, 1200);
    expect(await getWalletBalances(db, buyer)).toEqual({ availableMinor: 3800, escrowMinor: 1200, paidOutMinor: 0, agentEscrowMinor: 0, payoutPendingMinor: 0 });
    expect(await totalOfAllPostings()).toBe(0);
  });

  it('a user with no ledger accounts has zero balances', async () => {
    expect(await getWalletBalances(db, await newUser())).toEqual({ availableMinor: 0, escrowMinor: 0, paidOutMinor: 0, agentEscrowMinor: 0, payoutPendingMinor: 0 });
  });

  it('refuses postings that do not sum to zero, zero amounts and single postings', async () => {
    const user = await newUser();
    await expect(
      postLedgerTransaction(db, { kind: 'top_up', postings: [{ account: clearing, amountMinor: -100 }, { account: available(user), amountMinor: 99 }] }),
    ).rejects.toThrow('sum to zero');
    await expect(
      postLedgerTransaction(db, { kind: 'top_up', postings: [{ account: clearing, amountMinor: 0 }, { account: available(user), amountMinor: 0 }] }),
    ).rejects.toThrow('non-zero');
    await expect(postLedgerTransaction(db, { kind: 'top_up', postings: [{ account: available(user), amountMinor: 100 }] })).rejects.toThrow(
      'at least two postings',
    );
    await expect(
      postLedgerTransaction(db, { kind: 'top_up', postings: [{ account: clearing, amountMinor: -0.5 }, { account: available(user), amountMinor: 0.5 }] }),
    ).rejects.toThrow('whole number');
    expect(await getWalletBalances(db, user)).toEqual({ availableMinor: 0, escrowMinor: 0, paidOutMinor: 0, agentEscrowMinor: 0, payoutPendingMinor: 0 });
  });

  it('refuses to overdraw a user account with the wallet message and posts nothing', async () => {
    const buyer = await newUser();
    await topUp(buyer, 1000);
    const before = await postingCount();
    const error = await pay(buyer, 1001).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InsufficientFundsError);
    expect((error as InsufficientFundsError).statusCode).toBe(409);
    expect((error as Error).message).toBe('Your wallet balance is too low for this payment. Top up your wallet and try again.');
    expect(await postingCount()).toBe(before);
    expect(await getWalletBalances(db, buyer)).toEqual({ availableMinor: 1000, escrowMinor: 0, paidOutMinor: 0, agentEscrowMinor: 0, payoutPendingMinor: 0 });
  });

  it('a refused posting inside the caller transaction leaves the rest of that transaction usable', async () => {
    const buyer = await newUser();
    await topUp(buyer, 500);
    await db.transaction(async (tx) => {
      await expect(
        postLedgerTransaction(tx, {
          kind: 'order_payment',
          postings: [
            { account: available(buyer), amountMinor: -600 },
            { account: escrow(buyer), amountMinor: 600 },
          ],
        }),
      ).rejects.toBeInstanceOf(InsufficientFundsError);
      await postLedgerTransaction(tx, {
        kind: 'order_payment',
        postings: [
          { account: available(buyer), amountMinor: -500 },
          { account: escrow(buyer), amountMinor: 500 },
        ],
      });
    });
    expect(await getWalletBalances(db, buyer)).toEqual({ availableMinor: 0, escrowMinor: 500, paidOutMinor: 0, agentEscrowMinor: 0, payoutPendingMinor: 0 });
  });

  it('nothing posted when the caller transaction rolls back', async () => {
    const buyer = await newUser();
    await db
      .transaction(async (tx) => {
        await postLedgerTransaction(tx, {
          kind: 'top_up',
          postings: [
            { account: clearing, amountMinor: -700 },
            { account: available(buyer), amountMinor: 700 },
          ],
        });
        throw new Error('checkout failed later');
      })
      .catch(() => undefined);
    expect(await getWalletBalances(db, buyer)).toEqual({ availableMinor: 0, escrowMinor: 0, paidOutMinor: 0, agentEscrowMinor: 0, payoutPendingMinor: 0 });
  });

  it('the same idempotency key returns the first transaction and posts nothing more', async () => {
    const user = await newUser();
    const key = `test-top-up:${user}`;
    const first = await topUp(user, 300, key);
    const second = await topUp(user, 300, key);
    expect(first.replayed).toBe(false);
    expect(second).toEqual({ transactionId: first.transactionId, replayed: true });
    expect((await getWalletBalances(db, user)).availableMinor).toBe(300);
  });

  it('ten simultaneous postings with one idempotency key credit once', async () => {
    const user = await newUser();
    const key = `test-concurrent:${user}`;
    const results = await Promise.all(Array.from({ length: 10 }, () => topUp(user, 250, key)));
    expect(new Set(results.map((result) => result.transactionId)).size).toBe(1);
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect((await getWalletBalances(db, user)).availableMinor).toBe(250);
  });

  it('two simultaneous spends of a balance that covers one: exactly one succeeds', async () => {
    const buyer = await newUser();
    await topUp(buyer, 1000);
    const outcomes = await Promise.allSettled([
      db.transaction(async (tx) => postLedgerTransaction(tx, { kind: 'order_payment', postings: [{ account: available(buyer), amountMinor: -800 }, { account: escrow(buyer), amountMinor: 800 }] })),
      db.transaction(async (tx) => postLedgerTransaction(tx, { kind: 'order_payment', postings: [{ account: available(buyer), amountMinor: -800 }, { account: escrow(buyer), amountMinor: 800 }] })),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const rejected = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(rejected?.status === 'rejected' ? rejected.reason : null).toBeInstanceOf(InsufficientFundsError);
    expect(await getWalletBalances(db, buyer)).toEqual({ availableMinor: 200, escrowMinor: 800, paidOutMinor: 0, agentEscrowMinor: 0, payoutPendingMinor: 0 });
  });

  it('many simultaneous spends never overdraw', async () => {
    const buyer = await newUser();
    await topUp(buyer, 1000);
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, () => pay(buyer, 300)));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    expect(await getWalletBalances(db, buyer)).toEqual({ availableMinor: 100, escrowMinor: 900, paidOutMinor: 0, agentEscrowMinor: 0, payoutPendingMinor: 0 });
  });
});

type Step =
  | { type: 'topUp'; user: number; amount: number }
  | { type: 'pay'; buyer: number; amount: number }
  | { type: 'release'; buyer: number; seller: number; amount: number; commission: number }
  | { type: 'refund'; buyer: number; amount: number }
  | { type: 'payout'; user: number; amount: number };

const amount = fc.integer({ min: 1, max: 5000 });
const userIndex = fc.integer({ min: 0, max: 2 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ type: fc.constant('topUp' as const), user: userIndex, amount }),
  fc.record({ type: fc.constant('pay' as const), buyer: userIndex, amount }),
  fc.record({ type: fc.constant('release' as const), buyer: userIndex, seller: userIndex, amount, commission: fc.integer({ min: 0, max: 30 }) }),
  fc.record({ type: fc.constant('refund' as const), buyer: userIndex, amount }),
  fc.record({ type: fc.constant('payout' as const), user: userIndex, amount }),
);

function postingsFor(stepValue: Step, userIds: string[]): Parameters<typeof postLedgerTransaction>[1] {
  const at = (index: number) => userIds[index] as string;
  switch (stepValue.type) {
    case 'topUp':
      return { kind: 'top_up', postings: [{ account: clearing, amountMinor: -stepValue.amount }, { account: available(at(stepValue.user)), amountMinor: stepValue.amount }] };
    case 'pay':
      return { kind: 'order_payment', postings: [{ account: available(at(stepValue.buyer)), amountMinor: -stepValue.amount }, { account: escrow(at(stepValue.buyer)), amountMinor: stepValue.amount }] };
    case 'release': {
      const commission = Math.min(stepValue.commission, stepValue.amount - 1);
      const postings: Parameters<typeof postLedgerTransaction>[1]['postings'] = [
        { account: escrow(at(stepValue.buyer)), amountMinor: -stepValue.amount },
        { account: available(at(stepValue.seller)), amountMinor: stepValue.amount - commission },
      ];
      if (commission > 0) postings.push({ account: { ownerUserId: null, kind: 'platform_commission' }, amountMinor: commission });
      return { kind: 'escrow_release', postings };
    }
    case 'refund':
      return { kind: 'refund', postings: [{ account: escrow(at(stepValue.buyer)), amountMinor: -stepValue.amount }, { account: available(at(stepValue.buyer)), amountMinor: stepValue.amount }] };
    case 'payout':
      return {
        kind: 'payout',
        postings: [
          { account: available(at(stepValue.user)), amountMinor: -stepValue.amount },
          { account: paidOut(at(stepValue.user)), amountMinor: stepValue.amount },
        ],
      };
  }
}

describe('ledger invariants (property)', () => {
  it('after any sequence of movements: postings sum to zero, no user account is negative, refused steps change nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const userIds = [await insertUser(), await insertUser(), await insertUser()];
        const model = userIds.map(() => ({ availableMinor: 0, escrowMinor: 0, paidOutMinor: 0, agentEscrowMinor: 0, payoutPendingMinor: 0 }));
        for (const stepValue of steps) {
          const input = postingsFor(stepValue, userIds);
          const before = await Promise.all(userIds.map((user) => getWalletBalances(db, user)));
          // What the model says should happen: apply the postings to a copy, refuse if a user goes negative.
          const next = model.map((balances) => ({ ...balances }));
          for (const posting of input.postings) {
            if (posting.account.ownerUserId === null) continue;
            const index = userIds.indexOf(posting.account.ownerUserId);
            const balances = next[index];
            if (!balances) continue;
            if (posting.account.kind === 'user_available') balances.availableMinor += posting.amountMinor;
            if (posting.account.kind === 'user_escrow') balances.escrowMinor += posting.amountMinor;
            if (posting.account.kind === 'user_paid_out') balances.paidOutMinor += posting.amountMinor;
          }
          const shouldRefuse = next.some((balances) => balances.availableMinor < 0 || balances.escrowMinor < 0 || balances.paidOutMinor < 0);
          const outcome = await postLedgerTransaction(db, input).then(
            () => 'posted' as const,
            (error: unknown) => {
              if (error instanceof InsufficientFundsError) return 'refused' as const;
              throw error;
            },
          );
          expect(outcome).toBe(shouldRefuse ? 'refused' : 'posted');
          const after = await Promise.all(userIds.map((user) => getWalletBalances(db, user)));
          if (shouldRefuse) {
            expect(after).toEqual(before);
          } else {
            next.forEach((balances, index) => (model[index] = balances));
            expect(after).toEqual(model);
          }
          for (const balances of after) {
            expect(balances.availableMinor).toBeGreaterThanOrEqual(0);
            expect(balances.escrowMinor).toBeGreaterThanOrEqual(0);
            expect(balances.paidOutMinor).toBeGreaterThanOrEqual(0);
          }
          expect(await totalOfAllPostings()).toBe(0);
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
