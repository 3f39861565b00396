import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ZLikeResponse, ZPost, ZPostTipList, ZTipResponse } from '@pulse/contract/hub';
import { hubPostLikes, hubPosts, hubTips } from '../../db/schema/hub';
import { bearer } from '../../testing/auth-helpers';
import { useConcurrencyApp } from '../../testing/parallel-connections';
import { balances, fundWallet, ledgerTotal, nextKey } from '../orders/testing/order-fixtures';
import { INSUFFICIENT_FUNDS_MESSAGE } from '../wallet/ledger-service';
import { createHubPost, createHubUser, hubRequest, type TestUser } from './testing/hub-fixtures';

/**
 * Issue 15: like counters and tips stay exact when everything arrives at once. On PostgreSQL the
 * requests hold their own pool connections; on PGlite they queue and only the answers are checked.
 */

const suite = useConcurrencyApp('hub');
const { burst } = suite;

function people(count: number): Promise<TestUser[]> {
  return Promise.all(Array.from({ length: count }, () => createHubUser(suite.testApp.app)));
}

function tip(user: TestUser, postId: string, amountMinor: number, key = nextKey('tip')) {
  return suite.testApp.app.inject({ method: 'POST', url: `/api/hub/posts/${postId}/tips`, headers: { ...bearer(user.token), 'idempotency-key': key }, payload: { amountMinor } });
}

async function postRow(postId: string) {
  const [row] = await suite.testApp.app.db.select().from(hubPosts).where(eq(hubPosts.id, postId));
  if (!row) throw new Error('no post');
  return row;
}

describe('Pulse Hub likes under real concurrency', () => {
  it('20 new likes, 10 unlikes and 5 repeated likes at once: the counter is exactly the likes that stand', async () => {
    const author = await createHubUser(suite.testApp.app);
    const post = await createHubPost(suite.testApp.app, author);
    const url = `/api/hub/posts/${post.id}/like`;
    const earlier = await people(10);
    for (const person of earlier) expect((await hubRequest(suite.testApp.app, person, 'PUT', url)).statusCode).toBe(200);
    const newcomers = await people(20);

    const responses = await burst(() =>
      Promise.all([
        ...newcomers.map((person) => hubRequest(suite.testApp.app, person, 'PUT', url)),
        ...earlier.map((person) => hubRequest(suite.testApp.app, person, 'DELETE', url)),
        ...newcomers.slice(0, 5).map((person) => hubRequest(suite.testApp.app, person, 'PUT', url)),
      ]),
    );

    expect(responses.map((response) => response.statusCode)).toEqual(Array(35).fill(200));
    const answers = responses.map((response) => ZLikeResponse.parse(response.json()));
    expect(answers.slice(0, 20).every((answer) => answer.liked)).toBe(true);
    expect(answers.slice(20, 30).every((answer) => !answer.liked)).toBe(true);
    // Every answer is a count some moment really had: between 0 and the 30 there ever were.
    for (const answer of answers) expect(answer.likeCount).toBeGreaterThanOrEqual(0);
    for (const answer of answers) expect(answer.likeCount).toBeLessThanOrEqual(30);

    expect((await postRow(post.id)).likeCount).toBe(20);
    const rows = await suite.testApp.app.db.select({ userId: hubPostLikes.userId }).from(hubPostLikes).where(eq(hubPostLikes.postId, post.id));
    expect(rows.map((row) => row.userId).sort()).toEqual(newcomers.map((person) => person.id).sort());
    const seenByNewcomer = ZPost.parse((await hubRequest(suite.testApp.app, newcomers[0] ?? author, 'GET', `/api/hub/posts/${post.id}`)).json());
    expect(seenByNewcomer).toMatchObject({ likeCount: 20, likedByMe: true });
    const seenByEarlier = ZPost.parse((await hubRequest(suite.testApp.app, earlier[0] ?? author, 'GET', `/api/hub/posts/${post.id}`)).json());
    expect(seenByEarlier).toMatchObject({ likeCount: 20, likedByMe: false });
  }, 60_000);
});

