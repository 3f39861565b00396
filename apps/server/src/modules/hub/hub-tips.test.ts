import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_UNAVAILABLE_MESSAGE, TIP_SELF_MESSAGE, ZPostTipList, ZTipOptions, ZTipResponse } from '@pulse/contract/hub';
import { ZListNotificationsResponse } from '@pulse/contract/notifications';
import { ZWalletHistoryResponse } from '@pulse/contract/wallet';
import { createId } from '../../db/new-id';
import { hubPosts } from '../../db/schema/hub';
import { users } from '../../db/schema/users';
import { bearer } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { balances, createBuyer, fundWallet, ledgerTotal, nextKey, type TestUser } from '../orders/testing/order-fixtures';
import { INSUFFICIENT_FUNDS_MESSAGE } from '../wallet/ledger-service';
import { TIP_KEY_REUSED_MESSAGE } from './hub-tips-service';
import { createHubPost, hidePost, hubRequest } from './testing/hub-fixtures';

/** Tips paid from the wallet to a post's author (issue 12, decision 022). */

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ ORDER_TIMERS: 'off' });
});

afterAll(async () => {
  await testApp.close();
});

/** A post of `author` through the posts route; hidden as a moderator would, or deleted by its author. */
async function insertPost(author: TestUser, state: { hidden?: boolean; deleted?: boolean } = {}): Promise<string> {
  const { id } = await createHubPost(testApp.app, author, { text: 'First okra of the season, picked this morning #okra #harvest' });
  if (state.hidden) await hidePost(testApp.app, id);
  if (state.deleted) expect((await hubRequest(testApp.app, author, 'DELETE', `/api/hub/posts/${id}`)).statusCode).toBeLessThan(300);
  return id;
}

