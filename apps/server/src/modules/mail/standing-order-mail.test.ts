import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, type MailOutboxRow } from '../../db/schema/mail-outbox';
import { notifications } from '../../db/schema/notifications';
import { products } from '../../db/schema/products';
import { users } from '../../db/schema/users';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { createBuyer, createProduct, createSeller, fundWallet } from '../orders/testing/order-fixtures';
import { setChoice } from '../preferences/preferences-service';
import { sweepStandingOrders } from '../standing-orders/standing-cycle-engine';
import { createStandingOrder, createWeeklySlot, cycleOf, cycleTimes } from '../standing-orders/testing/standing-fixtures';

/**
 * Weekly basket mail (issue 28, decision 064): each cycle state the buyer is told of queues one mail
 * in the cycle's transaction, in their language, following their "orders" e-mail choice; a placed
 * cycle's mail is the order's own receipt.
 */
let testApp: TestApp;
const app = () => testApp.app;

beforeAll(async () => {
  testApp = await createTestApp({ ORDER_TIMERS: 'off', APP_NAME: 'Pulse Market' });
}, 60_000);
afterAll(async () => {
  await testApp?.close();
});

async function weeklyBasket(options: { funds?: number } = {}) {
  const seller = await createSeller(app(), 'Green Valley Farm');
  const buyer = await createBuyer(app());
  if (options.funds !== 0) await fundWallet(app(), buyer.id, options.funds ?? 100_000);
  const tomatoes = await createProduct(app(), seller.id, { title: 'Tomatoes', priceMinor: 500, stockQuantity: 50 });
  const eggs = await createProduct(app(), seller.id, { title: 'Eggs', unit: 'piece', priceMinor: 300, stockQuantity: 50 });
  await createWeeklySlot(app(), seller.id, 0);
  const standingOrderId = await createStandingOrder(app(), {
    buyerUserId: buyer.id,
    sellerUserId: seller.id,
    lines: [
      { productId: tomatoes, quantity: 2, acceptedUnitPriceMinor: 500 },
      { productId: eggs, quantity: 6, acceptedUnitPriceMinor: 300 },
    ],
  });
  const sweep = (now: Date) => sweepStandingOrders(app(), now, { standingOrderIds: [standingOrderId] });
  return { buyer, tomatoes, standingOrderId, sweep };
}

/** The weekly basket mails queued for `userId`, oldest first. */
async function standingMails(userId: string): Promise<MailOutboxRow[]> {
  return app()
    .db.select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, userId), like(mailOutbox.kind, 'standing_order_%')))
    .orderBy(mailOutbox.createdAt);
}

async function mailsOfKind(userId: string, kind: string): Promise<MailOutboxRow[]> {
  return app().db.select().from(mailOutbox).where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, kind)));
}

const week0 = cycleTimes(0);
const pageOf = (standingOrderId: string) => `http://localhost:3000/standing-orders/${standingOrderId}`;

describe('weekly basket mail', () => {
  it('announces a cycle once by mail with its date, contents, estimate and the page where Skip is; the placed order sends its receipt', async () => {
    const { buyer, standingOrderId, sweep } = await weeklyBasket();
    await sweep(week0.announce);
    const [mail, ...more] = await standingMails(buyer.id);
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ kind: 'standing_order_upcoming', subject: 'Your weekly basket from Green Valley Farm for Thu, Dec 3' });
    expect(mail?.text).toContain('Tomatoes');
    expect(mail?.text).toContain('6 pieces × $3.00');
    expect(mail?.text).toMatch(/Estimated total\s+\$28\.00/);
    expect(mail?.text).toContain('Skip it on its page');
    expect(mail?.text).not.toContain('short');
    expect(mail?.links).toContain(pageOf(standingOrderId));

    // A second sweep at the same moment, then later ones before placement: nothing more.
    await sweep(week0.announce);
    await sweep(new Date(week0.announce.getTime() + 3_600_000));
    expect(await standingMails(buyer.id)).toHaveLength(1);

    await sweep(week0.place);
    expect((await cycleOf(app(), standingOrderId, week0.cycleDate))?.status).toBe('placed');
    expect(await standingMails(buyer.id)).toHaveLength(1);
    expect(await mailsOfKind(buyer.id, 'order_placed')).toHaveLength(1);
  });

  it('tells a buyer whose wallet is short at the announcement to top up before the cut-off, and a held cycle how much is missing', async () => {
    const { buyer, sweep } = await weeklyBasket({ funds: 1000 });
    await sweep(week0.announce);
    const [announced] = await standingMails(buyer.id);
    expect(announced?.text).toContain('Your wallet is $18.00 short: top up before');

    await sweep(week0.place);
    const held = await mailsOfKind(buyer.id, 'standing_order_held_funds');
    expect(held).toHaveLength(1);
    expect(held[0]?.subject).toBe('Top up your wallet for your weekly basket of Thu, Dec 3');
    expect(held[0]?.text).toContain('Your wallet is $18.00 short for your weekly basket from Green Valley Farm');
    // Retried at each sweep until the cut-off: told once.
    await sweep(new Date(week0.place.getTime() + 3_600_000));
    expect(await mailsOfKind(buyer.id, 'standing_order_held_funds')).toHaveLength(1);
    await sweep(week0.cutoff);
    expect(await mailsOfKind(buyer.id, 'standing_order_missed')).toHaveLength(1);
  });

  it('lists what a partly placed cycle left out, in French for a French buyer', async () => {
    const { buyer, tomatoes, standingOrderId, sweep } = await weeklyBasket();
    await app().db.update(users).set({ language: 'fr' }).where(eq(users.id, buyer.id));
    await app().db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, tomatoes));
    await sweep(week0.place);
    const [mail, ...more] = await mailsOfKind(buyer.id, 'standing_order_partly_placed');
    expect(more).toHaveLength(0);
    const cycle = await cycleOf(app(), standingOrderId, week0.cycleDate);
    expect(mail?.subject).toContain('panier');
    expect(mail?.text).toContain('Tomatoes');
    expect(mail?.text).toContain('épuisé');
    expect(mail?.links).toContain(pageOf(standingOrderId));
    expect(mail?.text).toContain(`http://localhost:3000/order/${cycle?.orderId}`);
  });

  it('queues nothing for a buyer who turned e-mail off for orders; in the app they are still told', async () => {
    const { buyer, sweep } = await weeklyBasket({ funds: 1000 });
    await setChoice(app().db, buyer.id, { category: 'orders', channel: 'email', enabled: false });
    await sweep(week0.announce);
    await sweep(week0.place);
    expect(await standingMails(buyer.id)).toHaveLength(0);
    const told = await app().db.select({ message: notifications.message }).from(notifications).where(eq(notifications.userId, buyer.id));
    expect(told.map((row) => row.message).join('\n')).toContain('short for your weekly basket');
  });
});
