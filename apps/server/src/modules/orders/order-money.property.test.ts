import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOrderAction } from '@pulse/contract/orders';
import { orders } from '../../db/schema/orders';
import { sellerApplications } from '../../db/schema/seller-applications';
import { users, type UserRow } from '../../db/schema/users';
import { DomainError } from '../../errors/domain-errors';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { placeCheckout } from '../checkout/checkout-service';
import { createApprovedAgent } from '../agents/testing/agent-fixtures';
import { findTaskByOrderId } from '../delivery/delivery-repository';
import { claimTask, deliverTask, failTask, pickupTask, releaseTask, resolveFailedTask } from '../delivery/delivery-service';
import { getOrderDetails, performOrderAction, recordFinalWeights, sweepOrderTimers } from './orders-service';
import { createAddress, createBuyer, createProduct, createSeller, createSlot, FARM_LOCATION, fundWallet, makeAdmin, nextKey, putInBasket, type TestUser } from './testing/order-fixtures';

/**
 * Random sequences of checkouts, payments, cancellations, refunds, weighings, completions and timer
 * sweeps, through the services: after every step the ledger sums to zero, no user account is
 * negative, each buyer's escrow equals what their open paid orders hold (less the delivery fees a
 * Pulse Agent's delivery moved to the agent's escrow), each agent's escrow equals the fees of their
 * delivered orders not ended yet, and reservations equal the units of orders not yet handed over.
 * Delivery orders are carried by a Pulse Agent (claim, pickup, deliver, fail, release, re-open)
 * or by the farm itself.
 */

let testApp: TestApp;
let buyers: Array<TestUser & { roles: string[] }>;
let seller: TestUser & { roles: string[] };
let admin: TestUser & { roles: string[] };
let products: string[];
let slotId: string;
let deliverySlotId: string;
let agent: UserRow;
const addressIds: string[] = [];

beforeAll(async () => {
  testApp = await createTestApp({ ORDER_TIMERS: 'off' });
  const { app } = testApp;
  const sellerUser = await createSeller(app, 'Property Farm');
  seller = { ...sellerUser, roles: ['buyer', 'seller'] };
  buyers = [];
  admin = { ...(await createBuyer(app)), roles: ['buyer', 'admin'] };
  await makeAdmin(app, admin.id);
  for (let index = 0; index < 2; index += 1) buyers.push({ ...(await createBuyer(app)), roles: ['buyer'] });
  products = [
    await createProduct(app, seller.id, { title: 'Tomatoes', unit: 'kg', priceMinor: 333, stockQuantity: 200 }),
    await createProduct(app, seller.id, { title: 'Eggs', unit: 'dozen', priceMinor: 450, stockQuantity: 12 }),
  ];
  for (const buyer of buyers) await fundWallet(app, buyer.id, 5000);
  // Far ahead: the sweeps move the clock forward by up to ~2 years over all runs.
  const startsAt = new Date(Date.now() + 5 * 365 * 24 * 3600_000);
  slotId = await createSlot(app, seller.id, { method: 'pickup', startsAt, endsAt: new Date(startsAt.getTime() + 3600_000), cutoffAt: new Date(startsAt.getTime() - 3600_000) });
  deliverySlotId = await createSlot(app, seller.id, { method: 'delivery', startsAt, endsAt: new Date(startsAt.getTime() + 3600_000), cutoffAt: new Date(startsAt.getTime() - 3600_000) });
  await app.db.update(sellerApplications).set({ lat: FARM_LOCATION.lat, lng: FARM_LOCATION.lng }).where(eq(sellerApplications.userId, seller.id));
  for (const buyer of buyers) addressIds.push(await createAddress(app, buyer.id));
  const agentUser = await createApprovedAgent(app);
  const [agentRow] = await app.db.select().from(users).where(eq(users.id, agentUser.id));
  if (!agentRow) throw new Error('no agent');
  agent = agentRow;
});

afterAll(async () => {
  await testApp.close();
});

