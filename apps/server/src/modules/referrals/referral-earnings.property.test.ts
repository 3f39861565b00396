import fc from 'fast-check';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOrderAction } from '@pulse/contract/orders';
import { basketItems } from '../../db/schema/basket-items';
import { orders } from '../../db/schema/orders';
import { users } from '../../db/schema/users';
import { DomainError } from '../../errors/domain-errors';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { placeCheckout } from '../checkout/checkout-service';
import { getOrderDetails, performOrderAction, recordFinalWeights } from '../orders/orders-service';
import { createBuyer, createProduct, createSeller, createSlot, fundWallet, ledgerTotal, nextKey, putInBasket, type TestUser } from '../orders/testing/order-fixtures';
import { attributeFarm } from './referral-attribution-service';
import { createReferralAgent, findAttributionOf, signUpReferredBuyer } from './testing/referral-fixtures';

/**
 * Random sequences of orders of a referred buyer and at a referred farm (both referred by one agent),
 * with random prices, driven through the order services: pay, cancel, accept, final weights,
 * hand-over, completion, refund requests approved or refused. After every step the ledger sums to
 * zero and the agent's referral money in the ledger is exactly its available earnings; at the end it
 * equals, over the completed orders with a referred side, floor(commission * share / 10000) (the
 * commission on the produce part after final weights), once per order even when both sides are
 * referred, and nothing for cancelled or refunded orders.
 */

type Actor = TestUser & { roles: string[] };

let testApp: TestApp;
/** A buyer and a farm nobody referred, shared by every run. */
let plainBuyer: Actor;
let plainFarm: Actor;

beforeAll(async () => {
  testApp = await createTestApp({ ORDER_TIMERS: 'off' });
  plainBuyer = { ...(await createBuyer(testApp.app)), roles: ['buyer'] };
  plainFarm = { ...(await createSeller(testApp.app, 'Plain Farm')), roles: ['buyer', 'seller'] };
  await fundWallet(testApp.app, plainBuyer.id, 10_000_000);
});

afterAll(async () => {
  await testApp.close();
});

type Step =
  /** buyer 0: the referred buyer, 1: the plain one; farm 0: the referred farm, 1: the plain one. */
  | { kind: 'checkout'; buyer: number; farm: number; quantity: number; payNow: boolean }
  /** One of the actions the parties may take now: mostly the next step forward, sometimes another (cancel, refund request...). */
  | { kind: 'act'; order: number; pick: number }
  | { kind: 'weigh'; order: number; tenths: number };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('checkout' as const), buyer: fc.nat(1), farm: fc.nat(1), quantity: fc.integer({ min: 1, max: 4 }), payNow: fc.boolean() }) },
  { weight: 7, arbitrary: fc.record({ kind: fc.constant('act' as const), order: fc.nat(3), pick: fc.nat(9) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('weigh' as const), order: fc.nat(3), tenths: fc.integer({ min: 1, max: 40 }) }) },
);

/** The happy path's order; other allowed actions (cancel, request_refund) come after. */
const FORWARD: TOrderAction[] = ['pay', 'accept', 'mark_ready', 'hand_over', 'confirm_receipt', 'approve_refund', 'reject_refund'];
const OPEN_PAID = ['paid', 'accepted', 'ready', 'in_transit', 'delivered', 'refund_requested', 'refund_disputed', 'refund_rejected'];

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await testApp.app.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** What reached the agent's available balance through referral_earning movements. */
async function referralLedgerOf(agentUserId: string): Promise<number> {
  const [row] = await rows<{ total: string | number }>(sql`
    select coalesce(sum(p.amount_minor), 0) as total from ledger_postings p
    join ledger_transactions t on t.id = p.transaction_id join ledger_accounts a on a.id = p.account_id
    where t.kind = 'referral_earning' and a.owner_user_id = ${agentUserId} and a.kind = 'user_available'`);
  return Number(row?.total ?? 0);
}

