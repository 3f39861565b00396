import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, type MailOutboxRow } from '../../db/schema/mail-outbox';
import { users } from '../../db/schema/users';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { startSmtpTestServer, type SmtpTestServer } from '../../testing/smtp-test-server';
import { lockOrder } from '../orders/orders-repository';
import { runTransition } from '../orders/orders-service';
import { act, createSeller, getOrder, placePaidOrder, type TestUser } from '../orders/testing/order-fixtures';
import { orderNumber } from './order-mail-messages';

let smtp: SmtpTestServer;
let testApp: TestApp;
let farm: TestUser;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  testApp = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Pulse Market <no-reply@market.test>', APP_NAME: 'Pulse Market', ORDER_TIMERS: 'off' });
  farm = await createSeller(testApp.app, 'Mail Farm');
}, 60_000);

afterAll(async () => {
  await testApp?.close();
  await smtp?.close();
});

async function emailOf(userId: string): Promise<string> {
  const [row] = await testApp.database.orm.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? '';
}

async function setLanguage(userId: string, language: string): Promise<void> {
  await testApp.database.orm.update(users).set({ language }).where(eq(users.id, userId));
}

/** The mails of `kind` queued for `userId`, oldest first. */
async function mailsOf(userId: string, kind: string): Promise<MailOutboxRow[]> {
  return testApp.database.orm
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, kind)))
    .orderBy(mailOutbox.createdAt);
}

async function onlyMail(userId: string, kind: string): Promise<MailOutboxRow> {
  const rows = await mailsOf(userId, kind);
  expect(rows, `mails ${kind} to ${userId}`).toHaveLength(1);
  return rows[0] as MailOutboxRow;
}

const link = (orderId: string) => `http://localhost:3000/order/${orderId}`;

