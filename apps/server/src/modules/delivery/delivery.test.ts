import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_TAKEN_MESSAGE, TOO_MANY_TASKS_MESSAGE, ZDeliveryTask, ZGetOrderDeliveryResponse, ZListOpenTasksResponse, type TDeliveryTask } from '@pulse/contract/delivery';
import { bearer } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { createApprovedAgent, publicUploadFor, type TestAgent } from '../agents/testing/agent-fixtures';
import { act, createSeller, getOrder, placePaidOrder, type TestUser } from '../orders/testing/order-fixtures';
import { sellerApplications } from '../../db/schema/seller-applications';
import { eq } from 'drizzle-orm';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

/** A farm at Kumasi with an accepted delivery order: its task is open. */
async function acceptedDeliveryOrder() {
  const seller = await createSeller(testApp.app, 'Kumasi Greens');
  await testApp.app.db.update(sellerApplications).set({ lat: 6.6885, lng: -1.6244, region: 'Ashanti' }).where(eq(sellerApplications.userId, seller.id));
  const placed = await placePaidOrder(testApp.app, { seller, fulfilment: 'delivery' });
  const accepted = await act(testApp.app, seller, placed.order.id, { action: 'accept' });
  expect(accepted.statusCode).toBe(200);
  const delivery = ZGetOrderDeliveryResponse.parse(
    (await testApp.app.inject({ method: 'GET', url: `/api/orders/${placed.order.id}/delivery`, headers: bearer(seller.token) })).json(),
  );
  if (!delivery.task || !delivery.pickupCode) throw new Error('no task');
  return { ...placed, seller, taskId: delivery.task.id, pickupCode: delivery.pickupCode };
}

function post(user: TestUser | TestAgent, url: string, payload?: object) {
  return testApp.app.inject({ method: 'POST', url, headers: bearer(user.token), ...(payload ? { payload } : {}) });
}

