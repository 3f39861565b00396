import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createSolidPng } from '../support/api-in-page';
import { AGENT_LANE_ADDRESS, AGENT_LANE_FARM, AGENT_LANE_HOME, AGENT_LANE_PRODUCT, AGENT_LANE_USERS } from '../support/fixtures-agents';
import { ApiActor, openSignedIn } from '../support/orders-api';
import { openLive, openSecondPerson } from '../support/realtime';

/**
 * Issue 11's "Done when": a buyer orders for delivery, the farm accepts, an agent in another browser
 * claims it (a second agent's claim is refused), picks it up with the farm's code, shares its
 * position, the buyer sees the marker move, the agent delivers with the buyer's code and a photo, and
 * after completion the fee is in the agent's wallet; a failed attempt and a release are walked too.
 */

const LIVE_MS = 15_000;
const TASK_TAKEN = 'This task was just taken by another agent';

async function placeDeliveryOrder(buyer: ApiActor): Promise<string> {
  await buyer.ok('DELETE', '/api/baskets');
  const listing = await buyer.ok<{ items: Array<{ id: string; title: string }> }>('GET', `/api/products?q=${encodeURIComponent(AGENT_LANE_PRODUCT.title)}`);
  const product = listing.items.find((item) => item.title === AGENT_LANE_PRODUCT.title);
  expect(product, 'the agent lane product').toBeDefined();
  await buyer.ok('POST', '/api/baskets/items', { productId: product!.id, quantity: 2 });
  const addresses = await buyer.ok<{ items: Array<{ id: string; isDefault: boolean }> }>('GET', '/api/addresses');
  const addressId = addresses.items.find((address) => address.isDefault)!.id;
  const quote = await buyer.ok<{ sellers: Array<{ sellerUserId: string; slots: Array<{ id: string; method: string }> }> }>('POST', '/api/checkout/quote', { addressId });
  const sellers = quote.sellers.map((seller) => ({
    sellerUserId: seller.sellerUserId,
    fulfilment: 'delivery',
    slotId: seller.slots.find((slot) => slot.method === 'delivery')!.id,
  }));
  const checkout = await buyer.ok<{ orders: Array<{ id: string }> }>('POST', '/api/checkout', { addressId, sellers, payNow: true }, { 'Idempotency-Key': randomUUID() });
  return checkout.orders[0]!.id;
}

async function taskOf(agent: ApiActor, orderId: string): Promise<{ id: string; status: string }> {
  const open = await agent.ok<{ items: Array<{ id: string; orderId: string; status: string }> }>('GET', '/api/delivery/tasks/open');
  const mine = await agent.ok<{ items: Array<{ id: string; orderId: string; status: string }> }>('GET', '/api/delivery/tasks/mine?scope=all');
  const task = [...open.items, ...mine.items].find((item) => item.orderId === orderId);
  expect(task, `the task of order ${orderId}`).toBeDefined();
  return task!;
}

async function pickupCode(farm: ApiActor, orderId: string): Promise<string> {
  const delivery = await farm.ok<{ pickupCode: string | null }>('GET', `/api/orders/${orderId}/delivery`);
  expect(delivery.pickupCode, 'the farm sees the pickup code').toMatch(/^[0-9]{6}$/);
  return delivery.pickupCode!;
}

function openTaskCard(page: Page) {
  return page.getByTestId('open-task').filter({ hasText: AGENT_LANE_FARM.name });
}