type Step =
  | { kind: 'top_up'; buyer: number; amount: number }
  | { kind: 'checkout'; buyer: number; product: number; quantity: number; payNow: boolean; delivery: boolean }
  /** The agent's next step on the order's delivery task (`pick` chooses deliver / fail / release where two are possible). */
  | { kind: 'agent'; order: number; pick: number }
  /** `pick` set: take one of the actions the party may take now (drives orders forward); else the raw action. */
  | { kind: 'action'; order: number; action: TOrderAction; by: 'buyer' | 'seller' | 'admin'; pick: number | null }
  | { kind: 'weigh'; order: number; tenths: number }
  | { kind: 'sweep'; hours: number };

const ACTIONS: TOrderAction[] = ['pay', 'cancel', 'accept', 'mark_ready', 'hand_over', 'mark_delivered', 'confirm_receipt', 'request_refund', 'approve_refund', 'reject_refund', 'contest_refund'];

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('top_up' as const), buyer: fc.nat(1), amount: fc.integer({ min: 100, max: 4000 }) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('checkout' as const),
      buyer: fc.nat(1),
      product: fc.nat(1),
      quantity: fc.integer({ min: 1, max: 4 }),
      payNow: fc.boolean(),
      delivery: fc.boolean(),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('agent' as const), order: fc.nat(2), pick: fc.nat(5) }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('action' as const), order: fc.nat(7), action: fc.constantFrom(...ACTIONS), by: fc.constantFrom('buyer' as const, 'seller' as const, 'admin' as const), pick: fc.constant(null) }),
  },
  {
    weight: 8,
    arbitrary: fc.record({ kind: fc.constant('action' as const), order: fc.nat(2), action: fc.constantFrom(...ACTIONS), by: fc.constantFrom('buyer' as const, 'seller' as const), pick: fc.nat(3) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('weigh' as const), order: fc.nat(7), tenths: fc.integer({ min: 0, max: 40 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('sweep' as const), hours: fc.constantFrom(0, 1, 100) }) },
);

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await testApp.app.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function checkInvariants(): Promise<void> {
  const [total] = await rows<{ total: string | number }>(sql`select coalesce(sum(amount_minor), 0) as total from ledger_postings`);
  expect(Number(total?.total)).toBe(0);
  const negative = await rows<{ id: string }>(
    sql`select a.id from ledger_accounts a join ledger_postings p on p.account_id = a.id where a.owner_user_id is not null group by a.id having sum(p.amount_minor) < 0`,
  );
  expect(negative).toEqual([]);
  // The delivery fee a Pulse Agent's delivery moved out of the buyer's escrow (0 for other orders).
  const escrowMismatch = await rows<{ buyer: string }>(sql`
    select o.buyer_user_id as buyer from orders o
    left join lateral (
      select coalesce(sum(p.amount_minor), 0) as held from ledger_postings p
      join ledger_transactions t on t.id = p.transaction_id join ledger_accounts a on a.id = p.account_id
      where t.order_id = o.id and a.kind = 'agent_escrow' and p.amount_minor > 0) fee on true
    where o.paid_at is not null and o.status not in ('completed', 'cancelled', 'refunded')
    group by o.buyer_user_id
    having sum(o.total_minor - o.refunded_minor - fee.held) <> coalesce((
      select sum(p.amount_minor) from ledger_postings p join ledger_accounts a on a.id = p.account_id
      where a.owner_user_id = o.buyer_user_id and a.kind = 'user_escrow'), 0)`);
  expect(escrowMismatch).toEqual([]);
  const agentEscrowMismatch = await rows<{ agent: string }>(sql`
    select a.owner_user_id as agent from ledger_accounts a where a.kind = 'agent_escrow'
      and (select coalesce(sum(p.amount_minor), 0) from ledger_postings p where p.account_id = a.id) <> (
        select coalesce(sum(p.amount_minor), 0) from ledger_postings p
        join ledger_transactions t on t.id = p.transaction_id join orders o on o.id = t.order_id
        where p.account_id = a.id and p.amount_minor > 0 and o.status not in ('completed', 'cancelled', 'refunded'))`);
  expect(agentEscrowMismatch).toEqual([]);
  const reservedMismatch = await rows<{ id: string }>(sql`
    select p.id from products p
    where p.reserved_quantity <> coalesce((
      select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
      where i.product_id = p.id and o.status in ('pending_payment', 'paid', 'accepted', 'ready')), 0)
      or p.reserved_quantity > p.stock_quantity`);
  expect(reservedMismatch).toEqual([]);
}

describe('orders and money, property', () => {
  it('keeps the ledger balanced, balances non-negative, escrow and reservations consistent', async () => {
    const { app } = testApp;
    const placed: Array<{ id: string; buyer: number }> = [];
    let clock = Date.now();

    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 10, maxLength: 30 }), async (steps) => {
        for (const step of steps) {
          try {
            if (step.kind === 'top_up') {
              await fundWallet(app, buyers[step.buyer]?.id ?? '', step.amount);
            } else if (step.kind === 'checkout') {
              const buyer = buyers[step.buyer];
              const productId = products[step.product];
              if (!buyer || !productId) continue;
              await putInBasket(app, buyer.id, productId, step.quantity);
              const { response } = await placeCheckout(
                app,
                buyer,
                nextKey('property'),
                step.delivery
                  ? { addressId: addressIds[step.buyer] ?? null, payNow: step.payNow, sellers: [{ sellerUserId: seller.id, fulfilment: 'delivery', slotId: deliverySlotId }] }
                  : { addressId: null, payNow: step.payNow, sellers: [{ sellerUserId: seller.id, fulfilment: 'pickup', slotId }] },
                new Date(clock),
              );
              for (const order of response.orders) placed.push({ id: order.id, buyer: step.buyer });
            } else if (step.kind === 'action') {
              const target = placed[placed.length - 1 - (step.order % Math.max(1, placed.length))];
              if (!target) continue;
              let actor = step.by === 'buyer' ? buyers[target.buyer] : step.by === 'admin' ? admin : seller;
              if (!actor) continue;
              let action = step.action;
              if (step.pick !== null) {
                // Move the order forward: the first step of the happy path (or of a dispute) someone may take.
                const preference: TOrderAction[] = [
                  'pay',
                  'accept',
                  'mark_ready',
                  'hand_over',
                  'mark_delivered',
                  step.pick % 3 === 0 ? 'request_refund' : 'confirm_receipt',
                  // The farm approves, refuses or contests; a contested one is the admin's to decide.
                  (['approve_refund', 'reject_refund', 'contest_refund'] as const)[step.pick % 3] ?? 'approve_refund',
                  step.pick % 2 === 0 ? 'approve_refund' : 'reject_refund',
                  'confirm_receipt',
                ];
                const buyer = buyers[target.buyer];
                if (!buyer) continue;
                const forBuyer = (await getOrderDetails(app.db, buyer, target.id)).allowedActions;
                const forSeller = (await getOrderDetails(app.db, seller, target.id)).allowedActions;
                const forAdmin = (await getOrderDetails(app.db, admin, target.id)).allowedActions;
                const next = preference.find((candidate) => forBuyer.includes(candidate) || forSeller.includes(candidate) || forAdmin.includes(candidate));
                if (next) {
                  action = next;
                  actor = forBuyer.includes(next) ? buyer : forSeller.includes(next) ? seller : admin;
                }
              }
              const code = action === 'hand_over' || action === 'mark_delivered' || step.action === 'mark_delivered' ? (await getOrderDetails(app.db, buyers[target.buyer] ?? seller, target.id)).confirmationCode ?? undefined : undefined;
              await performOrderAction(app, actor, target.id, { action, reason: 'Because the test says so', confirmationCode: code }, new Date(clock));
            } else if (step.kind === 'agent') {
              const target = placed[placed.length - 1 - (step.order % Math.max(1, placed.length))];
              const task = target ? await findTaskByOrderId(app.db, target.id) : null;
              if (!target || !task) continue;
              const now = new Date(clock);
              if (task.status === 'open') await claimTask(app, agent, task.id, now);
              else if (task.status === 'claimed') {
                if (step.pick === 0) await releaseTask(app, agent, task.id, 'Flat tyre', now);
                else await pickupTask(app, agent, task.id, task.pickupCode, now);
              } else if (task.status === 'in_transit') {
                if (step.pick === 1) await failTask(app, agent, task.id, { reason: 'refused' }, now);
                else {
                  const code = (await getOrderDetails(app.db, buyers[target.buyer] ?? seller, target.id)).confirmationCode ?? '';
                  await deliverTask(app, agent, task.id, { code: step.pick === 2 ? '000000' : code }, now);
                }
              } else if (task.status === 'failed') {
                await resolveFailedTask(app, { ...agent, id: seller.id, roles: seller.roles }, task.id, step.pick % 2 === 0 ? 'reopen' : 'return', now);
              }
            } else if (step.kind === 'weigh') {
              const target = placed[placed.length - 1 - (step.order % Math.max(1, placed.length))];
              if (!target) continue;
              const details = await getOrderDetails(app.db, seller, target.id);
              const item = details.items[0];
              if (!item) continue;
              await recordFinalWeights(app, seller, target.id, { items: [{ itemId: item.id, finalQuantity: Math.min(item.quantity, step.tenths / 10) }] });
            } else {
              clock += step.hours * 3600_000;
              await sweepOrderTimers(app, new Date(clock));
            }
          } catch (error) {
            // Refusals (wrong status, short wallet, sold out...) are expected; anything else is a bug.
            if (!(error instanceof DomainError)) throw error;
          }
          await checkInvariants();
        }
      }),
      {
        numRuns: 15,
        // Always explored first: one order all the way to completed, one unpaid order cancelled.
        examples: [
          [
            [
              { kind: 'checkout', buyer: 0, product: 0, quantity: 2, payNow: true, delivery: false },
              ...Array.from({ length: 4 }, (): Step => ({ kind: 'action', order: 0, action: 'pay', by: 'buyer', pick: 1 })),
              { kind: 'checkout', buyer: 1, product: 1, quantity: 1, payNow: false, delivery: false },
              { kind: 'action', order: 0, action: 'cancel', by: 'buyer', pick: null },
            ],
          ],
          // A Pulse Agent's delivery all the way to completed; another refunded after the agent delivered.
          [
            [
              { kind: 'checkout', buyer: 0, product: 0, quantity: 2, payNow: true, delivery: true },
              { kind: 'action', order: 0, action: 'accept', by: 'seller', pick: null },
              ...Array.from({ length: 3 }, (): Step => ({ kind: 'agent', order: 0, pick: 3 })),
              { kind: 'action', order: 0, action: 'confirm_receipt', by: 'buyer', pick: null },
              { kind: 'checkout', buyer: 1, product: 0, quantity: 1, payNow: true, delivery: true },
              { kind: 'action', order: 0, action: 'accept', by: 'seller', pick: null },
              ...Array.from({ length: 3 }, (): Step => ({ kind: 'agent', order: 0, pick: 3 })),
              { kind: 'action', order: 0, action: 'request_refund', by: 'buyer', pick: null },
              { kind: 'action', order: 0, action: 'approve_refund', by: 'seller', pick: null },
            ],
          ],
        ],
      },
    );

    // The run did real work: orders reached several statuses.
    const statuses = await app.db.selectDistinct({ status: orders.status }).from(orders);
    expect(statuses.map((row) => row.status).sort().join(','), 'statuses reached').toMatch(/cancelled.*completed/);
    // ...and Pulse Agents delivered some of them: their fees went through the agent's escrow.
    const [fees] = await rows<{ count: string | number }>(sql`select count(*) as count from ledger_transactions where idempotency_key like 'order-agent-fee-release:%'`);
    expect(Number(fees?.count), 'agent fees released').toBeGreaterThan(0);
    // Hundreds of transactions: generous on a busy machine.
  }, 240_000);
});
