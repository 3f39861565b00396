import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TASK_TAKEN_MESSAGE, TOO_MANY_TASKS_MESSAGE, ZDeliveryTask, ZGetOrderDeliveryResponse } from '@pulse/contract/delivery';
import { deliveryTaskEvents, deliveryTasks } from '../../db/schema/delivery-tasks';
import { orderEvents, orders } from '../../db/schema/orders';
import { sellerApplications } from '../../db/schema/seller-applications';
import { bearer } from '../../testing/auth-helpers';
import { useConcurrencyApp } from '../../testing/parallel-connections';
import { createApprovedAgent, type TestAgent } from '../agents/testing/agent-fixtures';
import { act, balances, createSeller, FARM_LOCATION, getOrder, ledgerTotal, placePaidOrder, type TestUser } from '../orders/testing/order-fixtures';

/**
 * Issue 15: a delivery task has one agent at a time, whatever arrives at once. On PostgreSQL the
 * requests run on their own pool connections; on PGlite they queue and only the answers are checked.
 */

const suite = useConcurrencyApp('delivery');
const { burst } = suite;

function post(user: TestUser | TestAgent, url: string, payload?: object) {
  return suite.testApp.app.inject({ method: 'POST', url, headers: bearer(user.token), ...(payload ? { payload } : {}) });
}

/** An accepted delivery order of a farm at Kumasi: its task is open for the agents around. */
async function openTask(seller?: TestUser) {
  const { app } = suite.testApp;
  const farm = seller ?? (await createSeller(app, 'Kumasi Greens'));
  await app.db.update(sellerApplications).set({ lat: FARM_LOCATION.lat, lng: FARM_LOCATION.lng, region: 'Ashanti' }).where(eq(sellerApplications.userId, farm.id));
  const placed = await placePaidOrder(app, { seller: farm, fulfilment: 'delivery' });
  expect((await act(app, farm, placed.order.id, { action: 'accept' })).statusCode).toBe(200);
  const delivery = ZGetOrderDeliveryResponse.parse((await app.inject({ method: 'GET', url: `/api/orders/${placed.order.id}/delivery`, headers: bearer(farm.token) })).json());
  if (!delivery.task || !delivery.pickupCode) throw new Error('no task');
  return { ...placed, seller: farm, taskId: delivery.task.id, pickupCode: delivery.pickupCode };
}

async function taskRow(taskId: string) {
  const [row] = await suite.testApp.app.db.select().from(deliveryTasks).where(eq(deliveryTasks.id, taskId));
  if (!row) throw new Error('no task row');
  return row;
}

async function taskEvents(taskId: string, kind: string) {
  return suite.testApp.app.db
    .select()
    .from(deliveryTaskEvents)
    .where(and(eq(deliveryTaskEvents.taskId, taskId), eq(deliveryTaskEvents.kind, kind)));
}