test.describe('Pulse Agent delivery journey', () => {
  test.describe.configure({ mode: 'serial' });

  let buyer: ApiActor;
  let farm: ApiActor;
  let rider: ApiActor;
  let rival: ApiActor;

  test.beforeAll(async () => {
    buyer = await ApiActor.signIn(AGENT_LANE_USERS.buyer);
    farm = await ApiActor.signIn(AGENT_LANE_USERS.farm);
    rider = await ApiActor.signIn(AGENT_LANE_USERS.rider);
    rival = await ApiActor.signIn(AGENT_LANE_USERS.rival);
    await buyer.topUp(50_000);
  });

  test.afterAll(async () => {
    for (const actor of [buyer, farm, rider, rival]) await actor?.dispose();
  });

  test('claim, refused second claim, pickup with the code, live position on the buyer map, delivery with code and photo, fee in the wallet', async ({ page, browser }) => {
    test.setTimeout(150_000);
    const orderId = await placeDeliveryOrder(buyer);
    await farm.orderAction(orderId, 'accept');

    // The rider, in its own browser with its position shared.
    const riderBrowser = await openSecondPerson(browser);
    // The rival's browser gets no live updates, so the taken task is still on its screen when it taps Claim.
    const rivalBrowser = await openSecondPerson(browser);
    try {
      await riderBrowser.context.grantPermissions(['geolocation']);
      await riderBrowser.context.setGeolocation({ latitude: AGENT_LANE_FARM.lat, longitude: AGENT_LANE_FARM.lng });
      await openLive(riderBrowser.page, AGENT_LANE_USERS.rider, '/logistics-tasks');
      const riderPage = riderBrowser.page;
      await riderPage.getByRole('tab', { name: /Open near you/ }).click();
      const card = openTaskCard(riderPage);
      await expect(card).toBeVisible();
      // Before claiming: town only, no street.
      await expect(card).toContainText('Kumasi');
      await expect(card).not.toContainText('Bantama High Street');

      await rivalBrowser.context.route('**/socket.io/**', (route) => route.abort());
      await openSignedIn(rivalBrowser.page, AGENT_LANE_USERS.rival, '/logistics-tasks');
      await rivalBrowser.page.getByRole('tab', { name: /Open near you/ }).click();
      await expect(openTaskCard(rivalBrowser.page)).toBeVisible();

      await card.getByRole('button', { name: 'Claim task' }).click();
      const held = riderPage.getByTestId('held-task').filter({ hasText: AGENT_LANE_FARM.name });
      await expect(held).toHaveAttribute('data-status', 'claimed');
      await expect(held.getByTestId('drop-off')).toContainText('Bantama High Street');
      // The recipient by name (not the buyer's username), and a way to navigate to either end.
      await expect(held.getByTestId('recipient')).toContainText(`For ${AGENT_LANE_ADDRESS.recipientName}`);
      await expect(held.getByTestId('recipient')).not.toContainText(AGENT_LANE_USERS.buyer.username);
      await expect(held.getByRole('link', { name: `Directions to ${AGENT_LANE_FARM.name}` })).toHaveAttribute(
        'href',
        `https://www.google.com/maps/dir/?api=1&destination=${AGENT_LANE_FARM.lat},${AGENT_LANE_FARM.lng}`,
      );
      await expect(held.getByRole('link', { name: /^Open .*Bantama High Street.* in a map app$/ })).toHaveAttribute(
        'href',
        new RegExp(`^geo:${AGENT_LANE_ADDRESS.lat},${AGENT_LANE_ADDRESS.lng}\\?q=`),
      );
      await expect(held.getByRole('link', { name: /^Directions to .*Bantama High Street/ })).toHaveAttribute('href', /destination=6\.6972,-1\.6201$/);

      // The second agent's claim is refused with the server's sentence, and its list refreshes.
      await openTaskCard(rivalBrowser.page).getByRole('button', { name: 'Claim task' }).click();
      await expect(rivalBrowser.page.getByRole('alert')).toContainText(TASK_TAKEN);
      await expect(openTaskCard(rivalBrowser.page)).toHaveCount(0);
      const task = await taskOf(rider, orderId);
      const refused = await rival.call<{ error: { message: string } }>('POST', `/api/delivery/tasks/${task.id}/claim`, undefined, { 'Idempotency-Key': randomUUID() });
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toBe(TASK_TAKEN);

      // Pickup with the farm's code; position sharing starts.
      await held.getByLabel('Pickup code').fill(await pickupCode(farm, orderId));
      await held.getByRole('button', { name: 'Picked up' }).click();
      await expect(held).toHaveAttribute('data-status', 'in_transit');
      await expect(held.getByTestId('position-sharing')).toHaveAttribute('data-state', 'on', { timeout: LIVE_MS });

      // The buyer watches the marker on /order-delivery.
      await openLive(page, AGENT_LANE_USERS.buyer, `/order-delivery/${orderId}`);
      await expect(page.getByTestId('delivery-agent')).toHaveText(AGENT_LANE_USERS.rider.username);
      await expect(page.getByTestId('delivery-map')).toBeVisible();
      await expect(page.locator('.delivery-map-agent')).toHaveCount(1);
      await expect(page.locator('.delivery-map-farm')).toHaveCount(1);
      await expect(page.locator('.delivery-map-route')).toHaveCount(1);
      const position = page.getByTestId('agent-position');
      await expect(position).toHaveAttribute('data-lat', String(AGENT_LANE_FARM.lat));
      const agentMarker = page.locator('.delivery-map-agent');
      const before = await agentMarker.getAttribute('d');

      // The rider moves about 1.5 km: the buyer's marker follows without a reload.
      const moved = { latitude: 6.7001, longitude: -1.6252 };
      await riderBrowser.context.setGeolocation(moved);
      await expect(position).toHaveAttribute('data-lat', String(moved.latitude), { timeout: LIVE_MS });
      await expect.poll(() => agentMarker.getAttribute('d')).not.toBe(before);

      // Delivery with the buyer's code, a photo and the recipient's name.
      const code = (await buyer.order(orderId)).confirmationCode!;
      await held.getByLabel(/Buyer's confirmation code/).fill(code);
      await held.getByLabel('Received by (optional)').fill('Akua Owusu');
      await held.locator('input[type="file"]').setInputFiles({ name: 'doorstep.png', mimeType: 'image/png', buffer: createSolidPng(32) });
      await expect(held.getByRole('img', { name: 'Photo taken' })).toBeVisible();
      await held.getByRole('button', { name: 'Delivered' }).click();
      await expect(riderPage.getByTestId('held-task').filter({ hasText: AGENT_LANE_FARM.name })).toHaveCount(0);
      await expect(page.getByRole('img', { name: 'Proof of delivery' })).toBeVisible({ timeout: LIVE_MS });

      // The buyer confirms; the fee leaves escrow for the agent's available balance.
      const escrow = await rider.ok<{ escrowMinor: number; availableMinor: number }>('GET', '/api/agent/wallet?tzOffsetMinutes=0');
      expect(escrow.escrowMinor).toBeGreaterThan(0);
      await buyer.orderAction(orderId, 'confirm_receipt');
      const wallet = await rider.ok<{ escrowMinor: number; availableMinor: number }>('GET', '/api/agent/wallet?tzOffsetMinutes=0');
      expect(wallet.availableMinor).toBeGreaterThanOrEqual(escrow.escrowMinor);
      await riderPage.goto('/wallet');
      await expect(riderPage.getByTestId('agent-available')).not.toContainText('$0.00');
    } finally {
      await riderBrowser.context.close();
      await rivalBrowser.context.close();
    }
  });

  test('a failed attempt (nobody there, with a photo) and a release before pickup', async ({ page }) => {
    test.setTimeout(90_000);
    const failedOrder = await placeDeliveryOrder(buyer);
    await farm.orderAction(failedOrder, 'accept');
    const failedTask = await taskOf(rider, failedOrder);
    await rider.ok('POST', `/api/delivery/tasks/${failedTask.id}/claim`, undefined, { 'Idempotency-Key': randomUUID() });
    await rider.ok('POST', `/api/delivery/tasks/${failedTask.id}/pickup`, { code: await pickupCode(farm, failedOrder) }, { 'Idempotency-Key': randomUUID() });

    await page.context().grantPermissions(['geolocation']);
    await page.context().setGeolocation({ latitude: AGENT_LANE_HOME.lat, longitude: AGENT_LANE_HOME.lng });
    await openLive(page, AGENT_LANE_USERS.rider, '/logistics-tasks');
    const held = page.getByTestId('held-task').filter({ hasText: AGENT_LANE_FARM.name });
    await expect(held).toHaveAttribute('data-status', 'in_transit');
    await held.getByRole('button', { name: 'Could not deliver?' }).click();
    await held.getByRole('radio', { name: 'Nobody there' }).check();
    await held.getByRole('button', { name: 'Report failed attempt' }).click();
    await expect(held.getByText('Add a photo of the place')).toBeVisible();
    await held.locator('input[type="file"]').setInputFiles({ name: 'door.png', mimeType: 'image/png', buffer: createSolidPng(32, [120, 80, 40]) });
    await expect(held.getByRole('img', { name: 'Photo taken' })).toBeVisible();
    await held.getByRole('button', { name: 'Report failed attempt' }).click();
    await expect(held).toHaveCount(0);
    expect((await farm.ok<{ task: { status: string } }>('GET', `/api/orders/${failedOrder}/delivery`)).task?.status).toBe('failed');

    // Release before pickup: the task goes back to the open list.
    const releasedOrder = await placeDeliveryOrder(buyer);
    await farm.orderAction(releasedOrder, 'accept');
    const releasedTask = await taskOf(rider, releasedOrder);
    await rider.ok('POST', `/api/delivery/tasks/${releasedTask.id}/claim`, undefined, { 'Idempotency-Key': randomUUID() });
    await page.reload();
    await page.getByRole('tab', { name: /My tasks/ }).click();
    const claimed = page.getByTestId('held-task').filter({ hasText: AGENT_LANE_FARM.name });
    await expect(claimed).toHaveAttribute('data-status', 'claimed');
    await claimed.getByRole('button', { name: 'Release this task' }).click();
    await claimed.getByLabel('Why are you releasing it?').fill('My motorbike has a flat tyre');
    await claimed.getByRole('button', { name: 'Release task' }).click();
    await expect(claimed).toHaveCount(0);
    const open = await rival.ok<{ items: Array<{ id: string }> }>('GET', '/api/delivery/tasks/open');
    expect(open.items.map((item) => item.id)).toContain(releasedTask.id);
  });
});