describe('Pulse Hub tips under real concurrency', () => {
  it('10 readers tip one post at once: the post total, the author and every tipper exact to the cent', async () => {
    const { app } = suite.testApp;
    const author = await createHubUser(app);
    const post = await createHubPost(app, author);
    const tippers = await people(10);
    for (const tipper of tippers) await fundWallet(app, tipper.id, 2_000);
    const amounts = tippers.map((_, index) => 100 + index * 25);

    const responses = await burst(() => Promise.all(tippers.map((tipper, index) => tip(tipper, post.id, amounts[index] ?? 100))));

    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(201));
    const total = amounts.reduce((sum, amount) => sum + amount, 0);
    for (const [index, response] of responses.entries()) {
      const body = ZTipResponse.parse(response.json());
      expect(body.wallet.availableMinor).toBe(2_000 - (amounts[index] ?? 0));
      expect(body.tipTotalMinor).toBeLessThanOrEqual(total);
    }
    expect(Math.max(...responses.map((response) => ZTipResponse.parse(response.json()).tipTotalMinor))).toBe(total);
    expect(Number((await postRow(post.id)).tipTotalMinor)).toBe(total);
    expect(await app.db.select().from(hubTips).where(eq(hubTips.postId, post.id))).toHaveLength(10);
    expect((await balances(app, author.id)).availableMinor).toBe(total);
    for (const [index, tipper] of tippers.entries()) expect((await balances(app, tipper.id)).availableMinor).toBe(2_000 - (amounts[index] ?? 0));
    const list = ZPostTipList.parse((await app.inject({ method: 'GET', url: `/api/hub/posts/${post.id}/tips`, headers: bearer(author.token) })).json());
    expect(list.tipTotalMinor).toBe(total);
    expect(list.items).toHaveLength(10);
    expect(await ledgerTotal(app)).toBe(0);
  }, 60_000);

  it('one reader sends 5 tips at once with money for 2: exactly 2 paid, 3 refused, the wallet at zero, never below', async () => {
    const { app } = suite.testApp;
    const author = await createHubUser(app);
    const post = await createHubPost(app, author);
    const [reader] = await people(1);
    if (!reader) throw new Error('no reader');
    await fundWallet(app, reader.id, 1_000);

    const responses = await burst(() => Promise.all(Array.from({ length: 5 }, () => tip(reader, post.id, 500))));

    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(2);
    expect(codes.filter((code) => code === 409)).toHaveLength(3);
    for (const response of responses.filter((candidate) => candidate.statusCode === 409)) expect(response.json().error.message).toBe(INSUFFICIENT_FUNDS_MESSAGE);
    expect(await balances(app, reader.id)).toMatchObject({ availableMinor: 0 });
    expect((await balances(app, author.id)).availableMinor).toBe(1_000);
    expect(Number((await postRow(post.id)).tipTotalMinor)).toBe(1_000);
    expect(await app.db.select().from(hubTips).where(eq(hubTips.postId, post.id))).toHaveLength(2);
    expect(await ledgerTotal(app)).toBe(0);
  });

  it('two readers tip each other’s posts at once, over and over: no deadlock, every tip paid', async () => {
    const { app } = suite.testApp;
    const [ama, kofi] = await people(2);
    if (!ama || !kofi) throw new Error('no readers');
    await fundWallet(app, ama.id, 5_000);
    await fundWallet(app, kofi.id, 5_000);
    const amaPost = await createHubPost(app, ama);
    const kofiPost = await createHubPost(app, kofi);

    // Each tip locks both wallets: opposite directions at once is the classic deadlock shape.
    const responses = await burst(() => Promise.all(Array.from({ length: 8 }, (_, index) => (index % 2 === 0 ? tip(ama, kofiPost.id, 300) : tip(kofi, amaPost.id, 200)))));

    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(201));
    expect((await balances(app, ama.id)).availableMinor).toBe(5_000 - 4 * 300 + 4 * 200);
    expect((await balances(app, kofi.id)).availableMinor).toBe(5_000 - 4 * 200 + 4 * 300);
    expect(Number((await postRow(kofiPost.id)).tipTotalMinor)).toBe(1_200);
    expect(Number((await postRow(amaPost.id)).tipTotalMinor)).toBe(800);
    expect(await ledgerTotal(app)).toBe(0);
  });
});
