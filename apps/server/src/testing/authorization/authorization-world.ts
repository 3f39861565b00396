import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { TOrderDetails } from '@pulse/contract/orders';
import type { TReview } from '@pulse/contract/reviews';
import { addresses } from '../../db/schema/addresses';
import { assistantMessages } from '../../db/schema/assistant';
import { basketItems } from '../../db/schema/basket-items';
import { notifications } from '../../db/schema/notifications';
import { popups } from '../../db/schema/popups';
import { pushSubscriptions } from '../../db/schema/push-subscriptions';
import { sellerApplications } from '../../db/schema/seller-applications';
import { users } from '../../db/schema/users';
import { deliveryTasks } from '../../db/schema/delivery-tasks';
import { hubPosts, hubReports } from '../../db/schema/hub';
import { referralAttributions } from '../../db/schema/referrals';
import { orders } from '../../db/schema/orders';
import { startSession } from '../../modules/auth/auth-service';
import { createApprovedAgent } from '../../modules/agents/testing/agent-fixtures';
import { findTaskByOrderId, insertTaskEvent } from '../../modules/delivery/delivery-repository';
import { createReferralAgent as createReferralAgentWithCode, findAttributionOf, signUpReferredBuyer } from '../../modules/referrals/testing/referral-fixtures';
import {
  act,
  createAddress,
  createBuyer,
  createProduct,
  createSeller,
  createSlot,
  FARM_LOCATION,
  fundWallet,
  getOrder,
  makeAdmin,
  placePaidOrder,
  type TestUser,
} from '../../modules/orders/testing/order-fixtures';
import { insertConversation } from '../seed-helpers';
import { bearer, TEST_PASSWORD } from '../auth-helpers';

/**
 * Who calls: the eight actors of the authorization table. The two agents (a pending applicant and
 * an approved delivery agent who holds none of the row's tasks) are buyers everywhere outside the
 * agent routes, so a row that says nothing about them expects what the buyer gets.
 */
export const ACTORS = ['visitor', 'buyer', 'pendingSeller', 'otherSeller', 'owner', 'admin', 'pendingAgent', 'otherAgent'] as const;
export type ActorName = (typeof ACTORS)[number];
export const AGENT_ACTORS = ['pendingAgent', 'otherAgent'] as const satisfies readonly ActorName[];
export type AgentActorName = (typeof AGENT_ACTORS)[number];

/**
 * Whose resource a row is about: an approved seller's (products, slots, the farm of a delivery),
 * a buyer's (address, basket line), a delivery agent's (the task they hold, their application) or
 * a referral agent's (its code, the people it referred, its referral earnings).
 */
export type OwnerKind = 'seller' | 'buyer' | 'agent' | 'referrer';

export interface WorldUser extends TestUser {
  email: string;
}

/**
 * The people of the table, made once per file. `ownerSeller` and `ownerBuyer` own the resources
 * (and are the two parties of every order); the others own nothing the rows touch.
 */
export interface World {
  app: FastifyInstance;
  buyer: WorldUser;
  pendingSeller: WorldUser;
  otherSeller: WorldUser;
  ownerSeller: WorldUser;
  ownerBuyer: WorldUser;
  admin: WorldUser;
  /** A third person conversations are started with, so no actor talks to itself. */
  bystander: WorldUser;
  /** Applied to be a Pulse Agent, not approved yet (roles: buyer). */
  pendingAgent: WorldUser;
  /** An approved delivery agent near the owner farm who holds none of the rows' tasks. */
  otherAgent: WorldUser;
  /** The approved delivery agent who holds the rows' claimed and in-transit tasks (`owner` of agent rows). */
  holdingAgent: WorldUser;
  /** An approved referral agent (kind both) with its code (`owner` of referrer rows). */
  referralAgent: WorldUser;
  /** The referral agent's code, active. */
  referralCode: string;
  /** An active product of ownerSeller, public to everyone. */
  activeProductId: string;
  /** The conversation between ownerBuyer and ownerSeller. */
  conversationId: string;
}

async function emailOf(app: FastifyInstance, userId: string): Promise<string> {
  const [row] = await app.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!row) throw new Error('no such user');
  return row.email;
}

