import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, type MailOutboxRow } from '../../db/schema/mail-outbox';
import { users } from '../../db/schema/users';
import { bearer } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { ZGetOrderDeliveryResponse } from '@pulse/contract/delivery';
import { sellerApplications } from '../../db/schema/seller-applications';
import { createApprovedAgent } from '../agents/testing/agent-fixtures';
import { act, createBuyer, createSeller, FARM_LOCATION, fundWallet, makeAdmin, nextKey, placePaidOrder } from '../orders/testing/order-fixtures';
import { orderNumber } from './order-mail-messages';
import { createSandboxProvider } from '../payments/sandbox-provider';
import { countingProvider, requestPayout, sellerWith } from '../wallet/testing/payout-fixtures';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ ORDER_TIMERS: 'off', APP_NAME: 'Pulse Market' });
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

async function emailOf(userId: string): Promise<string> {
  const [row] = await testApp.database.orm.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? '';
}

async function mailsOf(userId: string, kind: string): Promise<MailOutboxRow[]> {
  return testApp.database.orm
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, kind)));
}

describe('top-up received', () => {
  it('sends a receipt with the amount and a link to the wallet once the top-up is credited; a declined card sends none', async () => {
    testApp.app.paymentProvider = createSandboxProvider();
    const buyer = await createBuyer(testApp.app);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/wallet/top-ups',
      headers: { ...bearer(buyer.token), 'idempotency-key': nextKey('top-up') },
      payload: { amountMinor: 2500, cardNumber: '4242 4242 4242 4242' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ status: 'succeeded' });
    const mails = await mailsOf(buyer.id, 'top_up_received');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.toAddress).toBe(await emailOf(buyer.id));
    expect(mails[0]?.subject).toBe('$25.00 added to your Pulse Market wallet');
    expect(mails[0]?.text).toContain('$25.00 is now in your wallet');
    expect(mails[0]?.links).toEqual(['http://localhost:3000/wallet']);

    const declined = await createBuyer(testApp.app);
    const refused = await testApp.app.inject({
      method: 'POST',
      url: '/api/wallet/top-ups',
      headers: { ...bearer(declined.token), 'idempotency-key': nextKey('top-up') },
      payload: { amountMinor: 2500, cardNumber: '4000 0000 0000 0002' },
    });
    expect(refused.json()).toMatchObject({ status: 'failed' });
    expect(await mailsOf(declined.id, 'top_up_received')).toHaveLength(0);
  });
});

describe('payouts', () => {
  it('tells the farm its payout was sent (orange, amount, destination)', async () => {
    testApp.app.paymentProvider = countingProvider();
    const seller = await sellerWith(testApp.app, 5000);
    const response = await requestPayout(testApp.app, seller, { amountMinor: 3000 });
    expect(response.statusCode, response.body).toBe(201);
    const mails = await mailsOf(seller.id, 'payout_sent');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.toAddress).toBe(await emailOf(seller.id));
    expect(mails[0]?.subject).toBe('Your payout of $30.00 was sent');
    expect(mails[0]?.text).toContain('MTN Mobile Money ****4567');
    expect(mails[0]?.html).toContain('#b14e00');
    expect(mails[0]?.links).toEqual(['http://localhost:3000/wallet']);
  });

  it('tells an agent, in French, that a payout failed, with the reason and the money back', async () => {
    const agent = await createApprovedAgent(testApp.app);
    await fundWallet(testApp.app, agent.id, 3000);
    await testApp.database.orm.update(users).set({ language: 'fr' }).where(eq(users.id, agent.id));
    testApp.app.paymentProvider = countingProvider({
      createRecipient: async () => {
        throw new Error('refused');
      },
    });
    const response = await requestPayout(testApp.app, agent, { amountMinor: 1000 });
    expect(response.json()).toMatchObject({ status: 'failed' });
    expect(await mailsOf(agent.id, 'payout_sent')).toHaveLength(0);
    const mails = await mailsOf(agent.id, 'payout_failed');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/^Votre retrait de 10,00\s\$ n’a pas abouti$/);
    expect(mails[0]?.html).toContain('lang="fr"');
    expect(mails[0]?.html).toContain('#177a3b');
    expect(mails[0]?.text).toContain('portefeuille');
  });
});