function tip(user: TestUser, postId: string, amountMinor: unknown, key: string | null = nextKey('tip')) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/hub/posts/${postId}/tips`,
    headers: { ...bearer(user.token), ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: { amountMinor },
  });
}

function get(user: TestUser, url: string) {
  return testApp.app.inject({ method: 'GET', url, headers: bearer(user.token) });
}

async function tipTotal(postId: string): Promise<number> {
  const [row] = await testApp.app.db.select({ total: hubPosts.tipTotalMinor }).from(hubPosts).where(eq(hubPosts.id, postId));
  return Number(row?.total);
}

/** An author with a post and a reader with `funds` in the wallet. */
async function scene(funds = 5_000) {
  const author = await createBuyer(testApp.app);
  const reader = await createBuyer(testApp.app);
  if (funds > 0) await fundWallet(testApp.app, reader.id, funds);
  return { author, reader, postId: await insertPost(author) };
}

describe('tip options', () => {
  it('offers the configured presets and bounds in the wallet currency', async () => {
    const { reader } = await scene(0);
    const response = await get(reader, '/api/hub/tip-options');
    expect(response.statusCode).toBe(200);
    expect(ZTipOptions.parse(response.json())).toEqual({ currency: 'USD', presetsMinor: [100, 200, 500, 1000], minMinor: 50, maxMinor: 50_000 });
  });
});

describe('a tip', () => {
  it("moves the money from the reader's wallet to the author's, adds to the post's total and tells the author", async () => {
    const { author, reader, postId } = await scene(5_000);
    const response = await tip(reader, postId, 200);
    expect(response.statusCode, response.body).toBe(201);
    const body = ZTipResponse.parse(response.json());
    expect(body).toMatchObject({ amountMinor: 200, tipTotalMinor: 200, wallet: { currency: 'USD', availableMinor: 4_800 } });

    expect((await balances(testApp.app, reader.id)).availableMinor).toBe(4_800);
    expect((await balances(testApp.app, author.id)).availableMinor).toBe(200);
    expect(await tipTotal(postId)).toBe(200);
    expect(await ledgerTotal(testApp.app)).toBe(0);
    // The post shows its tip total to every reader.
    expect((await get(reader, `/api/hub/posts/${postId}`)).json()).toMatchObject({ id: postId, tipTotalMinor: 200 });

    const notifications = ZListNotificationsResponse.parse((await get(author, '/api/notifications?source=pulse_hub')).json());
    expect(notifications.items).toEqual([
      expect.objectContaining({ type: 'tip', source: 'pulse_hub', related_entity_id: postId, message: `${reader.username} tipped you $2.00 for your post` }),
    ]);

    // Both wallets' histories show it, worded from each side.
    const readerHistory = ZWalletHistoryResponse.parse((await get(reader, '/api/wallet/history')).json());
    expect(readerHistory.items[0]).toMatchObject({ kind: 'tip', availableChangeMinor: -200, memo: `Tip to @${author.username}` });
    const authorHistory = ZWalletHistoryResponse.parse((await get(author, '/api/wallet/history')).json());
    expect(authorHistory.items[0]).toMatchObject({ kind: 'tip', availableChangeMinor: 200, memo: `Tip from @${reader.username}` });
  });

  it('is refused outside the configured bounds, naming them in money', async () => {
    const { reader, postId } = await scene();
    for (const amount of [49, 50_001]) {
      const response = await tip(reader, postId, amount);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('Tips are between $0.50 and $500.00');
    }
    expect((await tip(reader, postId, 0)).json().error.fields.amountMinor).toBe('Enter an amount');
    expect((await tip(reader, postId, 50)).statusCode).toBe(201);
    expect((await tip(reader, postId, 1.5)).statusCode).toBe(400);
    expect((await balances(testApp.app, reader.id)).availableMinor).toBe(4_950);
  });

  it('needs an Idempotency-Key', async () => {
    const { reader, postId } = await scene();
    const response = await tip(reader, postId, 100, null);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Idempotency-Key header is required');
  });

  it('is refused on your own post', async () => {
    const { author, postId } = await scene();
    await fundWallet(testApp.app, author.id, 1_000);
    const response = await tip(author, postId, 100);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(TIP_SELF_MESSAGE);
    expect((await balances(testApp.app, author.id)).availableMinor).toBe(1_000);
  });

  it("is refused on a hidden, a deleted, a suspended author's or an unknown post, and nothing moves", async () => {
    const { author, reader } = await scene();
    const suspended = await createBuyer(testApp.app);
    const suspendedPost = await insertPost(suspended);
    await testApp.app.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));
    for (const postId of [await insertPost(author, { hidden: true }), await insertPost(author, { deleted: true }), suspendedPost, createId()]) {
      const response = await tip(reader, postId, 100);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(POST_UNAVAILABLE_MESSAGE);
    }
    expect((await balances(testApp.app, reader.id)).availableMinor).toBe(5_000);
    expect((await balances(testApp.app, author.id)).availableMinor).toBe(0);
  });

  it("with a short balance says so with the wallet's message (409), and nothing moves", async () => {
    const { author, reader, postId } = await scene(150);
    const response = await tip(reader, postId, 200);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(INSUFFICIENT_FUNDS_MESSAGE);
    expect((await balances(testApp.app, reader.id)).availableMinor).toBe(150);
    expect((await balances(testApp.app, author.id)).availableMinor).toBe(0);
    expect(await tipTotal(postId)).toBe(0);
  });
});

describe('retries and races', () => {
  it('the same Idempotency-Key again answers the same tip and pays once', async () => {
    const { author, reader, postId } = await scene(1_000);
    const key = nextKey('tip-retry');
    const first = await tip(reader, postId, 300, key);
    expect(first.statusCode).toBe(201);
    const again = await tip(reader, postId, 300, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect(again.json()).toMatchObject({ tipTotalMinor: 300, wallet: { availableMinor: 700 } });
    expect((await balances(testApp.app, reader.id)).availableMinor).toBe(700);
    expect((await balances(testApp.app, author.id)).availableMinor).toBe(300);
    expect(await tipTotal(postId)).toBe(300);
    expect(await ledgerTotal(testApp.app)).toBe(0);

    // The same key for another amount is a mistake, not a second tip.
    const other = await tip(reader, postId, 500, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toBe(TIP_KEY_REUSED_MESSAGE);
    // Only one notification for the author.
    const notifications = ZListNotificationsResponse.parse((await get(author, '/api/notifications?source=pulse_hub')).json());
    expect(notifications.items.filter((item) => item.type === 'tip')).toHaveLength(1);
  });

  it('the same key sent twice at once pays once', async () => {
    const { author, reader, postId } = await scene(1_000);
    const key = nextKey('tip-twin');
    const responses = await Promise.all([tip(reader, postId, 400, key), tip(reader, postId, 400, key)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(responses.map((response) => response.json().id)).size).toBe(1);
    expect((await balances(testApp.app, reader.id)).availableMinor).toBe(600);
    expect((await balances(testApp.app, author.id)).availableMinor).toBe(400);
    expect(await tipTotal(postId)).toBe(400);
  });

  it('two tips with different keys and money for one: exactly one is paid, the balance never goes below zero', async () => {
    const { author, reader, postId } = await scene(500);
    const responses = await Promise.all([tip(reader, postId, 500), tip(reader, postId, 500)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(responses.find((response) => response.statusCode === 409)?.json().error.message).toBe(INSUFFICIENT_FUNDS_MESSAGE);
    expect((await balances(testApp.app, reader.id)).availableMinor).toBe(0);
    expect((await balances(testApp.app, author.id)).availableMinor).toBe(500);
    expect(await tipTotal(postId)).toBe(500);
    expect(await ledgerTotal(testApp.app)).toBe(0);
  });
});

describe("the post's tips", () => {
  it('are listed for the author with who tipped, and are nobody else’s business (404)', async () => {
    const { author, reader, postId } = await scene(2_000);
    const second = await createBuyer(testApp.app);
    await fundWallet(testApp.app, second.id, 1_000);
    expect((await tip(reader, postId, 100)).statusCode).toBe(201);
    expect((await tip(second, postId, 250)).statusCode).toBe(201);

    const list = await get(author, `/api/hub/posts/${postId}/tips`);
    expect(list.statusCode).toBe(200);
    const body = ZPostTipList.parse(list.json());
    expect(body.tipTotalMinor).toBe(350);
    expect(body.items.map((item) => [item.tipper.username, item.amountMinor])).toEqual([
      [second.username, 250],
      [reader.username, 100],
    ]);

    for (const stranger of [reader, second]) {
      const refused = await get(stranger, `/api/hub/posts/${postId}/tips`);
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain(reader.username);
    }
    expect((await testApp.app.inject({ method: 'GET', url: `/api/hub/posts/${postId}/tips` })).statusCode).toBe(401);
  });
});