async function withEmail(app: FastifyInstance, user: TestUser): Promise<WorldUser> {
  return { ...user, email: await emailOf(app, user.id) };
}

/** Applied, not approved yet: the seller role comes with the application, only approval opens the seller workspace. */
export async function createPendingSeller(app: FastifyInstance): Promise<WorldUser> {
  const user = await withEmail(app, await createBuyer(app));
  await app.db.update(users).set({ roles: sql`array['buyer','seller']::text[]` }).where(eq(users.id, user.id));
  await app.db.insert(sellerApplications).values({ userId: user.id, businessName: 'Hopeful Acres', status: 'pending' });
  return user;
}

export async function createAdmin(app: FastifyInstance): Promise<WorldUser> {
  const user = await withEmail(app, await createBuyer(app));
  await makeAdmin(app, user.id);
  return user;
}

/** An approved delivery agent (or a pending applicant) at the owner farm's town, 25 km radius. */
export async function createAgent(app: FastifyInstance, status: 'approved' | 'pending' = 'approved'): Promise<WorldUser> {
  const agent = await createApprovedAgent(app, { status, lat: FARM_LOCATION.lat + 0.01, lng: FARM_LOCATION.lng + 0.01, radiusKm: 25 });
  return withEmail(app, { id: agent.id, token: agent.token, username: agent.username });
}

/** An approved referral agent (kind both) with its code, made as approval makes it. */
export async function createReferralAgent(app: FastifyInstance): Promise<WorldUser & { code: string }> {
  const agent = await createReferralAgentWithCode(app, { kind: 'both' });
  return { id: agent.id, token: agent.token, username: agent.username, email: agent.email, code: agent.code };
}

/** A new user of the actor's kind, for rows whose call changes the caller (applying to sell or to be an agent). */
export async function createFreshActor(world: World, actor: Exclude<ActorName, 'visitor'>, owner: OwnerKind = 'seller'): Promise<WorldUser> {
  const { app } = world;
  switch (actor) {
    case 'buyer':
      return withEmail(app, await createBuyer(app));
    case 'pendingSeller':
      return createPendingSeller(app);
    case 'otherSeller':
      return withEmail(app, await createSeller(app, 'Other Farm'));
    case 'owner':
      if (owner === 'agent') return createAgent(app);
      if (owner === 'referrer') return createReferralAgent(app);
      return owner === 'buyer' ? withEmail(app, await createBuyer(app)) : withEmail(app, await createSeller(app, 'Owner Farm'));
    case 'admin':
      return createAdmin(app);
    case 'pendingAgent':
      return createAgent(app, 'pending');
    case 'otherAgent':
      return createAgent(app);
  }
}

export async function createWorld(app: FastifyInstance): Promise<World> {
  const ownerSeller = await withEmail(app, await createSeller(app, 'Owner Farm'));
  const referralAgent = await createReferralAgent(app);
  const world: World = {
    app,
    buyer: await withEmail(app, await createBuyer(app)),
    pendingSeller: await createPendingSeller(app),
    otherSeller: await withEmail(app, await createSeller(app, 'Other Farm')),
    ownerSeller,
    ownerBuyer: await withEmail(app, await createBuyer(app)),
    admin: await createAdmin(app),
    bystander: await withEmail(app, await createBuyer(app)),
    pendingAgent: await createAgent(app, 'pending'),
    otherAgent: await createAgent(app),
    holdingAgent: await createAgent(app),
    referralAgent,
    referralCode: referralAgent.code,
    activeProductId: await createProduct(app, ownerSeller.id, { title: 'Owner farm tomatoes' }),
    conversationId: '',
  };
  world.conversationId = await insertConversation(app.db, [
    { userId: world.ownerBuyer.id, lastReadAt: null },
    { userId: world.ownerSeller.id, lastReadAt: null },
  ]);
  // The owner farm has a point on the map, so its delivery tasks lie near the agents.
  await app.db.update(sellerApplications).set({ lat: FARM_LOCATION.lat, lng: FARM_LOCATION.lng, region: 'Ashanti' }).where(eq(sellerApplications.userId, ownerSeller.id));
  // Money for payouts: both approved sellers have something available...
  await fundWallet(app, world.ownerSeller.id, 500_000);
  await fundWallet(app, world.otherSeller.id, 500_000);
  // ...and so has the approved agent (agents pay out their delivery fees the same way).
  await fundWallet(app, world.otherAgent.id, 500_000);
  return world;
}

