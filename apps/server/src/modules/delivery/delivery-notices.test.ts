import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZGetOrderDeliveryResponse } from '@pulse/contract/delivery';
import { notifications } from '../../db/schema/notifications';
import { pushSubscriptions } from '../../db/schema/push-subscriptions';
import { sellerApplications } from '../../db/schema/seller-applications';
import { deliveryTasks } from '../../db/schema/delivery-tasks';
import { bearer } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { createApprovedAgent } from '../agents/testing/agent-fixtures';
import { act, createSeller, FARM_LOCATION, placePaidOrder } from '../orders/testing/order-fixtures';
import { sweepUnclaimedTasks } from './delivery-order-hooks';

/** What agents and farms are told around a task: new tasks (web push), a cancelled one, nobody claiming. */

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ ORDER_TIMERS: 'off' });
});

afterAll(async () => {
  await testApp.close();
});

async function noticesOf(userId: string, prefix: string) {
  const rows = await testApp.app.db.select().from(notifications).where(eq(notifications.userId, userId));
  return rows.filter((row) => row.idempotencyKey?.startsWith(prefix));
}

async function acceptedDeliveryOrder() {
  const { app } = testApp;
  const seller = await createSeller(app, 'Notice Farm');
  await app.db.update(sellerApplications).set({ lat: FARM_LOCATION.lat, lng: FARM_LOCATION.lng }).where(eq(sellerApplications.userId, seller.id));
  const placed = await placePaidOrder(app, { seller, fulfilment: 'delivery' });
  expect((await act(app, seller, placed.order.id, { action: 'accept' })).statusCode).toBe(200);
  const view = ZGetOrderDeliveryResponse.parse((await app.inject({ method: 'GET', url: `/api/orders/${placed.order.id}/delivery`, headers: bearer(seller.token) })).json());
  return { ...placed, seller, taskId: view.task?.id ?? '' };
}

describe('delivery notices', () => {
  it('a new task is pushed to nearby agents with a push subscription only', async () => {
    const { app } = testApp;
    const subscribed = await createApprovedAgent(app);
    const unsubscribed = await createApprovedAgent(app);
    await app.db.insert(pushSubscriptions).values({ userId: subscribed.id, endpoint: `http://127.0.0.1:9/push/${randomUUID()}`, p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) });
    const { taskId } = await acceptedDeliveryOrder();
    const offers = await noticesOf(subscribed.id, `delivery-offer:${taskId}`);
    expect(offers).toHaveLength(1);
    expect(offers[0]?.message).toContain('New delivery task near you: Notice Farm to Kumasi');
    expect(await noticesOf(unsubscribed.id, 'delivery-offer:')).toHaveLength(0);
  });

  it('the agent holding a task is told when the farm cancels the order', async () => {
    const agent = await createApprovedAgent(testApp.app);
    const { taskId, seller, order } = await acceptedDeliveryOrder();
    expect((await testApp.app.inject({ method: 'POST', url: `/api/delivery/tasks/${taskId}/claim`, headers: bearer(agent.token) })).statusCode).toBe(200);
    expect((await act(testApp.app, seller, order.id, { action: 'cancel', reason: 'Out of stock' })).statusCode).toBe(200);
    const told = await noticesOf(agent.id, `delivery:${taskId}:ended`);
    expect(told).toHaveLength(1);
    expect(told[0]?.message).toContain('cancelled or refunded');
  });

  it('the farm is told once when nobody claimed its delivery by the slot start', async () => {
    const { taskId, seller } = await acceptedDeliveryOrder();
    const [task] = await testApp.app.db.select().from(deliveryTasks).where(eq(deliveryTasks.id, taskId));
    const startsAt = task?.windowStartsAt ?? new Date();
    await sweepUnclaimedTasks(testApp.app, new Date(startsAt.getTime() - 60_000));
    expect(await noticesOf(seller.id, 'delivery-unclaimed:')).toHaveLength(0);
    // Two processes sweeping at once still tell the farm once.
    await Promise.all([sweepUnclaimedTasks(testApp.app, new Date(startsAt.getTime() + 60_000)), sweepUnclaimedTasks(testApp.app, new Date(startsAt.getTime() + 60_000))]);
    await sweepUnclaimedTasks(testApp.app, new Date(startsAt.getTime() + 120_000));
    const told = await testApp.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, seller.id), eq(notifications.idempotencyKey, `delivery-unclaimed:${taskId}:1`)));
    expect(told).toHaveLength(1);
    expect(told[0]?.message).toContain('deliver it yourself');
  });
});
