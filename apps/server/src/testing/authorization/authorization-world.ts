import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { TOrderDetails } from '@pulse/contract/orders';
import type { TReview } from '@pulse/contract/reviews';
import { addresses } from '../../db/schema/addresses';
import { basketItems } from '../../db/schema/basket-items';
import { notifications } from '../../db/schema/notifications';
import { popups } from '../../db/schema/popups';
import { pushSubscriptions } from '../../db/schema/push-subscriptions';
import { sellerApplications } from '../../db/schema/seller-applications';
import { users } from '../../db/schema/users';
import { startSession } from '../../modules/auth/auth-service';
import {
  act,
  createAddress,
  createBuyer,
  createProduct,
  createSeller,
  createSlot,
  fundWallet,
  getOrder,
  makeAdmin,
  placePaidOrder,
  type TestUser,
} from '../../modules/orders/testing/order-fixtures';
import { insertConversation } from '../seed-helpers';
import { bearer, TEST_PASSWORD } from '../auth-helpers';

/** Who calls: the six actors of the authorization table. */
export const ACTORS = ['visitor', 'buyer', 'pendingSeller', 'otherSeller', 'owner', 'admin'] as const;
export type ActorName = (typeof ACTORS)[number];

/** Whose resource a row is about: an approved seller's (products, slots) or a buyer's (address, basket line). */
export type OwnerKind = 'seller' | 'buyer';

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

/** A new user of the actor's kind, for rows whose call changes the caller (applying to sell). */
export async function createFreshActor(world: World, actor: Exclude<ActorName, 'visitor'>): Promise<WorldUser> {
  const { app } = world;
  switch (actor) {
    case 'buyer':
      return withEmail(app, await createBuyer(app));
    case 'pendingSeller':
      return createPendingSeller(app);
    case 'otherSeller':
      return withEmail(app, await createSeller(app, 'Other Farm'));
    case 'owner':
      return withEmail(app, await createSeller(app, 'Owner Farm'));
    case 'admin':
      return createAdmin(app);
  }
}

export async function createWorld(app: FastifyInstance): Promise<World> {
  const ownerSeller = await withEmail(app, await createSeller(app, 'Owner Farm'));
  const world: World = {
    app,
    buyer: await withEmail(app, await createBuyer(app)),
    pendingSeller: await createPendingSeller(app),
    otherSeller: await withEmail(app, await createSeller(app, 'Other Farm')),
    ownerSeller,
    ownerBuyer: await withEmail(app, await createBuyer(app)),
    admin: await createAdmin(app),
    bystander: await withEmail(app, await createBuyer(app)),
    activeProductId: await createProduct(app, ownerSeller.id, { title: 'Owner farm tomatoes' }),
    conversationId: '',
  };
  world.conversationId = await insertConversation(app.db, [
    { userId: world.ownerBuyer.id, lastReadAt: null },
    { userId: world.ownerSeller.id, lastReadAt: null },
  ]);
  // Money for payouts: both approved sellers have something available.
  await fundWallet(app, world.ownerSeller.id, 500_000);
  await fundWallet(app, world.otherSeller.id, 500_000);
  return world;
}

/** The user behind an actor; `owner` is the row's owner (seller or buyer). */
export function userOf(world: World, actor: ActorName, owner: OwnerKind): WorldUser | null {
  switch (actor) {
    case 'visitor':
      return null;
    case 'owner':
      return owner === 'seller' ? world.ownerSeller : world.ownerBuyer;
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