/** The user behind an actor; `owner` is the row's owner (seller or buyer). */
export function userOf(world: World, actor: ActorName, owner: OwnerKind): WorldUser | null {
  switch (actor) {
    case 'visitor':
      return null;
    case 'owner':
      if (owner === 'referrer') return world.referralAgent;
      return owner === 'seller' ? world.ownerSeller : owner === 'agent' ? world.holdingAgent : world.ownerBuyer;
    default:
      return world[actor];
  }
}

/* ------------------------------------------------------------ resources */

let sequence = 0;
export function unique(prefix: string): string {
  sequence += 1;
  return `${prefix}-${Date.now().toString(36)}-${sequence}`;
}

export async function newSessionToken(app: FastifyInstance, userId: string): Promise<string> {
  return (await startSession(app.db, app.jwtSecret, userId)).token;
}

const BOUNDARY = '----pulse-authorization-boundary';

/** Uploads a small PNG as `user` through the real route; returns the upload id and URL. */
export async function uploadImage(app: FastifyInstance, user: TestUser): Promise<{ id: string; url: string }> {
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 90, g: 160, b: 60 } } }).png().toBuffer();
  const response = await app.inject({
    method: 'POST',
    url: '/api/uploads/images',
    headers: { ...bearer(user.token), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipartImage(png),
  });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json() as { id: string; url: string };
}

export function multipartImage(bytes: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="crate.png"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

export const MULTIPART_CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

export async function insertBasketLine(app: FastifyInstance, userId: string, productId: string): Promise<string> {
  const [row] = await app.db.insert(basketItems).values({ userId, productId, quantity: 1 }).returning({ id: basketItems.id });
  if (!row) throw new Error('no basket line');
  return row.id;
}

/** A Pulse Assistant question kept in `userId`'s conversation (issue 14). */
export async function insertAssistantMessageFor(app: FastifyInstance, userId: string, text: string): Promise<void> {
  await app.db.insert(assistantMessages).values({ userId, role: 'user', text, source: 'user' });
}

export async function insertNotificationFor(app: FastifyInstance, userId: string, message: string): Promise<string> {
  const [row] = await app.db
    .insert(notifications)
    .values({ userId, source: 'marketplace', type: 'order_update', message })
    .returning({ id: notifications.id });
  if (!row) throw new Error('no notification');
  return row.id;
}

export async function insertPopup(app: FastifyInstance, title: string): Promise<string> {
  const [row] = await app.db.insert(popups).values({ title, message: 'Harvest festival this weekend' }).returning({ id: popups.id });
  if (!row) throw new Error('no popup');
  return row.id;
}

export const PUSH_KEYS = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };

export async function insertPushSubscription(app: FastifyInstance, userId: string): Promise<string> {
  const endpoint = `https://push.example.com/send/${randomUUID()}`;
  await app.db.insert(pushSubscriptions).values({ userId, endpoint, p256dh: PUSH_KEYS.p256dh, auth: PUSH_KEYS.auth });
  return endpoint;
}

export async function insertApplicant(app: FastifyInstance): Promise<{ user: TestUser; applicationId: string }> {
  const user = await createBuyer(app);
  const [row] = await app.db
    .insert(sellerApplications)
    .values({ userId: user.id, businessName: unique('Applicant Farm'), status: 'pending' })
    .returning({ id: sellerApplications.id });
  if (!row) throw new Error('no application');
  return { user, applicationId: row.id };
}

export async function createSuspendedUser(app: FastifyInstance): Promise<TestUser> {
  const user = await createBuyer(app);
  await app.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, user.id));
  return user;
}

export async function insertOwnAddress(world: World, line1: string): Promise<string> {
  const id = await createAddress(world.app, world.ownerBuyer.id);
  await world.app.db.update(addresses).set({ line1 }).where(eq(addresses.id, id));
  return id;
}