describe('delivery tasks', () => {
  it('accepting a delivery order opens a task the nearby agent lists (town only), a far agent does not; a pending agent gets 403', async () => {
    const { taskId } = await acceptedDeliveryOrder();
    const near = await createApprovedAgent(testApp.app);
    const far = await createApprovedAgent(testApp.app, { lat: 5.6037, lng: -0.187, radiusKm: 10 }); // Accra
    const pending = await createApprovedAgent(testApp.app, { status: 'pending' });

    const list = ZListOpenTasksResponse.parse((await testApp.app.inject({ method: 'GET', url: '/api/delivery/tasks/open', headers: bearer(near.token) })).json());
    const item = list.items.find((entry) => entry.id === taskId);
    expect(item).toBeDefined();
    expect(item?.dropOff).toEqual({ city: 'Kumasi', region: '' });
    expect(JSON.stringify(item)).not.toContain('Market Road');
    const farList = ZListOpenTasksResponse.parse((await testApp.app.inject({ method: 'GET', url: '/api/delivery/tasks/open', headers: bearer(far.token) })).json());
    expect(farList.items.some((entry) => entry.id === taskId)).toBe(false);
    const refused = await testApp.app.inject({ method: 'GET', url: '/api/delivery/tasks/open', headers: bearer(pending.token) });
    expect(refused.statusCode).toBe(403);
  });

  it('20 agents claim at once: exactly one 200, nineteen 409 with the exact message', async () => {
    const { taskId } = await acceptedDeliveryOrder();
    const agents = await Promise.all(Array.from({ length: 20 }, () => createApprovedAgent(testApp.app)));
    const responses = await Promise.all(agents.map((agent) => post(agent, `/api/delivery/tasks/${taskId}/claim`)));
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    for (const response of responses.filter((entry) => entry.statusCode === 409)) expect(response.json().error.message).toBe(TASK_TAKEN_MESSAGE);
  });

  it('claim (twice: same answer), street revealed; release; max active tasks', async () => {
    const agent = await createApprovedAgent(testApp.app);
    const { taskId } = await acceptedDeliveryOrder();
    const first = await post(agent, `/api/delivery/tasks/${taskId}/claim`);
    expect(first.statusCode).toBe(200);
    const task = ZDeliveryTask.parse(first.json());
    expect(task).toMatchObject({ status: 'claimed', revealed: true, nextStep: 'pickup', dropOff: { line1: '12 Market Road', phone: '+233 20 000 0000' } });
    const again = await post(agent, `/api/delivery/tasks/${taskId}/claim`);
    expect(again.statusCode).toBe(200);
    expect((again.json() as TDeliveryTask).events.filter((event) => event.kind === 'claimed')).toHaveLength(1);

    const released = await post(agent, `/api/delivery/tasks/${taskId}/release`, { reason: 'Flat tyre' });
    expect(released.statusCode).toBe(200);
    expect(released.json()).toMatchObject({ status: 'open', revealed: false });

  });

  it('an agent holds at most AGENT_MAX_ACTIVE_TASKS (3) tasks', async () => {
    const agent = await createApprovedAgent(testApp.app);
    const tasks = [];
    for (let index = 0; index < 4; index += 1) tasks.push((await acceptedDeliveryOrder()).taskId);
    for (const taskId of tasks.slice(0, 3)) expect((await post(agent, `/api/delivery/tasks/${taskId}/claim`)).statusCode).toBe(200);
    const fourth = await post(agent, `/api/delivery/tasks/${tasks[3]}/claim`);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error.message).toBe(TOO_MANY_TASKS_MESSAGE);
  });

  it('pickup with the farm code, position to buyer and farm only, deliver with the buyer code (wrong code = 400), order delivered', async () => {
    const agent = await createApprovedAgent(testApp.app);
    const other = await createApprovedAgent(testApp.app);
    const { taskId, pickupCode, buyer, seller, order } = await acceptedDeliveryOrder();
    expect((await post(agent, `/api/delivery/tasks/${taskId}/claim`)).statusCode).toBe(200);

    const early = await post(agent, `/api/delivery/tasks/${taskId}/deliver`, { code: '000000' });
    expect(early.statusCode).toBe(409);
    const farmHandOver = await act(testApp.app, seller, order.id, { action: 'mark_ready' });
    expect(farmHandOver.statusCode).toBe(200);
    const held = await act(testApp.app, seller, order.id, { action: 'hand_over' });
    expect(held.statusCode).toBe(409);

    const wrongPickup = await post(agent, `/api/delivery/tasks/${taskId}/pickup`, { code: pickupCode === '000000' ? '111111' : '000000' });
    expect(wrongPickup.statusCode).toBe(400);
    const picked = await post(agent, `/api/delivery/tasks/${taskId}/pickup`, { code: pickupCode });
    expect(picked.statusCode).toBe(200);
    expect((await post(agent, `/api/delivery/tasks/${taskId}/pickup`, { code: pickupCode })).statusCode).toBe(200);
    expect((await getOrder(testApp.app, buyer, order.id)).status).toBe('in_transit');

    expect((await post(other, `/api/delivery/tasks/${taskId}/position`, { lat: 6.7, lng: -1.6 })).statusCode).toBe(404);
    expect((await post(agent, `/api/delivery/tasks/${taskId}/position`, { lat: 6.7, lng: -1.6, accuracy: 12 })).statusCode).toBe(204);
    const watched = ZGetOrderDeliveryResponse.parse(
      (await testApp.app.inject({ method: 'GET', url: `/api/orders/${order.id}/delivery`, headers: bearer(buyer.token) })).json(),
    );
    expect(watched).toMatchObject({ position: { lat: 6.7, lng: -1.6, accuracy: 12 }, agent: { name: agent.username, vehicle: 'motorbike' }, pickupCode: null });
    expect(watched.etaAt).not.toBeNull();
    const stranger = await testApp.app.inject({ method: 'GET', url: `/api/orders/${order.id}/delivery`, headers: bearer(other.token) });
    expect(stranger.statusCode).toBe(404);

    const buyerCode = (await getOrder(testApp.app, buyer, order.id)).confirmationCode ?? '';
    const wrong = await post(agent, `/api/delivery/tasks/${taskId}/deliver`, { code: buyerCode === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.code).toContain('not right');
    const photo = await publicUploadFor(testApp.app, agent.id);
    const delivered = await post(agent, `/api/delivery/tasks/${taskId}/deliver`, { code: buyerCode, photoUploadId: photo, recipientName: 'Ama' });
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toMatchObject({ status: 'delivered', revealed: false, recipientName: 'Ama', codeAttempts: 1 });
    expect((await post(agent, `/api/delivery/tasks/${taskId}/deliver`, { code: buyerCode })).statusCode).toBe(200);
    expect((await getOrder(testApp.app, buyer, order.id)).status).toBe('delivered');
    const after = ZGetOrderDeliveryResponse.parse(
      (await testApp.app.inject({ method: 'GET', url: `/api/orders/${order.id}/delivery`, headers: bearer(buyer.token) })).json(),
    );
    expect(after.position).toBeNull();
    expect(after.events.map((event) => event.kind)).toEqual(['created', 'claimed', 'picked_up', 'code_rejected', 'delivered']);
  });

  it('a failed attempt needs a photo for nobody_there, puts the order back to ready, and the farm re-opens it', async () => {
    const agent = await createApprovedAgent(testApp.app);
    const { taskId, pickupCode, buyer, seller, order } = await acceptedDeliveryOrder();
    await post(agent, `/api/delivery/tasks/${taskId}/claim`);
    expect((await post(agent, `/api/delivery/tasks/${taskId}/fail`, { reason: 'refused' })).statusCode).toBe(409);
    await post(agent, `/api/delivery/tasks/${taskId}/pickup`, { code: pickupCode });
    const noPhoto = await post(agent, `/api/delivery/tasks/${taskId}/fail`, { reason: 'nobody_there' });
    expect(noPhoto.statusCode).toBe(400);
    const photo = await publicUploadFor(testApp.app, agent.id);
    const failed = await post(agent, `/api/delivery/tasks/${taskId}/fail`, { reason: 'nobody_there', photoUploadId: photo, note: 'Gate locked' });
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({ status: 'failed', failureReason: 'nobody_there' });
    expect((await getOrder(testApp.app, buyer, order.id)).status).toBe('ready');
    expect((await post(agent, `/api/delivery/tasks/${taskId}/reopen`)).statusCode).toBe(404);
    const reopened = await post(seller, `/api/delivery/tasks/${taskId}/reopen`);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ status: 'open', attempt: 2 });
  });

  it('a task whose order the farm cancelled ends for the agent with a clear message', async () => {
    const agent = await createApprovedAgent(testApp.app);
    const { taskId, pickupCode, seller, order } = await acceptedDeliveryOrder();
    await post(agent, `/api/delivery/tasks/${taskId}/claim`);
    expect((await act(testApp.app, seller, order.id, { action: 'cancel', reason: 'Out of stock' })).statusCode).toBe(200);
    const pickup = await post(agent, `/api/delivery/tasks/${taskId}/pickup`, { code: pickupCode });
    expect(pickup.statusCode).toBe(409);
    expect(pickup.json().error.message).toContain('cancelled or refunded');
  });
});
