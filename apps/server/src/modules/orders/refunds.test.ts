import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TOrderDetails, TRefundListResponse } from '@pulse/contract/orders';
import { adminAuditLog } from '../../db/schema/admin-audit-log';
import { orders } from '../../db/schema/orders';
import { bearer } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { sweepOrderTimers } from './orders-service';
import { act, balances, createBuyer, createSeller, getOrder, ledgerTotal, makeAdmin, placePaidOrder, type TestUser } from './testing/order-fixtures';

let testApp: TestApp;
let seller: TestUser;
let otherSeller: TestUser;
let admin: TestUser;

beforeAll(async () => {
  testApp = await createTestApp({ ORDER_TIMERS: 'off' });
  seller = await createSeller(testApp.app, 'Refund Farm');
  otherSeller = await createSeller(testApp.app, 'Other Farm');
  admin = await createBuyer(testApp.app);
  await makeAdmin(testApp.app, admin.id);
}, 60_000);

afterAll(async () => {
  await testApp.close();
});

/** A delivered pickup order of `farm` whose buyer asked for a refund. */
async function refundRequested(farm: TestUser = seller): Promise<{ orderId: string; buyer: TestUser }> {
  const { app } = testApp;
  const { order, buyer } = await placePaidOrder(app, { seller: farm, quantity: 4, priceMinor: 250 });
  for (const action of ['accept', 'mark_ready'] as const) expect((await act(app, farm, order.id, { action })).statusCode).toBe(200);
  const code = (await getOrder(app, buyer, order.id)).confirmationCode ?? '';
  expect((await act(app, farm, order.id, { action: 'hand_over', confirmationCode: code })).statusCode).toBe(200);
  const asked = await act(app, buyer, order.id, { action: 'request_refund', reason: 'Half the tomatoes were bruised' });
  expect(asked.statusCode, asked.body).toBe(200);
  return { orderId: order.id, buyer };
}

async function list(user: TestUser, url: string) {
  return testApp.app.inject({ method: 'GET', url, headers: bearer(user.token) });
}

async function notificationsOf(user: TestUser): Promise<Array<{ message: string; related_entity_id: string | null }>> {
  const response = await list(user, '/api/notifications?limit=50');
  return (response.json() as { items: Array<{ message: string; related_entity_id: string | null }> }).items;
}

describe('contesting a refund', () => {
  it('needs a reason (400 with a field message) and leaves the request open', async () => {
    const { orderId, buyer } = await refundRequested();
    const response = await act(testApp.app, seller, orderId, { action: 'contest_refund', reason: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ reason: 'Tell us the reason.' });
    expect((await getOrder(testApp.app, buyer, orderId)).status).toBe('refund_requested');
  });

  it('only the farm contests: the buyer gets 403, another farm 404', async () => {
    const { orderId, buyer } = await refundRequested();
    const byBuyer = await act(testApp.app, buyer, orderId, { action: 'contest_refund', reason: 'no' });
    expect(byBuyer.statusCode).toBe(403);
    expect(byBuyer.json().error.message).toBe('Only the farm can contest the refund of this order.');
    expect((await act(testApp.app, otherSeller, orderId, { action: 'contest_refund', reason: 'no' })).statusCode).toBe(404);
  });

  it('moves the order to refund_disputed, keeps the money in escrow, tells the buyer, and hands the decision to the admin', async () => {
    const { app } = testApp;
    const { orderId, buyer } = await refundRequested();
    const escrowBefore = (await balances(app, buyer.id)).escrowMinor;
    const response = await act(app, seller, orderId, { action: 'contest_refund', reason: 'The photos show whole tomatoes' });
    expect(response.statusCode, response.body).toBe(200);
    const details = response.json() as TOrderDetails;
    expect(details.status).toBe('refund_disputed');
    expect(details.refundContestReason).toBe('The photos show whole tomatoes');
    expect(details.allowedActions).toEqual([]);
    expect((await balances(app, buyer.id)).escrowMinor).toBe(escrowBefore);
    expect((await notificationsOf(buyer)).some((row) => row.related_entity_id === orderId && /contested your refund request/.test(row.message))).toBe(true);

    // The farm no longer decides; the buyer cannot close it either.
    const approve = await act(app, seller, orderId, { action: 'approve_refund' });
    expect(approve.statusCode).toBe(403);
    expect(approve.json().error.message).toBe('Only the admin can refund this order.');
    expect((await act(app, seller, orderId, { action: 'reject_refund', reason: 'no' })).statusCode).toBe(403);
    const confirm = await act(app, buyer, orderId, { action: 'confirm_receipt' });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().error.message).toBe('This order is refund contested and cannot be confirmed as received');
    const asAdmin = await getOrder(app, admin, orderId);
    expect(asAdmin.allowedActions).toEqual(['approve_refund', 'reject_refund']);
  });

  it('is not completed by the auto-complete timer while the admin decides', async () => {
    const { app } = testApp;
    const { orderId, buyer } = await refundRequested();
    expect((await act(app, seller, orderId, { action: 'contest_refund', reason: 'Fine when collected' })).statusCode).toBe(200);
    await app.db.update(orders).set({ autoCompleteAt: new Date(Date.now() - 60_000) }).where(eq(orders.id, orderId));
    await sweepOrderTimers(app, new Date());
    expect((await getOrder(app, buyer, orderId)).status).toBe('refund_disputed');
  });
});