export { createProduct, createSlot, TEST_PASSWORD };

/* ---------------------------------------------------------------- orders */

export type OrderStage = 'paid' | 'accepted' | 'refund_requested' | 'completed';

async function expectOk(response: { statusCode: number; body: string }, what: string): Promise<void> {
  if (response.statusCode !== 200) throw new Error(`${what} failed: ${response.statusCode} ${response.body}`);
}

/**
 * A fresh order from ownerBuyer to ownerSeller (pickup, 4 kg), moved through the real actions to
 * `stage`. The buyer's basket is emptied first so the checkout takes only the new product.
 */
export async function orderAt(world: World, stage: OrderStage): Promise<TOrderDetails> {
  const { app, ownerBuyer: buyer, ownerSeller: seller } = world;
  await app.db.delete(basketItems).where(eq(basketItems.userId, buyer.id));
  const { order } = await placePaidOrder(app, { buyer, seller });
  if (stage === 'paid') return getOrder(app, buyer, order.id);
  await expectOk(await act(app, seller, order.id, { action: 'accept' }), 'accept');
  if (stage === 'accepted') return getOrder(app, buyer, order.id);
  await expectOk(await act(app, seller, order.id, { action: 'mark_ready' }), 'mark ready');
  const { confirmationCode } = await getOrder(app, buyer, order.id);
  await expectOk(await act(app, seller, order.id, { action: 'hand_over', confirmationCode: confirmationCode ?? '' }), 'hand over');
  if (stage === 'refund_requested') {
    await expectOk(await act(app, buyer, order.id, { action: 'request_refund', reason: 'Half the tomatoes were bruised' }), 'request refund');
  } else {
    await expectOk(await act(app, buyer, order.id, { action: 'confirm_receipt' }), 'confirm receipt');
  }
  return getOrder(app, buyer, order.id);
}

export async function reviewOf(world: World): Promise<TReview> {
  const order = await orderAt(world, 'completed');
  const response = await world.app.inject({
    method: 'POST',
    url: `/api/orders/${order.id}/review`,
    headers: bearer(world.ownerBuyer.token),
    payload: { rating: 4, body: 'Sweet and fresh' },
  });
  if (response.statusCode !== 201) throw new Error(`review failed: ${response.statusCode} ${response.body}`);
  return response.json() as TReview;
}

/* -------------------------------------------------------- delivery tasks */

export type TaskStage = 'open' | 'claimed' | 'in_transit' | 'failed';

export interface TaskAt {
  taskId: string;
  orderId: string;
  pickupCode: string;
  /** The buyer's confirmation code (what the agent asks for at the door). */
  confirmationCode: string;
  /** The street of the drop-off: only the holding agent, the buyer and the farm may read it. */
  street: string;
}

/**
 * A fresh delivery order from ownerBuyer to ownerSeller, accepted (its task open), and moved to
 * `stage` with `holder` (the holding agent by default) holding it. The claim is written directly
 * (the claim route is a row of its own and counts the agent's active tasks); pickup and failure go
 * through the real routes.
 */
export async function deliveryTaskAt(world: World, stage: TaskStage, holder: WorldUser = world.holdingAgent): Promise<TaskAt> {
  const { app, ownerBuyer: buyer, ownerSeller: seller } = world;
  await app.db.delete(basketItems).where(eq(basketItems.userId, buyer.id));
  const { order } = await placePaidOrder(app, { buyer, seller, fulfilment: 'delivery' });
  const street = unique('Secret Lane');
  const [row] = await app.db.select({ address: orders.deliveryAddress }).from(orders).where(eq(orders.id, order.id));
  if (!row?.address) throw new Error('delivery order without an address');
  await app.db.update(orders).set({ deliveryAddress: { ...row.address, line1: street } }).where(eq(orders.id, order.id));
  await expectOk(await act(app, seller, order.id, { action: 'accept' }), 'accept');
  const task = await findTaskByOrderId(app.db, order.id);
  if (!task) throw new Error('accepting a delivery order opened no task');
  const { confirmationCode } = await getOrder(app, buyer, order.id);
  const at: TaskAt = { taskId: task.id, orderId: order.id, pickupCode: task.pickupCode, confirmationCode: confirmationCode ?? '', street };
  if (stage === 'open') return at;
  await expectOk(await act(app, seller, order.id, { action: 'mark_ready' }), 'mark ready');
  const now = new Date();
  await app.db.update(deliveryTasks).set({ status: 'claimed', agentUserId: holder.id, claimedAt: now, updatedAt: now }).where(eq(deliveryTasks.id, task.id));
  await insertTaskEvent(app.db, { taskId: task.id, kind: 'claimed', actor: 'agent', actorUserId: holder.id, createdAt: now });
  if (stage === 'claimed') return at;
  const post = (step: string, payload: object) =>
    app.inject({ method: 'POST', url: `/api/delivery/tasks/${task.id}/${step}`, headers: { authorization: `Bearer ${holder.token}` }, payload });
  await expectOk(await post('pickup', { code: task.pickupCode }), 'pickup');
  if (stage === 'in_transit') return at;
  await expectOk(await post('fail', { reason: 'refused', note: 'Not at home' }), 'fail');
  return at;
}