describe('order placed', () => {
  it("sends the buyer a receipt: items, quantities, unit prices, total, farm, pickup time, confirmation code and the order's page", async () => {
    const { buyer, order } = await placePaidOrder(testApp.app, { seller: farm, quantity: 4, priceMinor: 250 });
    const details = await getOrder(testApp.app, buyer, order.id);
    const mail = await onlyMail(buyer.id, 'order_placed');
    expect(mail.toAddress).toBe(await emailOf(buyer.id));
    expect(mail.subject).toBe(`Your order ${orderNumber(order.id)} from Mail Farm`);
    expect(mail.text).toContain('Tomatoes');
    expect(mail.text).toContain('4 kg × $2.50');
    expect(mail.text).toContain('Subtotal');
    expect(mail.text).toMatch(/Total\s+\$10\.00/);
    expect(mail.text).not.toContain('Delivery fee');
    expect(mail.text).toContain('Mail Farm');
    expect(mail.text).toContain('Pickup time');
    expect(details.confirmationCode).toBeTruthy();
    expect(mail.text).toContain(details.confirmationCode ?? 'no code');
    expect(mail.links).toEqual([link(order.id)]);
    expect(mail.html).toContain(`href="${link(order.id)}"`);
    expect(mail.html).toContain('#177a3b');
  });

  it('lists the delivery fee, the delivery address and window for a delivery order', async () => {
    const { buyer, order } = await placePaidOrder(testApp.app, { seller: farm, quantity: 2, priceMinor: 300, fulfilment: 'delivery' });
    const details = await getOrder(testApp.app, buyer, order.id);
    const mail = await onlyMail(buyer.id, 'order_placed');
    expect(mail.text).toContain('Delivery fee');
    expect(mail.text).toContain('Delivery to');
    expect(mail.text).toContain('12 Market Road');
    expect(mail.text).toContain('Delivery window');
    expect(details.totalMinor).toBeGreaterThan(600);
    expect(mail.text).toContain(`$${(details.totalMinor / 100).toFixed(2)}`);
  });

  it('tells the farm, in orange and in its language, that a new order waits to be accepted, with a link to it', async () => {
    const frenchFarm = await createSeller(testApp.app, 'Ferme du Lac');
    await setLanguage(frenchFarm.id, 'fr');
    const { order } = await placePaidOrder(testApp.app, { seller: frenchFarm, quantity: 3, priceMinor: 200 });
    const mail = await onlyMail(frenchFarm.id, 'farm_new_order');
    expect(mail.toAddress).toBe(await emailOf(frenchFarm.id));
    expect(mail.subject).toBe(`Nouvelle commande ${orderNumber(order.id)} à accepter`);
    expect(mail.html).toContain('lang="fr"');
    expect(mail.html).toContain('#b14e00');
    expect(mail.links).toEqual([link(order.id)]);
    expect(mail.text).toContain('Tomatoes');
  });

  it('queues nothing for an order left unpaid; paying it later sends the receipt and the farm mail then', async () => {
    const unpaid = await placePaidOrder(testApp.app, { seller: farm, payNow: false });
    expect(await mailsOf(unpaid.buyer.id, 'order_placed')).toHaveLength(0);
    const farmMailsBefore = (await mailsOf(farm.id, 'farm_new_order')).length;
    const paid = await act(testApp.app, unpaid.buyer, unpaid.order.id, { action: 'pay' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await mailsOf(unpaid.buyer.id, 'order_placed')).toHaveLength(1);
    expect(await mailsOf(farm.id, 'farm_new_order')).toHaveLength(farmMailsBefore + 1);
  });

  it('sends the receipt through SMTP: From, To, Subject, Message-ID, both parts, the link to the order page', async () => {
    const { buyer, order } = await placePaidOrder(testApp.app, { seller: farm, quantity: 1, priceMinor: 990 });
    const to = await emailOf(buyer.id);
    const row = await onlyMail(buyer.id, 'order_placed');
    await testApp.app.mailOutbox.sendDue();
    // The receipt, not the address check sign-up sent before it.
    const mail = await smtp.waitFor(to, (received) => received.parsed.messageId === `<${row.id}@market.test>`);
    expect(mail.parsed.from?.text).toBe('"Pulse Market" <no-reply@market.test>');
    expect(mail.parsed.to && !Array.isArray(mail.parsed.to) ? mail.parsed.to.text : '').toBe(to);
    expect(mail.parsed.subject).toBe(`Your order ${orderNumber(order.id)} from Mail Farm`);
    expect(mail.parsed.messageId).toBe(`<${row.id}@market.test>`);
    expect(mail.parsed.html).toContain(`href="${link(order.id)}"`);
    expect(mail.parsed.html).toContain('$9.90');
    expect(mail.parsed.text).toContain(link(order.id));
    expect(mail.parsed.text).toContain('$9.90');
    // The link leads to the order page the web app routes (/order/:orderId), which shows this order to its buyer.
    const page = await testApp.app.inject({ method: 'GET', url: new URL(link(order.id)).pathname.replace('/order/', '/api/orders/'), headers: { authorization: `Bearer ${buyer.token}` } });
    expect(page.statusCode).toBe(200);
    expect((await onlyMail(buyer.id, 'order_placed')).status).toBe('sent');
  });
});

describe('order status mail', () => {
  it('tells the buyer their pickup order was accepted, is ready, was delivered; the farm is not written to about its own steps', async () => {
    const { buyer, order } = await placePaidOrder(testApp.app, { seller: farm, quantity: 2 });
    const code = (await getOrder(testApp.app, buyer, order.id)).confirmationCode ?? '';
    const number = orderNumber(order.id);

    expect((await act(testApp.app, farm, order.id, { action: 'accept' })).statusCode).toBe(200);
    const accepted = await onlyMail(buyer.id, 'order_accepted');
    expect(accepted.subject).toBe(`Mail Farm accepted your order ${number}`);
    expect(accepted.toAddress).toBe(await emailOf(buyer.id));
    expect(accepted.links).toEqual([link(order.id)]);

    expect((await act(testApp.app, farm, order.id, { action: 'mark_ready' })).statusCode).toBe(200);
    const ready = await onlyMail(buyer.id, 'order_ready');
    expect(ready.subject).toBe(`Your order ${number} is ready for pickup`);
    expect(ready.text).toContain(code);

    expect((await act(testApp.app, farm, order.id, { action: 'hand_over', confirmationCode: code })).statusCode).toBe(200);
    expect((await onlyMail(buyer.id, 'order_delivered')).subject).toBe(`Your order ${number} was delivered`);

    const farmMails = await testApp.database.orm.select({ kind: mailOutbox.kind }).from(mailOutbox).where(eq(mailOutbox.userId, farm.id));
    expect(farmMails.map((mail) => mail.kind)).not.toContain('order_accepted');
  });

  it('tells the buyer a delivery order is on its way', async () => {
    const { buyer, order } = await placePaidOrder(testApp.app, { seller: farm, fulfilment: 'delivery' });
    for (const action of ['accept', 'mark_ready', 'hand_over'] as const) {
      const response = await act(testApp.app, farm, order.id, { action });
      expect(response.statusCode, response.body).toBe(200);
    }
    expect((await onlyMail(buyer.id, 'order_ready')).subject).toBe(`Your order ${orderNumber(order.id)} is ready`);
    expect((await onlyMail(buyer.id, 'order_in_transit')).subject).toBe(`Your order ${orderNumber(order.id)} is on its way`);
  });

  it("tells the buyer the farm cancelled, with the farm's reason and the money back", async () => {
    const { buyer, order } = await placePaidOrder(testApp.app, { seller: farm, quantity: 4, priceMinor: 250 });
    expect((await act(testApp.app, farm, order.id, { action: 'cancel', reason: 'Hail ruined the field' })).statusCode).toBe(200);
    const mail = await onlyMail(buyer.id, 'order_cancelled');
    expect(mail.subject).toBe(`Your order ${orderNumber(order.id)} was cancelled`);
    // The farm cancelled: it is not written to about its own step.
    expect((await mailsOf(farm.id, 'farm_order_cancelled')).filter((row) => row.links.includes(link(order.id)))).toHaveLength(0);
    expect(mail.text).toContain('Hail ruined the field');
    expect(mail.text).toContain('$10.00 is back in your wallet');
  });

  it('a buyer who cancels gets no mail about their own step; the farm is told, in orange, not to prepare it', async () => {
    const { buyer, order } = await placePaidOrder(testApp.app, { seller: farm });
    expect((await act(testApp.app, buyer, order.id, { action: 'cancel', reason: 'Ordered twice' })).statusCode).toBe(200);
    expect(await mailsOf(buyer.id, 'order_cancelled')).toHaveLength(0);
    const toFarm = (await mailsOf(farm.id, 'farm_order_cancelled')).filter((mail) => mail.links.includes(link(order.id)));
    expect(toFarm).toHaveLength(1);
    expect(toFarm[0]!.subject).toBe(`Order ${orderNumber(order.id)} was cancelled`);
    expect(toFarm[0]!.text).toContain('Ordered twice');
    expect(toFarm[0]!.text).toContain('do not prepare it');
    expect(toFarm[0]!.html).toContain('#b14e00');
  });

  it('tells the farm a refund was requested (with the reason), then the buyer it was approved or refused', async () => {
    const delivered = async () => {
      const placed = await placePaidOrder(testApp.app, { seller: farm, quantity: 4, priceMinor: 250 });
      const code = (await getOrder(testApp.app, placed.buyer, placed.order.id)).confirmationCode ?? '';
      for (const body of [{ action: 'accept' }, { action: 'mark_ready' }, { action: 'hand_over', confirmationCode: code }]) {
        expect((await act(testApp.app, farm, placed.order.id, body)).statusCode).toBe(200);
      }
      return placed;
    };
    const first = await delivered();
    const farmRefundMails = (await mailsOf(farm.id, 'refund_requested')).length;
    expect((await act(testApp.app, first.buyer, first.order.id, { action: 'request_refund', reason: 'Half were bruised' })).statusCode).toBe(200);
    const requested = await mailsOf(farm.id, 'refund_requested');
    expect(requested).toHaveLength(farmRefundMails + 1);
    const toFarm = requested.at(-1) as MailOutboxRow;
    expect(toFarm.toAddress).toBe(await emailOf(farm.id));
    expect(toFarm.subject).toBe(`Refund requested for order ${orderNumber(first.order.id)}`);
    expect(toFarm.text).toContain('Half were bruised');
    expect(toFarm.html).toContain('#b14e00');
    expect(toFarm.links).toEqual([link(first.order.id)]);

    expect((await act(testApp.app, farm, first.order.id, { action: 'approve_refund' })).statusCode).toBe(200);
    const approved = await onlyMail(first.buyer.id, 'refund_approved');
    expect(approved.subject).toBe(`Your refund for order ${orderNumber(first.order.id)} was approved`);
    expect(approved.text).toContain('$10.00');

    const second = await delivered();
    expect((await act(testApp.app, second.buyer, second.order.id, { action: 'request_refund', reason: 'Too small' })).statusCode).toBe(200);
    expect((await act(testApp.app, farm, second.order.id, { action: 'reject_refund', reason: 'They were weighed in front of you' })).statusCode).toBe(200);
    const rejected = await onlyMail(second.buyer.id, 'refund_rejected');
    expect(rejected.subject).toBe(`Your refund for order ${orderNumber(second.order.id)} was refused`);
    expect(rejected.text).toContain('They were weighed in front of you');
  });

  it('queues no mail when the change rolls back', async () => {
    const { buyer, order } = await placePaidOrder(testApp.app, { seller: farm });
    await expect(
      testApp.database.orm.transaction(async (tx) => {
        const locked = await lockOrder(tx, order.id);
        if (!locked) throw new Error('no order');
        await runTransition(tx, testApp.config, locked, 'accept', { roles: ['seller'], userId: farm.id }, {}, new Date());
        throw new Error('the change failed after the transition');
      }),
    ).rejects.toThrow('the change failed');
    expect(await mailsOf(buyer.id, 'order_accepted')).toHaveLength(0);
    expect((await getOrder(testApp.app, buyer, order.id)).status).toBe('paid');
    // The same step committed does queue it.
    expect((await act(testApp.app, farm, order.id, { action: 'accept' })).statusCode).toBe(200);
    expect(await mailsOf(buyer.id, 'order_accepted')).toHaveLength(1);
  });
});