describe('delivery tasks under real concurrency', () => {
  it('20 approved agents claim one task at once: one winner, 19 told it is taken, the task and the order name one agent', async () => {
    const { taskId, order } = await openTask();
    const agents = await Promise.all(Array.from({ length: 20 }, () => createApprovedAgent(suite.testApp.app)));

    const responses = await burst(() => Promise.all(agents.map((agent) => post(agent, `/api/delivery/tasks/${taskId}/claim`))));

    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    for (const response of responses.filter((candidate) => candidate.statusCode === 409)) expect(response.json().error.message).toBe(TASK_TAKEN_MESSAGE);
    const winner = agents[codes.indexOf(200)];
    const claimed = ZDeliveryTask.parse(responses[codes.indexOf(200)]?.json());
    expect(claimed).toMatchObject({ status: 'claimed', revealed: true });

    expect(await taskRow(taskId)).toMatchObject({ status: 'claimed', agentUserId: winner?.id });
    const claims = await taskEvents(taskId, 'claimed');
    expect(claims.map((event) => event.actorUserId)).toEqual([winner?.id]);
    const notes = await suite.testApp.app.db.select().from(orderEvents).where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.note, 'A Pulse Agent took the delivery')));
    expect(notes).toHaveLength(1);
    // A loser sees the task as taken and not its street.
    const loser = agents[codes.indexOf(409)];
    if (!loser) throw new Error('no loser');
    expect((await suite.testApp.app.inject({ method: 'GET', url: `/api/delivery/tasks/${taskId}`, headers: bearer(loser.token) })).statusCode).toBe(404);
  }, 60_000);

  it('one agent taps claim on 5 open tasks at once with a limit of 3: exactly 3 held, 2 refused with the limit', async () => {
    const farm = await createSeller(suite.testApp.app, 'Busy Farm');
    const tasks: string[] = [];
    for (let index = 0; index < 5; index += 1) tasks.push((await openTask(farm)).taskId);
    const agent = await createApprovedAgent(suite.testApp.app);

    const responses = await burst(() => Promise.all(tasks.map((taskId) => post(agent, `/api/delivery/tasks/${taskId}/claim`))));

    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(3);
    expect(codes.filter((code) => code === 409)).toHaveLength(2);
    for (const response of responses.filter((candidate) => candidate.statusCode === 409)) expect(response.json().error.message).toBe(TOO_MANY_TASKS_MESSAGE);
    const rows = await suite.testApp.app.db.select().from(deliveryTasks).where(inArray(deliveryTasks.id, tasks));
    expect(rows.filter((row) => row.agentUserId === agent.id && row.status === 'claimed')).toHaveLength(3);
    expect(rows.filter((row) => row.status === 'open' && row.agentUserId === null)).toHaveLength(2);
  });

  it('agents claim while the farm cancels the same orders at once: never a 5xx, the order cancelled, the task ended, the buyer refunded once', async () => {
    const { app } = suite.testApp;
    const farm = await createSeller(app, 'Cancelling Farm');
    const opened: Array<Awaited<ReturnType<typeof openTask>>> = [];
    for (let index = 0; index < 4; index += 1) opened.push(await openTask(farm));
    const agents = await Promise.all(opened.map(() => createApprovedAgent(app)));

    const responses = await burst(() =>
      Promise.all(
        opened.flatMap((entry, index) => [
          post(agents[index] as TestAgent, `/api/delivery/tasks/${entry.taskId}/claim`),
          act(app, farm, entry.order.id, { action: 'cancel', reason: 'The harvest failed' }),
        ]),
      ),
    );

    for (const [index, entry] of opened.entries()) {
      const claim = responses[2 * index];
      const cancel = responses[2 * index + 1];
      expect(cancel?.statusCode, cancel?.body).toBe(200);
      // Either the claim came first (then the cancel ends it) or it found the order gone.
      expect([200, 409], claim?.body).toContain(claim?.statusCode);
      const [orderRow] = await app.db.select().from(orders).where(eq(orders.id, entry.order.id));
      expect(orderRow).toMatchObject({ status: 'cancelled', refundedMinor: orderRow?.totalMinor });
      expect((await taskRow(entry.taskId)).status).toBe('cancelled');
      expect(await balances(app, entry.buyer.id)).toMatchObject({ availableMinor: 100_000, escrowMinor: 0 });
    }
    expect(await ledgerTotal(app)).toBe(0);
  });

  it('a double tap on picked up and on delivered: one event each, the fee held for the agent once', async () => {
    const { app } = suite.testApp;
    const { taskId, order, buyer, seller, pickupCode } = await openTask();
    const agent = await createApprovedAgent(app);
    expect((await post(agent, `/api/delivery/tasks/${taskId}/claim`)).statusCode).toBe(200);
    expect((await act(app, seller, order.id, { action: 'mark_ready' })).statusCode).toBe(200);

    const pickups = await burst(() => Promise.all([post(agent, `/api/delivery/tasks/${taskId}/pickup`, { code: pickupCode }), post(agent, `/api/delivery/tasks/${taskId}/pickup`, { code: pickupCode })]));
    expect(pickups.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(await taskEvents(taskId, 'picked_up')).toHaveLength(1);

    const details = await getOrder(app, buyer, order.id);
    const code = details.confirmationCode ?? '';
    const deliveries = await burst(() => Promise.all([post(agent, `/api/delivery/tasks/${taskId}/deliver`, { code }), post(agent, `/api/delivery/tasks/${taskId}/deliver`, { code })]));
    expect(deliveries.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(deliveries.map((response) => ZDeliveryTask.parse(response.json()).status)).toEqual(['delivered', 'delivered']);
    expect(await taskEvents(taskId, 'delivered')).toHaveLength(1);
    expect((await getOrder(app, buyer, order.id)).status).toBe('delivered');
    expect(await balances(app, agent.id)).toMatchObject({ agentEscrowMinor: details.deliveryFeeMinor, availableMinor: 0 });
    expect(details.deliveryFeeMinor).toBeGreaterThan(0);
    expect(await ledgerTotal(app)).toBe(0);
  });
});