describe('admin decisions on a contested refund', () => {
  it('approve: the buyer gets the whole escrow back, both parties are told, the audit log has it', async () => {
    const { app } = testApp;
    const { orderId, buyer } = await refundRequested();
    expect((await act(app, seller, orderId, { action: 'contest_refund', reason: 'Looked fine' })).statusCode).toBe(200);
    const before = await balances(app, buyer.id);
    const response = await act(app, admin, orderId, { action: 'approve_refund' });
    expect(response.statusCode, response.body).toBe(200);
    const details = response.json() as TOrderDetails;
    expect(details.status).toBe('refunded');
    expect(details.events.at(-1)).toMatchObject({ fromStatus: 'refund_disputed', toStatus: 'refunded', actor: 'admin' });
    const after = await balances(app, buyer.id);
    expect(after.availableMinor - before.availableMinor).toBe(1000);
    expect(after.escrowMinor).toBe(before.escrowMinor - 1000);
    expect(await ledgerTotal(app)).toBe(0);
    expect((await notificationsOf(buyer)).some((row) => row.related_entity_id === orderId && /support approved your refund/.test(row.message))).toBe(true);
    expect((await notificationsOf(seller)).some((row) => row.related_entity_id === orderId && /support approved the refund/.test(row.message))).toBe(true);
    const audit = await app.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, orderId));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ adminUserId: admin.id, action: 'order.approve_refund', targetType: 'order' });
  });

  it('reject: needs a reason, then refund_rejected with the reason, back on the auto-complete timer, audited', async () => {
    const { app } = testApp;
    const { orderId, buyer } = await refundRequested();
    expect((await act(app, seller, orderId, { action: 'contest_refund', reason: 'Looked fine' })).statusCode).toBe(200);
    expect((await act(app, admin, orderId, { action: 'reject_refund' })).statusCode).toBe(400);
    const response = await act(app, admin, orderId, { action: 'reject_refund', reason: 'The pickup photos show sound produce' });
    expect(response.statusCode, response.body).toBe(200);
    const details = response.json() as TOrderDetails;
    expect(details.status).toBe('refund_rejected');
    expect(details.refundDecisionReason).toBe('The pickup photos show sound produce');
    expect(details.autoCompleteAt).not.toBeNull();
    expect((await notificationsOf(buyer)).some((row) => row.related_entity_id === orderId && /support refused your refund/.test(row.message))).toBe(true);
    const audit = await app.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, orderId));
    expect(audit.map((row) => row.action)).toEqual(['order.reject_refund']);
    expect(audit[0]?.details).toMatchObject({ fromStatus: 'refund_disputed', toStatus: 'refund_rejected', reason: 'The pickup photos show sound produce' });
  });

  it('a farm deciding its own refund writes no audit row', async () => {
    const { app } = testApp;
    const { orderId } = await refundRequested();
    expect((await act(app, seller, orderId, { action: 'approve_refund' })).statusCode).toBe(200);
    expect(await app.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, orderId))).toHaveLength(0);
  });
});