/* ------------------------------------------- Pulse Hub: tips, reports, moderation */

/** An open report by the bystander on a new post of ownerSeller; returns the report id. */
export async function insertOpenHubReport(world: World): Promise<string> {
  const { id: postId } = await hubPostBy(world, world.ownerSeller);
  const [row] = await world.app.db
    .insert(hubReports)
    .values({ reporterUserId: world.bystander.id, targetType: 'post', targetId: postId, postId, authorUserId: world.ownerSeller.id, category: 'spam' })
    .returning({ id: hubReports.id });
  if (!row) throw new Error('no hub report');
  return row.id;
}

export { fundWallet };

/* ------------------------------------------------------------ Pulse Hub: posts, comments, likes, follows, profiles */

/** A fresh visible Hub post by `author` (ownerBuyer, the `owner` of buyer rows, by default); returns its id and text. */
export async function hubPostBy(world: World, author: WorldUser = world.ownerBuyer): Promise<{ id: string; text: string }> {
  const text = unique('Hub post about okra');
  const response = await world.app.inject({
    method: 'POST',
    url: '/api/hub/posts',
    headers: bearer(author.token),
    payload: { clientId: randomUUID(), text },
  });
  if (response.statusCode !== 201) throw new Error(`hub post failed: ${response.statusCode} ${response.body}`);
  return { id: (response.json() as { id: string }).id, text };
}

/** A comment by `author` on the post; returns its id and text. */
export async function hubCommentBy(world: World, postId: string, author: WorldUser): Promise<{ id: string; text: string }> {
  const text = unique('Hub comment');
  const response = await world.app.inject({ method: 'POST', url: `/api/hub/posts/${postId}/comments`, headers: bearer(author.token), payload: { text } });
  if (response.statusCode !== 201) throw new Error(`hub comment failed: ${response.statusCode} ${response.body}`);
  return { id: (response.json() as { id: string }).id, text };
}

/** Hides the post as a moderator's decision would (gone for everyone but its author). */
export async function hideHubPost(world: World, postId: string): Promise<void> {
  await world.app.db.update(hubPosts).set({ hiddenAt: new Date() }).where(eq(hubPosts.id, postId));
}

/* ------------------------------------------------------------ referrals */

/**
 * A fresh buyer who signed up with the world's referral agent's code (attributed through the real
 * sign-up), void when `voided`; returns the attribution id and the referred person's name.
 */
export async function insertReferralAttribution(world: World, options: { voided?: boolean } = {}): Promise<{ id: string; referredUsername: string }> {
  const referred = await signUpReferredBuyer(world.app, world.referralCode);
  const attribution = await findAttributionOf(world.app, referred.user.id, 'buyer');
  if (!attribution) throw new Error('signing up with the referral code attributed nothing');
  if (options.voided) {
    await world.app.db
      .update(referralAttributions)
      .set({ voidedAt: new Date(), voidedByUserId: world.admin.id, voidReason: 'Same household' })
      .where(eq(referralAttributions.id, attribution.id));
  }
  return { id: attribution.id, referredUsername: referred.user.username };
}
