import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TReview, TReviewListResponse } from '@pulse/contract/reviews';
import { bearer } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { act, createBuyer, createSeller, getOrder, placePaidOrder, productStock, type TestUser } from '../orders/testing/order-fixtures';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ ORDER_TIMERS: 'off' });
});

afterAll(async () => {
  await testApp.close();
});

async function completedOrder(buyer: TestUser, seller: TestUser) {
  const { app } = testApp;
  const placed = await placePaidOrder(app, { buyer, seller, fulfilment: 'pickup' });
  for (const action of ['accept', 'mark_ready']) await act(app, seller, placed.order.id, { action });
  const code = (await getOrder(app, buyer, placed.order.id)).confirmationCode ?? '';
  await act(app, seller, placed.order.id, { action: 'hand_over', confirmationCode: code });
  const done = await act(app, buyer, placed.order.id, { action: 'confirm_receipt' });
  if (done.json().status !== 'completed') throw new Error(done.body);
  return placed;
}

function review(user: TestUser, orderId: string, payload: Record<string, unknown>) {
  return testApp.app.inject({ method: 'POST', url: `/api/orders/${orderId}/review`, headers: bearer(user.token), payload });
}

describe('reviews', () => {
  it('the buyer reviews a completed order once; the product and seller lists show it with the average', async () => {
    const { app } = testApp;
    const buyer = await createBuyer(app);
    const seller = await createSeller(app, 'Review Farm');
    const { order, productId } = await completedOrder(buyer, seller);

    const created = await review(buyer, order.id, { rating: 4, body: 'Sweet and firm' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ rating: 4, body: 'Sweet and firm', buyerUsername: buyer.username, sellerReply: null });
    expect(await productStock(app, productId)).toMatchObject({ ratingCount: 1, ratingSum: 4 });
    expect((await getOrder(app, buyer, order.id)).canReview).toBe(false);
    expect((await getOrder(app, buyer, order.id)).review?.rating).toBe(4);

    const twice = await review(buyer, order.id, { rating: 5 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('You already reviewed this order.');

    const second = await completedOrder(buyer, seller);
    expect((await review(buyer, second.order.id, { rating: 5 })).statusCode).toBe(201);

    const byProduct = (await app.inject({ method: 'GET', url: `/api/products/${productId}/reviews` })).json() as TReviewListResponse;
    expect(byProduct).toMatchObject({ ratingAverage: 4, ratingCount: 1 });
    expect(byProduct.items.map((item) => item.body)).toEqual(['Sweet and firm']);
    const bySeller = (await app.inject({ method: 'GET', url: `/api/sellers/${seller.id}/reviews?limit=1` })).json() as TReviewListResponse;
    expect(bySeller).toMatchObject({ ratingAverage: 4.5, ratingCount: 2 });
    expect(bySeller.items).toHaveLength(1);
    expect(bySeller.items[0]?.rating).toBe(5);
    const next = (await app.inject({ method: 'GET', url: `/api/sellers/${seller.id}/reviews?limit=1&cursor=${bySeller.nextCursor ?? ''}` })).json() as TReviewListResponse;
    expect(next.items.map((item) => item.rating)).toEqual([4]);
    expect(next.nextCursor).toBeNull();
  });

  it('refuses a review before completion (409), by the seller (403), by a stranger (404), and a bad rating (400)', async () => {
    const { app } = testApp;
    const buyer = await createBuyer(app);
    const seller = await createSeller(app);
    const stranger = await createBuyer(app);
    const { order } = await placePaidOrder(app, { buyer, seller });
    const early = await review(buyer, order.id, { rating: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('You can review an order once it is completed.');
    expect((await review(seller, order.id, { rating: 5 })).statusCode).toBe(403);
    expect((await review(stranger, order.id, { rating: 5 })).statusCode).toBe(404);
    const bad = await review(buyer, order.id, { rating: 6 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.rating).toBe('Choose 1 to 5 stars');
  });

  it('the seller answers once; the buyer is told; others cannot answer', async () => {
    const { app } = testApp;
    const buyer = await createBuyer(app);
    const seller = await createSeller(app, 'Reply Farm');
    const stranger = await createBuyer(app);
    const { order } = await completedOrder(buyer, seller);
    const reviewId = ((await review(buyer, order.id, { rating: 2, body: 'Bruised' })).json() as TReview).id;
    const reply = (user: TestUser, body: string) => app.inject({ method: 'POST', url: `/api/reviews/${reviewId}/reply`, headers: bearer(user.token), payload: { body } });

    expect((await reply(stranger, 'Hi')).statusCode).toBe(404);
    expect((await reply(buyer, 'Hi')).statusCode).toBe(403);
    expect((await reply(seller, '   ')).statusCode).toBe(400);
    const answered = await reply(seller, 'Sorry, the next crate is on us');
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({ sellerReply: 'Sorry, the next crate is on us' });
    expect((await reply(seller, 'Again')).statusCode).toBe(409);

    const notifications = await app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(buyer.token) });
    expect(notifications.body).toContain('Reply Farm answered your review');
  });

  it('answers 404 for reviews of an unknown product or seller', async () => {
    const { app } = testApp;
    expect((await app.inject({ method: 'GET', url: '/api/products/0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b/reviews' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/sellers/0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b/reviews' })).statusCode).toBe(404);
  });
});
