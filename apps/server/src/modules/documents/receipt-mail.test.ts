import { randomUUID } from 'node:crypto';
import { formatMoney } from '@pulse/contract/money';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, type MailOutboxRow } from '../../db/schema/mail-outbox';
import { users } from '../../db/schema/users';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { startSmtpTestServer, type ReceivedMail, type SmtpTestServer } from '../../testing/smtp-test-server';
import { orderNumber } from '../mail/order-mail-messages';
import { act, createSeller, getOrder, placePaidOrder, type TestUser } from '../orders/testing/order-fixtures';
import { pdfText } from './testing/pdf-text';

let smtp: SmtpTestServer;
let testApp: TestApp;
let farm: TestUser;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  testApp = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Pulse Market <no-reply@market.test>', APP_NAME: 'Pulse Market', ORDER_TIMERS: 'off' });
  farm = await createSeller(testApp.app, 'Receipt Farm');
}, 60_000);

afterAll(async () => {
  await testApp?.close();
  await smtp?.close();
});

async function emailOf(userId: string): Promise<string> {
  const [row] = await testApp.database.orm.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? '';
}

async function receiptRow(userId: string): Promise<MailOutboxRow> {
  const rows = await testApp.database.orm.select().from(mailOutbox).where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, 'order_placed')));
  expect(rows).toHaveLength(1);
  return rows[0] as MailOutboxRow;
}

/** Sends what is due and waits for the receipt mail `row` to arrive. */
async function sentReceipt(userId: string, row: MailOutboxRow): Promise<ReceivedMail> {
  await testApp.app.mailOutbox.sendDue();
  return smtp.waitFor(await emailOf(userId), (received) => received.parsed.messageId === `<${row.id}@market.test>`);
}


describe('the receipt mail', () => {
  it("carries the receipt PDF: the order's number and total, named receipt-<number>.pdf", async () => {
    const { buyer, order } = await placePaidOrder(testApp.app, { seller: farm, quantity: 3, priceMinor: 450 });
    const details = await getOrder(testApp.app, buyer, order.id);
    const mail = await sentReceipt(buyer.id, await receiptRow(buyer.id));
    expect(mail.parsed.attachments).toHaveLength(1);
    const [pdf] = mail.parsed.attachments;
    expect(pdf?.filename).toBe(`receipt-${orderNumber(order.id)}.pdf`);
    expect(pdf?.contentType).toBe('application/pdf');
    const text = await pdfText(pdf?.content ?? Buffer.alloc(0));
    expect(text).toContain(orderNumber(order.id));
    expect(text).toContain('Receipt Farm');
    expect(text).toContain(formatMoney(details.totalMinor, testApp.app.config.currency, 'en'));
    // The same file the buyer downloads from the order.
    const download = await testApp.app.inject({ method: 'GET', url: `/api/orders/${order.id}/receipt.pdf`, headers: { authorization: `Bearer ${buyer.token}` } });
    expect(download.statusCode).toBe(200);
    expect(await pdfText(download.rawPayload)).toBe(text);
    expect((await receiptRow(buyer.id)).status).toBe('sent');
  });

  it("is in the buyer's language, the PDF too", async () => {
    const unpaid = await placePaidOrder(testApp.app, { seller: farm, quantity: 2, priceMinor: 500, payNow: false });
    await testApp.database.orm.update(users).set({ language: 'fr' }).where(eq(users.id, unpaid.buyer.id));
    const paid = await act(testApp.app, unpaid.buyer, unpaid.order.id, { action: 'pay' });
    expect(paid.statusCode, paid.body).toBe(200);
    const mail = await sentReceipt(unpaid.buyer.id, await receiptRow(unpaid.buyer.id));
    const text = await pdfText(mail.parsed.attachments[0]?.content ?? Buffer.alloc(0));
    expect(text).toContain('Reçu');
    expect(text).toContain('Sous-total');
    // French money: a comma and the sign after (the PDF's text has a plain space where formatMoney puts a narrow one).
    expect(text).toMatch(/Total\s+10,00\s\$/);
  });

  it('is still sent, without the PDF, when the receipt cannot be rendered', async () => {
    const { buyer } = await placePaidOrder(testApp.app, { seller: farm, quantity: 1, priceMinor: 300 });
    const row = await receiptRow(buyer.id);
    // As if the order were gone by the time the worker sends the mail.
    await testApp.database.orm.update(mailOutbox).set({ attachment: `order_receipt:${randomUUID()}@en` }).where(eq(mailOutbox.id, row.id));
    const mail = await sentReceipt(buyer.id, row);
    expect(mail.parsed.attachments).toHaveLength(0);
    expect(mail.parsed.text).toContain('$3.00');
    expect((await receiptRow(buyer.id)).status).toBe('sent');
  });
});