async function checkInvariants(agentUserId: string): Promise<void> {
  expect(await ledgerTotal(testApp.app)).toBe(0);
  const [available] = await rows<{ total: string | number }>(
    sql`select coalesce(sum(amount_minor), 0) as total from referral_earnings where agent_user_id = ${agentUserId} and status = 'available'`,
  );
  expect(await referralLedgerOf(agentUserId)).toBe(Number(available?.total ?? 0));
  // pending while the order is paid and open; available once completed; reversed once cancelled or refunded.
  const mismatched = await rows<{ id: string; status: string; order_status: string }>(sql`
    select e.id, e.status, o.status as order_status from referral_earnings e join orders o on o.id = e.order_id
    where e.agent_user_id = ${agentUserId} and not (
      (e.status = 'pending' and o.status::text in (${sql.join(OPEN_PAID.map((status) => sql`${status}`), sql`, `)}))
      or (e.status = 'available' and o.status = 'completed')
      or (e.status = 'reversed' and o.status in ('cancelled', 'refunded')))`);
  expect(mismatched).toEqual([]);
}

describe('referral earnings, property', () => {
  it('keeps the ledger balanced and pays the agent its share of the commission on completed orders only', async () => {
    const { app } = testApp;
    const { commissionBps, referrals } = testApp.config;
    const statusesSeen = new Set<string>();
    let earningRuns = 0;

    await fc.assert(
      fc.asyncProperty(
        fc.record({ prices: fc.tuple(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 1, max: 5_000 })), steps: fc.array(stepArbitrary, { minLength: 6, maxLength: 18 }) }),
        async ({ prices, steps }) => {
          // A new agent, referred buyer and referred farm each run: attributions are once per person.
          const agent = await createReferralAgent(app);
          const signed = await signUpReferredBuyer(app, agent.code);
          const referredBuyer: Actor = { id: signed.user.id, token: signed.token, username: signed.user.username, roles: ['buyer'] };
          const referredFarm: Actor = { ...(await createSeller(app, 'Referred Farm')), roles: ['buyer', 'seller'] };
          const [farmRow] = await app.db.select().from(users).where(eq(users.id, referredFarm.id));
          if (!farmRow || !(await attributeFarm(app.db, testApp.config, farmRow, agent.code, { accountNumber: '0209990000' }))) throw new Error('farm not attributed');
          if (!(await findAttributionOf(app, referredBuyer.id, 'buyer'))) throw new Error('buyer not attributed');
          await fundWallet(app, referredBuyer.id, 1_000_000);
          const startsAt = new Date(Date.now() + 30 * 24 * 3600_000);
          const slot = { method: 'pickup' as const, startsAt, endsAt: new Date(startsAt.getTime() + 3600_000), cutoffAt: new Date(startsAt.getTime() - 3600_000) };
          const farms = [
            { user: referredFarm, productId: await createProduct(app, referredFarm.id, { unit: 'kg', priceMinor: prices[0], stockQuantity: 500 }), slotId: await createSlot(app, referredFarm.id, slot) },
            { user: plainFarm, productId: await createProduct(app, plainFarm.id, { unit: 'kg', priceMinor: prices[1], stockQuantity: 500 }), slotId: await createSlot(app, plainFarm.id, slot) },
          ];
          const buyers = [referredBuyer, plainBuyer];
          const placed: Array<{ id: string; buyer: Actor; farm: Actor }> = [];
          const target = (index: number) => placed[placed.length - 1 - (index % Math.max(1, placed.length))];

          for (const step of steps) {
            try {
              if (step.kind === 'checkout') {
                const buyer = buyers[step.buyer] ?? referredBuyer;
                const farm = farms[step.farm] ?? farms[0];
                if (!farm) continue;
                await app.db.delete(basketItems).where(eq(basketItems.userId, buyer.id));
                await putInBasket(app, buyer.id, farm.productId, step.quantity);
                const { response } = await placeCheckout(app, buyer, nextKey('referral-property'), {
                  addressId: null,
                  payNow: step.payNow,
                  sellers: [{ sellerUserId: farm.user.id, fulfilment: 'pickup', slotId: farm.slotId }],
                });
                for (const order of response.orders) placed.push({ id: order.id, buyer, farm: farm.user });
              } else if (step.kind === 'act') {
                const order = target(step.order);
                if (!order) continue;
                const forBuyer = (await getOrderDetails(app.db, order.buyer, order.id)).allowedActions;
                const forFarm = (await getOrderDetails(app.db, order.farm, order.id)).allowedActions;
                const allowed = [...new Set([...forBuyer, ...forFarm])].filter((action) => action !== 'contest_refund');
                if (allowed.length === 0) continue;
                const rank = (action: TOrderAction) => (FORWARD.includes(action) ? FORWARD.indexOf(action) : FORWARD.length);
                allowed.sort((a, b) => rank(a) - rank(b));
                const action = (step.pick < 6 ? allowed[0] : allowed[step.pick % allowed.length]) ?? 'pay';
                const actor = forBuyer.includes(action) ? order.buyer : order.farm;
                const code = action === 'hand_over' ? ((await getOrderDetails(app.db, order.buyer, order.id)).confirmationCode ?? undefined) : undefined;
                await performOrderAction(app, actor, order.id, { action, reason: 'Because the test says so', confirmationCode: code });
              } else {
                const order = target(step.order);
                if (!order) continue;
                const item = (await getOrderDetails(app.db, order.farm, order.id)).items[0];
                if (!item) continue;
                await recordFinalWeights(app, order.farm, order.id, { items: [{ itemId: item.id, finalQuantity: Math.min(item.quantity, step.tenths / 10) }] });
              }
            } catch (error) {
              // Refusals (wrong status, weighed twice...) are expected; anything else is a bug.
              if (!(error instanceof DomainError)) throw error;
            }
            await checkInvariants(agent.id);
          }

          // The agent's money: the share of the commission on each completed order with a referred side.
          const finals =
            placed.length === 0 ? [] : await app.db.select().from(orders).where(inArray(orders.id, placed.map((order) => order.id)));
          let expected = 0;
          for (const order of finals) {
            statusesSeen.add(order.status);
            const referred = order.buyerUserId === referredBuyer.id || order.sellerUserId === referredFarm.id;
            if (!referred || order.status !== 'completed') continue;
            const commission = Math.floor((Math.max(0, order.subtotalMinor - order.refundedMinor) * commissionBps) / 10_000);
            expected += Math.floor((commission * referrals.shareBps) / 10_000);
          }
          const earned = await referralLedgerOf(agent.id);
          expect(earned).toBe(expected);
          if (earned > 0) earningRuns += 1;
          // Nothing for cancelled or refunded orders, and at most one movement per order.
          const [perOrder] = await rows<{ ended: number; twice: number }>(sql`
            select count(*) filter (where o.status in ('cancelled', 'refunded'))::int as ended,
                   (select count(*)::int from (select t2.order_id from ledger_transactions t2 join ledger_postings p2 on p2.transaction_id = t2.id
                      join ledger_accounts a2 on a2.id = p2.account_id
                      where t2.kind = 'referral_earning' and a2.owner_user_id = ${agent.id} group by t2.order_id having count(*) > 1) dup) as twice
            from ledger_transactions t join ledger_postings p on p.transaction_id = t.id join ledger_accounts a on a.id = p.account_id
            join orders o on o.id = t.order_id
            where t.kind = 'referral_earning' and a.owner_user_id = ${agent.id}`);
          expect(perOrder).toEqual({ ended: 0, twice: 0 });
        },
      ),
      {
        numRuns: 12,
        // Always explored first: the referred buyer at the referred farm (one earning), weighed and completed;
        // the plain buyer at the referred farm completed; a paid order of the referred buyer cancelled.
        examples: [
          [
            {
              prices: [2_499, 1_333],
              steps: [
                { kind: 'checkout', buyer: 0, farm: 0, quantity: 3, payNow: true },
                { kind: 'act', order: 0, pick: 0 },
                { kind: 'weigh', order: 0, tenths: 17 },
                ...Array.from({ length: 3 }, (): Step => ({ kind: 'act', order: 0, pick: 0 })),
                { kind: 'checkout', buyer: 1, farm: 0, quantity: 2, payNow: true },
                ...Array.from({ length: 4 }, (): Step => ({ kind: 'act', order: 0, pick: 0 })),
                { kind: 'checkout', buyer: 0, farm: 1, quantity: 4, payNow: true },
                { kind: 'act', order: 0, pick: 9 },
              ],
            },
          ],
        ],
      },
    );

    // The runs did real work: orders completed, others were cancelled, and the agent earned.
    expect([...statusesSeen].sort().join(','), 'statuses reached').toMatch(/cancelled.*completed/);
    expect(earningRuns).toBeGreaterThan(0);
  }, 120_000);
});