describe('applications decided', () => {
  it("tells a farm its seller application was approved (orange), and another it was rejected with the admin's reason", async () => {
    const admin = await createBuyer(testApp.app);
    await makeAdmin(testApp.app, admin.id);
    const decideAs = (id: string, verb: 'approve' | 'reject', payload?: object) =>
      testApp.app.inject({ method: 'POST', url: `/api/admin/applications/${id}/${verb}`, headers: bearer(admin.token), ...(payload ? { payload } : {}) });
    const apply = async (businessName: string) => {
      const user = await createBuyer(testApp.app);
      const [row] = await testApp.database.orm.insert(sellerApplications).values({ userId: user.id, businessName, status: 'pending' }).returning({ id: sellerApplications.id });
      return { user, applicationId: row?.id ?? '' };
    };

    const good = await apply('Sunrise Farm');
    expect((await decideAs(good.applicationId, 'approve')).statusCode).toBe(200);
    const [approved] = await mailsOf(good.user.id, 'seller_application_approved');
    expect(approved?.toAddress).toBe(await emailOf(good.user.id));
    expect(approved?.subject).toBe('Your seller application on Pulse Market was approved');
    expect(approved?.text).toContain('Sunrise Farm can now sell');
    expect(approved?.html).toContain('#b14e00');
    expect(approved?.links).toEqual(['http://localhost:3000/seller-application-status']);

    const bad = await apply('Blurry Farm');
    expect((await decideAs(bad.applicationId, 'reject', { reason: 'The ID photo is blurred.' })).statusCode).toBe(200);
    const [rejected] = await mailsOf(bad.user.id, 'seller_application_rejected');
    expect(rejected?.subject).toBe('Your seller application on Pulse Market was not approved');
    expect(rejected?.text).toContain('The ID photo is blurred.');
    expect(await mailsOf(bad.user.id, 'seller_application_approved')).toHaveLength(0);
  });

  it('tells an agent their application was rejected with the reason', async () => {
    const admin = await createBuyer(testApp.app);
    await makeAdmin(testApp.app, admin.id);
    const agent = await createApprovedAgent(testApp.app, { status: 'pending' });
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/applications/${agent.agentId}/reject`,
      headers: bearer(admin.token),
      payload: { reason: 'Add a phone number we can call.' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [mail] = await mailsOf(agent.id, 'agent_application_rejected');
    expect(mail?.subject).toBe('Your Pulse Agent application on Pulse Market was not approved');
    expect(mail?.text).toContain('Add a phone number we can call.');
    expect(mail?.links).toEqual(['http://localhost:3000/agent-application-status']);
  });
});

describe('delivery tasks', () => {
  it('tells the agent a delivery is theirs when they take it, and that it was called off when the farm cancels the order', async () => {
    const agent = await createApprovedAgent(testApp.app);
    const seller = await createSeller(testApp.app, 'Task Farm');
    await testApp.database.orm.update(sellerApplications).set({ lat: FARM_LOCATION.lat, lng: FARM_LOCATION.lng }).where(eq(sellerApplications.userId, seller.id));
    const { order } = await placePaidOrder(testApp.app, { seller, fulfilment: 'delivery' });
    expect((await act(testApp.app, seller, order.id, { action: 'accept' })).statusCode).toBe(200);
    const view = ZGetOrderDeliveryResponse.parse((await testApp.app.inject({ method: 'GET', url: `/api/orders/${order.id}/delivery`, headers: bearer(seller.token) })).json());
    const taskId = view.task?.id ?? '';
    expect(await mailsOf(agent.id, 'delivery_task_assigned')).toHaveLength(0);

    expect((await testApp.app.inject({ method: 'POST', url: `/api/delivery/tasks/${taskId}/claim`, headers: bearer(agent.token) })).statusCode).toBe(200);
    const [assigned] = await mailsOf(agent.id, 'delivery_task_assigned');
    expect(assigned?.toAddress).toBe(await emailOf(agent.id));
    expect(assigned?.subject).toBe(`Delivery of order ${orderNumber(order.id)} is yours`);
    expect(assigned?.text).toContain('Task Farm');
    expect(assigned?.links).toEqual(['http://localhost:3000/logistics-tasks']);
    // A double tap claims nothing more and writes no second mail.
    expect((await testApp.app.inject({ method: 'POST', url: `/api/delivery/tasks/${taskId}/claim`, headers: bearer(agent.token) })).statusCode).toBe(200);
    expect(await mailsOf(agent.id, 'delivery_task_assigned')).toHaveLength(1);

    expect((await act(testApp.app, seller, order.id, { action: 'cancel', reason: 'Out of stock' })).statusCode).toBe(200);
    const [released] = await mailsOf(agent.id, 'delivery_task_released');
    expect(released?.subject).toBe(`Delivery of order ${orderNumber(order.id)} was called off`);
    expect(released?.text).toContain('was cancelled');
  });
});
