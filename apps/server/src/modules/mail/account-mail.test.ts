import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, type MailOutboxRow } from '../../db/schema/mail-outbox';
import { users } from '../../db/schema/users';
import { bearer } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { createApprovedAgent } from '../agents/testing/agent-fixtures';
import { createBuyer, fundWallet, nextKey } from '../orders/testing/order-fixtures';
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
    expect(mails[0]?.subject).toMatch(/^Votre retrait de 10,00\s\$ n'a pas abouti$/);
    expect(mails[0]?.html).toContain('lang="fr"');
    expect(mails[0]?.html).toContain('#177a3b');
    expect(mails[0]?.text).toContain('portefeuille');
  });
});