describe('refund lists', () => {
  it('GET /api/seller/refunds: my cases only, newest first, with reasons, amount and dates; filter by status', async () => {
    const { app } = testApp;
    const farm = await createSeller(app, 'List Farm');
    const first = await refundRequested(farm);
    const second = await refundRequested(farm);
    expect((await act(app, farm, second.orderId, { action: 'contest_refund', reason: 'Fresh when collected' })).statusCode).toBe(200);
    const third = await refundRequested(farm);
    expect((await act(app, farm, third.orderId, { action: 'approve_refund' })).statusCode).toBe(200);
    await refundRequested(otherSeller);

    const response = await list(farm, '/api/seller/refunds');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as TRefundListResponse;
    expect(body.items.map((item) => item.id)).toEqual([third.orderId, second.orderId, first.orderId]);
    const [refunded, disputed, requested] = body.items;
    expect(refunded?.status).toBe('refunded');
    expect(refunded?.refund.amountMinor).toBe(1000);
    expect(refunded?.refund.resolvedAt).not.toBeNull();
    expect(disputed?.refund).toMatchObject({ reason: 'Half the tomatoes were bruised', contestReason: 'Fresh when collected', decisionReason: null, amountMinor: 1000, resolvedAt: null });
    expect(requested?.refund.requestedAt).not.toBeNull();
    expect(requested?.shopName).toBe('List Farm');

    const filtered = (await list(farm, '/api/seller/refunds?status=refund_disputed,refunded')).json() as TRefundListResponse;
    expect(filtered.items.map((item) => item.id)).toEqual([third.orderId, second.orderId]);

    const paged = (await list(farm, '/api/seller/refunds?limit=2')).json() as TRefundListResponse;
    expect(paged.items).toHaveLength(2);
    const next = (await list(farm, `/api/seller/refunds?limit=2&cursor=${paged.nextCursor ?? ''}`)).json() as TRefundListResponse;
    expect(next.items.map((item) => item.id)).toEqual([first.orderId]);
    expect(next.nextCursor).toBeNull();
  });

  it('refuses bad queries with 400 and a clear message', async () => {
    const badStatus = await list(seller, '/api/seller/refunds?status=paid');
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.body).toContain('Unknown refund status');
    expect((await list(seller, '/api/seller/refunds?cursor=nope')).statusCode).toBe(400);
    expect((await list(seller, '/api/seller/refunds?limit=0')).statusCode).toBe(400);
  });

  it('GET /api/admin/refunds?status=refund_disputed: every farm\'s disputes, for admins only', async () => {
    const { app } = testApp;
    const mine = await refundRequested(seller);
    expect((await act(app, seller, mine.orderId, { action: 'contest_refund', reason: 'A' })).statusCode).toBe(200);
    const theirs = await refundRequested(otherSeller);
    expect((await act(app, otherSeller, theirs.orderId, { action: 'contest_refund', reason: 'B' })).statusCode).toBe(200);
    const response = await list(admin, '/api/admin/refunds?status=refund_disputed&limit=50');
    expect(response.statusCode).toBe(200);
    const items = (response.json() as TRefundListResponse).items;
    expect(items.every((item) => item.status === 'refund_disputed')).toBe(true);
    expect(items.map((item) => item.id)).toEqual(expect.arrayContaining([mine.orderId, theirs.orderId]));

    expect((await testApp.app.inject({ method: 'GET', url: '/api/admin/refunds' })).statusCode).toBe(401);
    const bySeller = await list(seller, '/api/admin/refunds?status=refund_disputed');
    expect(bySeller.statusCode).toBe(403);
    expect(bySeller.json().error.message).toBe('Only Pulse Market admins can do this.');
    // Checked before the query: a non-admin with a bad query still gets 403.
    expect((await list(seller, '/api/admin/refunds?status=bogus')).statusCode).toBe(403);
  });

  it('seller refunds need the seller role: 401 for visitors, 403 for buyers', async () => {
    const buyer = await createBuyer(testApp.app);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/seller/refunds' })).statusCode).toBe(401);
    const response = await list(buyer, '/api/seller/refunds');
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe('This is for sellers. Apply to sell on Pulse Market first.');
  });
});
