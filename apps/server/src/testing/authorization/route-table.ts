import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { discountCodes } from '../../db/schema/discounts';
import { sellerApplications } from '../../db/schema/seller-applications';
import { standingOrderLines, standingOrders } from '../../db/schema/standing-orders';
import { users } from '../../db/schema/users';
import { passwordResetMail } from '../../modules/mail/mail-messages';
import { queueMail } from '../../modules/mail/mail-outbox';
import { signUnsubscribeToken } from '../../modules/preferences/unsubscribe-token';
import { bearer } from '../auth-helpers';
import { createSeller } from '../../modules/orders/testing/order-fixtures';
import { createWeeklySlot, insertHeldPriceCycle } from '../../modules/standing-orders/testing/standing-fixtures';
import {
  createAgent,
  createProduct,
  createSlot,
  deliveryTaskAt,
  insertApplicant,
  insertAssistantMessageFor,
  insertBasketLine,
  insertOpenHubReport,
  fundWallet,
  insertNotificationFor,
  insertOwnAddress,
  insertPopup,
  insertPushSubscription,
  insertReferralAttribution,
  createSuspendedUser,
  hideHubPost,
  hubCommentBy,
  hubPostBy,
  MULTIPART_CONTENT_TYPE,
  multipartImage,
  newSessionToken,
  orderAt,
  PUSH_KEYS,
  reviewOf,
  TEST_PASSWORD,
  unique,
  uploadImage,
  type ActorName,
  type AgentActorName,
  type OwnerKind,
  type World,
  type WorldUser,
} from './authorization-world';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** The status per actor; the agent actors, when a row leaves them out, get what the buyer gets. */
export type Expectation = Record<Exclude<ActorName, AgentActorName>, number> & Partial<Record<AgentActorName, number>>;

export interface Cell {
  world: World;
  actor: ActorName;
  /** The caller (null for the visitor). */
  user: WorldUser | null;
}

export interface Call {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** Replaces the caller's token (e.g. a throw-away session for logout). */
  token?: string;
  /** Strings of the resource that must not appear in a refusal (401/403/404). */
  leaks?: string[];
  /** A client address of its own, so rate limits per IP are not shared between cells. */
  remoteAddress?: string;
}

export interface Row {
  method: Method;
  /** The path as the route is registered (":param" placeholders). */
  path: string;
  /** Says which case of the route this row is when a route has several rows. */
  note?: string;
  /** Who the `owner` actor is for this row; sellers by default. */
  owner?: OwnerKind;
  /** Each actor is a new user of its kind, because the call changes the caller. */
  freshActor?: boolean;
  /**
   * The 403 here depends on what is asked of the resource (an order action, weighing), so it can
   * only come after the body is read; 401 still comes first.
   */
  forbiddenAfterBody?: boolean;
  expect: Expectation;
  call(cell: Cell): Promise<Call> | Call;
}

/** A one-product catalogue file for the import rows (the same sku: imported once, unchanged after). */
const CATALOGUE_FILE = 'sku,title,category,unit,price,stock\nAUTH-1,Table cabbages,vegetables,piece,1.50,4\n';

/* ------------------------------------------------------- expectations */

/** What `actor` gets on `row` (an agent actor the row does not name gets the buyer's status). */
export function statusOf(row: Row, actor: ActorName): number {
  return row.expect[actor] ?? row.expect.buyer;
}

const NO_AGENTS = { visitor: 401, buyer: 403, pendingSeller: 403, otherSeller: 403, admin: 403, pendingAgent: 403 } as const;

/** Approved delivery agents only (the holding agent is `owner`, another approved agent `otherAgent`). */
function deliveryAgents(status: number): Expectation {
  return { ...NO_AGENTS, owner: status, otherAgent: status };
}

/** A task the holding agent holds: other agents do not learn it exists, non-agents are refused first. */
function heldTask(status: number): Expectation {
  return { ...NO_AGENTS, owner: status, otherAgent: 404 };
}

/** The farm's step on a failed delivery: the farm and admins; anyone else, agents included, 404. */
function farmOrAdmin(status: number): Expectation {
  return { visitor: 401, buyer: 404, pendingSeller: 404, otherSeller: 404, owner: status, admin: status, pendingAgent: 404, otherAgent: 404 };
}

/** A checkout of the owner buyer paid at once with the sandbox's card (pay at checkout, issue 24): its id. */
async function checkoutPaidByCard(world: World): Promise<string> {
  const { app, ownerBuyer: buyer } = world;
  const sellerUserId = world.ownerSeller.id;
  const productId = await createProduct(app, sellerUserId);
  const slotId = await createSlot(app, sellerUserId);
  await app.inject({ method: 'DELETE', url: '/api/baskets', headers: bearer(buyer.token) });
  await insertBasketLine(app, buyer.id, productId);
  const response = await app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: { ...bearer(buyer.token), 'idempotency-key': unique('checkout') },
    payload: { sellers: [{ sellerUserId, fulfilment: 'pickup', slotId }], payWith: { method: 'card', cardNumber: '4242 4242 4242 4242' } },
  });
  if (response.statusCode !== 201) throw new Error(`pay at checkout failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { checkoutId: string }).checkoutId;
}

function all(status: number): Expectation {
  return { visitor: status, buyer: status, pendingSeller: status, otherSeller: status, owner: status, admin: status };
}

/** Any signed-in user; a visitor gets 401. */
function signedIn(status: number): Expectation {
  return { ...all(status), visitor: 401 };
}

/** Approved sellers only (no resource of someone else involved). */
function sellersOnly(status: number): Expectation {
  return { visitor: 401, buyer: 403, pendingSeller: 403, otherSeller: status, owner: status, admin: 403 };
}

/** The owner seller's resource: other sellers do not learn it exists. */
function sellerOwned(status: number): Expectation {
  return { visitor: 401, buyer: 403, pendingSeller: 403, otherSeller: 404, owner: status, admin: 403 };
}

/** A buyer's own resource: everyone else, admins included, gets 404. */
function buyerOwned(status: number): Expectation {
  return { visitor: 401, buyer: 404, pendingSeller: 404, otherSeller: 404, owner: status, admin: 404 };
}

/**
 * Approved referral agents (kind referral or both) on their own figures: the world's referral
 * agent is `owner`; a delivery-only agent (otherAgent) and a pending applicant are refused like
 * buyers, and admins are not referral agents.
 */
function referralAgents(status: number): Expectation {
  return { ...NO_AGENTS, owner: status, otherAgent: 403 };
}

/** Admins only. */
function adminsOnly(status: number): Expectation {
  return { visitor: 401, buyer: 403, pendingSeller: 403, otherSeller: 403, owner: 403, admin: status };
}

/** An order party's resource: strangers get 404, admins see every order. */
function orderParty(status: number, admin: number): Expectation {
  return { visitor: 401, buyer: 404, pendingSeller: 404, otherSeller: 404, owner: status, admin };
}

/* ---------------------------------------------------------------- bodies */

function slotBody() {
  const startsAt = new Date(Date.now() + 3 * 24 * 3600_000);
  return {
    method: 'pickup',
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + 2 * 3600_000).toISOString(),
    cutoffAt: new Date(startsAt.getTime() - 6 * 3600_000).toISOString(),
    capacity: 10,
  };
}

const ADDRESS_BODY = { recipientName: 'Kofi Boateng', phone: '+233 24 123 4567', line1: '7 Cocoa Lane', city: 'Kumasi' };

/** The acting user's own image upload id, or any id for a visitor (refused before it is read). */
async function imageIdOf(cell: Cell): Promise<string> {
  if (!cell.user) return '00000000-0000-4000-8000-000000000000';
  return (await uploadImage(cell.world.app, cell.user)).id;
}

/** A private ID document photo uploaded by `user` through the real route (decision 017). */
async function uploadIdDocument(app: FastifyInstance, user: WorldUser): Promise<{ id: string; url: string }> {
  const png = await sharp({ create: { width: 12, height: 8, channels: 3, background: '#335577' } }).png().toBuffer();
  const response = await app.inject({
    method: 'POST',
    url: '/api/uploads/images?purpose=id_document',
    headers: { ...bearer(user.token), 'content-type': MULTIPART_CONTENT_TYPE },
    payload: multipartImage(png),
  });
  if (response.statusCode !== 201) throw new Error(`ID document upload failed: ${response.statusCode} ${response.body}`);
  return response.json() as { id: string; url: string };
}

/** The acting user's own private ID document id, or any id for a visitor (refused before it is read). */
async function idDocumentIdOf(cell: Cell): Promise<string> {
  if (!cell.user) return '00000000-0000-4000-8000-000000000000';
  return (await uploadIdDocument(cell.world.app, cell.user)).id;
}

/** A top-up of the owner buyer's, made through the API (the sandbox decides it at once). */
async function topUpOf(world: World): Promise<string> {
  const response = await world.app.inject({
    method: 'POST',
    url: '/api/wallet/top-ups',
    headers: { ...bearer(world.ownerBuyer.token), 'idempotency-key': unique('top-up') },
    payload: { amountMinor: 1_000 },
  });
  if (response.statusCode !== 201) throw new Error(`top-up failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { id: string }).id;
}

/** What a Streamable HTTP MCP client sends with every POST. */
const MCP_HEADERS = { accept: 'application/json, text/event-stream' };

let ipCounter = 0;
/** A client address of its own per call: the sign-in limit counts per IP. */
/** Today (UTC): the day the exports of the table's rows cover. */
const EXPORT_DAY = new Date().toISOString().slice(0, 10);

function nextIp(): string {
  ipCounter += 1;
  return `10.77.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

/* ------------------------------------------------------------------ rows */

/**
 * Every route of the app, one row per case (authorization.test.ts fails on a route without one).
 * A row's call builds a valid request on fresh resources of its own, so the rows and the actors
 * can run in any order; the expectations read: 401 not signed in, 403 not the right role, 404
 * not yours (nothing said about whether it exists), 2xx allowed.
 */
/** A farm of its own (an approved seller made straight in the database), so a weekly basket with it is never a second one. */
async function insertFarm(app: FastifyInstance): Promise<string> {
  const name = unique('farm').replace(/[^a-z0-9]/gi, '').toLowerCase();
  const [row] = await app.db
    .insert(users)
    .values({ email: `${name}@example.com`, username: name, roles: ['buyer', 'seller'] })
    .returning({ id: users.id });
  if (!row) throw new Error('farm not inserted');
  await app.db.insert(sellerApplications).values({ userId: row.id, businessName: 'Basket Farm', status: 'approved' });
  return row.id;
}

/** The body of a weekly basket with a new farm of its own (a product and a pickup slot in 2 days). */
async function standingOrderBody(app: FastifyInstance): Promise<Record<string, unknown>> {
  const sellerUserId = await insertFarm(app);
  const productId = await createProduct(app, sellerUserId);
  const firstSlotId = await createSlot(app, sellerUserId);
  return { sellerUserId, lines: [{ productId, quantity: 1 }], fulfilment: 'pickup', firstSlotId };
}

/** A running weekly basket of the owner buyer with a farm of its own, its first cycle the day after tomorrow: its id and that day. */
async function standingOrderOf(world: World): Promise<{ id: string; cycleDate: string }> {
  const { app } = world;
  const sellerUserId = await insertFarm(app);
  const productId = await createProduct(app, sellerUserId);
  const cycleDate = new Date(Date.now() + 2 * 24 * 3600_000).toISOString().slice(0, 10);
  const [row] = await app.db
    .insert(standingOrders)
    .values({ buyerUserId: world.ownerBuyer.id, sellerUserId, fulfilment: 'pickup', slotMinuteOfWeek: 600, startsOn: cycleDate })
    .returning({ id: standingOrders.id });
  if (!row) throw new Error('standing order not inserted');
  await app.db.insert(standingOrderLines).values({ standingOrderId: row.id, productId, quantity: 1, acceptedUnitPriceMinor: 250 });
  return { id: row.id, cycleDate };
}

/** A discount code of a farm (or the platform's, for null) straight in the database: its id and code. */
async function insertDiscountCode(app: FastifyInstance, ownerUserId: string | null): Promise<{ id: string; code: string }> {
  const code = unique('SECRET').toUpperCase().replace(/[^A-Z0-9-]/g, '');
  const [row] = await app.db.insert(discountCodes).values({ ownerUserId, code, kind: 'fixed', value: 100 }).returning({ id: discountCodes.id });
  if (!row) throw new Error('discount code not inserted');
  return { id: row.id, code };
}

export const ROUTE_TABLE: Row[] = [
  /* ---- public and session ---- */
  { method: 'GET', path: '/api/health', expect: all(200), call: () => ({ url: '/api/health' }) },
  /* ---- for load balancers and Prometheus (issue 29): public probes; the metrics need their own token, not a person's ---- */
  { method: 'GET', path: '/api/health/live', expect: all(200), call: () => ({ url: '/api/health/live' }) },
  { method: 'GET', path: '/api/health/ready', expect: all(200), call: () => ({ url: '/api/health/ready' }) },
  {
    method: 'GET',
    path: '/metrics',
    note: 'no METRICS_TOKEN in the test app: no such address for anyone, whatever session (token rules: plugins/metrics.test.ts)',
    expect: all(404),
    call: () => ({ url: '/metrics' }),
  },

  /* ---- the API document and its reference page (decision 025): public ---- */
  { method: 'GET', path: '/api/openapi.json', expect: all(200), call: () => ({ url: '/api/openapi.json' }) },
  { method: 'GET', path: '/api/docs', expect: all(200), call: () => ({ url: '/api/docs' }) },
  { method: 'GET', path: '/api/docs/json', expect: all(200), call: () => ({ url: '/api/docs/json' }) },
  { method: 'GET', path: '/api/docs/yaml', expect: all(200), call: () => ({ url: '/api/docs/yaml' }) },
  { method: 'GET', path: '/api/docs/static/swagger-initializer.js', expect: all(200), call: () => ({ url: '/api/docs/static/swagger-initializer.js' }) },
  { method: 'GET', path: '/api/docs/static/index.html', note: 'back to the page', expect: all(302), call: () => ({ url: '/api/docs/static/index.html' }) },
  { method: 'GET', path: '/api/docs/static/*', expect: all(200), call: () => ({ url: '/api/docs/static/swagger-ui.css' }) },
  {
    method: 'POST',
    path: '/api/auth/register',
    expect: all(201),
    call: () => {
      const name = unique('reg').replace(/-/g, '');
      return { url: '/api/auth/register', payload: { email: `${name}@example.com`, username: name.slice(0, 30), password: TEST_PASSWORD }, remoteAddress: nextIp() };
    },
  },
  {
    method: 'POST',
    path: '/api/auth/password-reset',
    note: 'anyone may ask; the same 202 whether or not the address has an account (password-reset.test.ts)',
    expect: all(202),
    call: ({ user }) => ({ url: '/api/auth/password-reset', payload: { email: user?.email ?? `${unique('nobody').replace(/-/g, '')}@example.com` }, remoteAddress: nextIp() }),
  },
  {
    method: 'POST',
    path: '/api/auth/password-reset/confirm',
    note: 'the link is the authentication: a token nobody was sent is refused for everyone (valid links: password-reset.test.ts)',
    expect: all(400),
    call: () => ({ url: '/api/auth/password-reset/confirm', payload: { token: 'A'.repeat(43), password: 'a-brand-new-password-7' }, remoteAddress: nextIp() }),
  },
  {
    method: 'POST',
    path: '/api/auth/login',
    note: 'each signs in as themselves; a visitor as the bystander',
    expect: all(200),
    call: ({ world, user }) => ({
      url: '/api/auth/login',
      payload: { email: (user ?? world.bystander).email, password: TEST_PASSWORD },
      remoteAddress: nextIp(),
    }),
  },
  { method: 'GET', path: '/api/auth/me', expect: signedIn(200), call: () => ({ url: '/api/auth/me' }) },
  {
    method: 'POST',
    path: '/api/auth/logout',
    note: 'a throw-away session of the caller',
    expect: all(200),
    call: async ({ world, user }) => (user ? { url: '/api/auth/logout', token: await newSessionToken(world.app, user.id) } : { url: '/api/auth/logout' }),
  },
  {
    method: 'POST',
    path: '/api/auth/session',
    note: 'a fresh token for the caller’s own session; a visitor gets nulls, not an error (decision 051)',
    expect: all(200),
    call: () => ({ url: '/api/auth/session' }),
  },

  /* ---- the account page (decision 051): the caller's own sessions and password ---- */
  { method: 'GET', path: '/api/account/sessions', expect: signedIn(200), call: () => ({ url: '/api/account/sessions' }) },
  {
    method: 'DELETE',
    path: '/api/account/sessions/:sessionId',
    note: 'a session of the owner buyer: only its user may end it; everyone else learns nothing',
    owner: 'buyer',
    expect: buyerOwned(200),
    call: async ({ world }) => {
      const sessionToken = await newSessionToken(world.app, world.ownerBuyer.id);
      const sessionId = JSON.parse(Buffer.from(sessionToken.split('.')[1] ?? '', 'base64url').toString()) as { jti: string };
      return { url: `/api/account/sessions/${sessionId.jti}`, leaks: [sessionId.jti] };
    },
  },
  {
    method: 'POST',
    path: '/api/account/sessions/sign-out-everywhere',
    note: 'a throw-away session of a fresh user of each kind',
    freshActor: true,
    expect: signedIn(200),
    call: () => ({ url: '/api/account/sessions/sign-out-everywhere' }),
  },
  {
    method: 'PUT',
    path: '/api/account/password',
    note: 'each fresh user changes their own password',
    freshActor: true,
    expect: signedIn(200),
    call: () => ({ url: '/api/account/password', payload: { currentPassword: TEST_PASSWORD, newPassword: `river-basket-${unique('pw')}` } }),
  },
  /* ---- notification preferences and one-click unsubscribe (decision 055) ---- */
  {
    method: 'GET',
    path: '/api/account/notification-preferences',
    note: "the caller's own choices",
    expect: signedIn(200),
    call: () => ({ url: '/api/account/notification-preferences' }),
  },
  {
    method: 'PUT',
    path: '/api/account/notification-preferences',
    note: "the caller's own choices (preferences.test.ts: nobody else's change)",
    expect: signedIn(200),
    call: () => ({ url: '/api/account/notification-preferences', payload: { changes: [{ category: 'hub', channel: 'push', enabled: true }] } }),
  },
  {
    method: 'GET',
    path: '/api/mail/unsubscribe',
    note: "the signed link is the authority, whoever follows it; it only tells the category (the owner buyer's link)",
    expect: all(200),
    call: ({ world }) => ({ url: `/api/mail/unsubscribe?token=${signUnsubscribeToken(world.app.jwtSecret, world.ownerBuyer.id, 'announcements')}` }),
  },
  {
    method: 'POST',
    path: '/api/mail/unsubscribe',
    note: "one click without a session: turns off only the link's user and category (preferences.test.ts: forged links 400)",
    expect: all(200),
    call: ({ world }) => ({
      url: `/api/mail/unsubscribe?token=${signUnsubscribeToken(world.app.jwtSecret, world.ownerBuyer.id, 'announcements')}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  },
  {
    method: 'PUT',
    path: '/api/account/email',
    note: "each fresh user asks to move their own account to a new address (mails go out; nothing changes until the link: email-verification.test.ts)",
    freshActor: true,
    expect: signedIn(202),
    call: () => ({ url: '/api/account/email', payload: { currentPassword: TEST_PASSWORD, email: `${unique('moved').replace(/-/g, '')}@example.com` } }),
  },

  /* ---- e-mail verification (decision 053) ---- */
  {
    method: 'POST',
    path: '/api/auth/email-verification',
    note: "a fresh user whose address is not confirmed yet asks for their own link again (an already confirmed one: 409, email-verification.test.ts)",
    freshActor: true,
    expect: signedIn(202),
    call: async ({ world, user }) => {
      if (user) await world.app.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, user.id));
      return { url: '/api/auth/email-verification' };
    },
  },
  {
    method: 'POST',
    path: '/api/auth/email-verification/confirm',
    note: 'the link is the authentication: a token nobody was sent is refused for everyone (valid links: email-verification.test.ts)',
    expect: all(400),
    call: () => ({ url: '/api/auth/email-verification/confirm', payload: { token: 'B'.repeat(43) }, remoteAddress: nextIp() }),
  },
  { method: 'PUT', path: '/api/users/me/language', note: "the caller's own language", expect: signedIn(200), call: () => ({ url: '/api/users/me/language', payload: { language: 'en' } }) },
  { method: 'GET', path: '/api/auth/providers', expect: all(200), call: () => ({ url: '/api/auth/providers' }) },
  {
    method: 'GET',
    path: '/api/auth/oidc/start',
    note: 'single sign-on is not configured in tests',
    expect: all(404),
    call: () => ({ url: '/api/auth/oidc/start' }),
  },
  {
    method: 'GET',
    path: '/api/auth/oidc/callback',
    note: 'single sign-on is not configured in tests',
    expect: all(404),
    call: () => ({ url: '/api/auth/oidc/callback?code=abc&state=def' }),
  },

  /* ---- seller applications ---- */
  {
    method: 'POST',
    path: '/api/sellers/application',
    note: 'a new user of each kind; pending and approved ones already applied',
    freshActor: true,
    expect: { visitor: 401, buyer: 201, pendingSeller: 409, otherSeller: 409, owner: 409, admin: 201 },
    call: async (cell) => ({
      url: '/api/sellers/application',
      payload: {
        businessName: 'Sunrise Gardens',
        region: 'Ashanti',
        produceTypes: ['vegetables'],
        phone: '+233 20 111 2222',
        payout: { method: 'mobile_money', accountName: 'Ama Owusu', accountNumber: '0241234567', providerName: 'MTN MoMo' },
        idDocumentUploadId: await idDocumentIdOf(cell),
        termsAccepted: true,
      },
    }),
  },
  {
    method: 'GET',
    path: '/api/sellers/application/mine',
    note: 'only those who applied have one',
    expect: { visitor: 401, buyer: 404, pendingSeller: 200, otherSeller: 200, owner: 200, admin: 404 },
    call: () => ({ url: '/api/sellers/application/mine' }),
  },
  {
    method: 'GET',
    path: '/api/sellers/:userId',
    note: "the owner seller's application status",
    expect: { visitor: 401, buyer: 404, pendingSeller: 404, otherSeller: 404, owner: 200, admin: 200 },
    call: ({ world }) => ({ url: `/api/sellers/${world.ownerSeller.id}`, leaks: ['Owner Farm'] }),
  },

  /* ---- baskets ---- */
  { method: 'GET', path: '/api/baskets/count', expect: signedIn(200), call: () => ({ url: '/api/baskets/count' }) },
  { method: 'GET', path: '/api/baskets', expect: signedIn(200), call: () => ({ url: '/api/baskets' }) },
  {
    method: 'POST',
    path: '/api/baskets/items',
    note: "the owner farm's product; the farm cannot buy its own",
    expect: { ...signedIn(201), owner: 400 },
    call: ({ world }) => ({ url: '/api/baskets/items', payload: { productId: world.activeProductId, quantity: 1 } }),
  },
  {
    method: 'POST',
    path: '/api/baskets/items',
    note: 'a paused product: "not available right now", nothing of it in the answer',
    expect: { visitor: 401, buyer: 409, pendingSeller: 409, otherSeller: 409, owner: 400, admin: 409 },
    call: async ({ world }) => {
      const title = unique('Paused secret pawpaw');
      const productId = await createProduct(world.app, world.ownerSeller.id, { title, status: 'paused' });
      return { url: '/api/baskets/items', payload: { productId, quantity: 1 }, leaks: [title] };
    },
  },
  {
    method: 'PATCH',
    path: '/api/baskets/items/:itemId',
    owner: 'buyer',
    expect: buyerOwned(200),
    call: async ({ world }) => {
      const itemId = await insertBasketLine(world.app, world.ownerBuyer.id, await createProduct(world.app, world.ownerSeller.id, { title: 'Basket line honey' }));
      return { url: `/api/baskets/items/${itemId}`, payload: { quantity: 2 }, leaks: [itemId, 'Basket line honey'] };
    },
  },
  {
    method: 'DELETE',
    path: '/api/baskets/items/:itemId',
    owner: 'buyer',
    expect: buyerOwned(200),
    call: async ({ world }) => {
      const itemId = await insertBasketLine(world.app, world.ownerBuyer.id, await createProduct(world.app, world.ownerSeller.id, { title: 'Basket line yams' }));
      return { url: `/api/baskets/items/${itemId}`, leaks: [itemId, 'Basket line yams'] };
    },
  },
  { method: 'DELETE', path: '/api/baskets', note: "empties the caller's own basket", expect: signedIn(204), call: () => ({ url: '/api/baskets' }) },

  /* ---- weekly baskets: the cycle engine's route (decision 064) ---- */
  {
    method: 'POST',
    path: '/api/standing-orders/:id/cycles/:cycleId/confirm',
    note: "a cycle of the owner buyer's weekly basket held for its price: only that buyer may accept today's prices",
    owner: 'buyer',
    expect: buyerOwned(200),
    call: async ({ world }) => {
      // A farm of its own per call: one running weekly basket per buyer and farm.
      const farm = await createSeller(world.app, 'Weekly Basket Farm');
      const productId = await createProduct(world.app, farm.id, { title: 'Weekly basket kale' });
      const slot = await createWeeklySlot(world.app, farm.id, 0, { start: new Date(Date.now() + 2 * 86_400_000) });
      await fundWallet(world.app, world.ownerBuyer.id, 100_000);
      const { standingOrderId, cycleId } = await insertHeldPriceCycle(world.app, world.ownerBuyer.id, farm.id, productId, slot);
      return { url: `/api/standing-orders/${standingOrderId}/cycles/${cycleId}/confirm`, leaks: ['Weekly basket kale'] };
    },
  },

  /* ---- addresses ---- */
  { method: 'GET', path: '/api/addresses', expect: signedIn(200), call: () => ({ url: '/api/addresses' }) },
  { method: 'POST', path: '/api/addresses', expect: signedIn(201), call: () => ({ url: '/api/addresses', payload: ADDRESS_BODY }) },
  {
    method: 'PUT',
    path: '/api/addresses/:addressId',
    owner: 'buyer',
    expect: buyerOwned(200),
    call: async ({ world }) => {
      const line1 = unique('Secret Street');
      const id = await insertOwnAddress(world, line1);
      return { url: `/api/addresses/${id}`, payload: ADDRESS_BODY, leaks: [line1] };
    },
  },
  {
    method: 'DELETE',
    path: '/api/addresses/:addressId',
    owner: 'buyer',
    expect: buyerOwned(204),
    call: async ({ world }) => {
      const line1 = unique('Secret Street');
      return { url: `/api/addresses/${await insertOwnAddress(world, line1)}`, leaks: [line1] };
    },
  },
  {
    method: 'POST',
    path: '/api/addresses/:addressId/default',
    owner: 'buyer',
    expect: buyerOwned(200),
    call: async ({ world }) => {
      const line1 = unique('Secret Street');
      return { url: `/api/addresses/${await insertOwnAddress(world, line1)}/default`, leaks: [line1] };
    },
  },

  /* ---- wallet ---- */
  { method: 'GET', path: '/api/wallet', expect: signedIn(200), call: () => ({ url: '/api/wallet' }) },
  { method: 'GET', path: '/api/wallet/history', expect: signedIn(200), call: () => ({ url: '/api/wallet/history' }) },
  {
    method: 'POST',
    path: '/api/wallet/top-ups',
    expect: signedIn(201),
    call: () => ({ url: '/api/wallet/top-ups', payload: { amountMinor: 1_000 }, headers: { 'idempotency-key': unique('top-up') } }),
  },
  {
    method: 'GET',
    path: '/api/wallet/top-ups/:id',
    note: "the owner buyer's own top-up",
    owner: 'buyer',
    expect: buyerOwned(200),
    call: async ({ world }) => ({ url: `/api/wallet/top-ups/${await topUpOf(world)}` }),
  },
  {
    method: 'POST',
    path: '/api/wallet/top-ups/:id/otp',
    note: 'the sandbox decided it at once: not waiting for a code',
    owner: 'buyer',
    expect: buyerOwned(409),
    call: async ({ world }) => ({ url: `/api/wallet/top-ups/${await topUpOf(world)}/otp`, payload: { otp: '123456' } }),
  },
  {
    method: 'POST',
    path: '/api/wallet/top-ups/:id/cancel',
    note: 'the sandbox decided it at once: a cancel answers it as it is (idempotent)',
    owner: 'buyer',
    expect: buyerOwned(200),
    call: async ({ world }) => ({ url: `/api/wallet/top-ups/${await topUpOf(world)}/cancel` }),
  },
  { method: 'GET', path: '/api/wallet/payouts', note: 'approved sellers and agents', expect: { ...sellersOnly(200), otherAgent: 200 }, call: () => ({ url: '/api/wallet/payouts' }) },
  {
    method: 'POST',
    path: '/api/wallet/payouts',
    note: 'approved sellers and agents',
    expect: { ...sellersOnly(201), otherAgent: 201 },
    call: () => ({ url: '/api/wallet/payouts', payload: { amountMinor: 1_000, destination: 'MTN MoMo 0241234567' }, headers: { 'idempotency-key': unique('payout') } }),
  },
  {
    method: 'POST',
    path: '/api/wallet/payout-recipients/resolve',
    note: 'applicants confirm the account name before they are sellers or agents',
    expect: signedIn(200),
    call: () => ({ url: '/api/wallet/payout-recipients/resolve', payload: { method: 'mobile_money', bankCode: 'mtn', accountNumber: '0241234567' } }),
  },

  /* ---- payments (issue 24) ---- */
  {
    method: 'POST',
    path: '/api/payments/paystack/webhook',
    note: 'no session: the signature is the authentication, and the sandbox signs nothing (signed calls: paystack-top-ups.test.ts)',
    expect: all(401),
    call: () => ({ url: '/api/payments/paystack/webhook', payload: { event: 'charge.success', data: { reference: 'pm-0' } }, remoteAddress: nextIp() }),
  },
  { method: 'GET', path: '/api/admin/payments', expect: adminsOnly(200), call: () => ({ url: '/api/admin/payments?state=matched' }) },

  /* ---- mail outbox (issue 25) ---- */
  { method: 'GET', path: '/api/admin/mail', expect: adminsOnly(200), call: () => ({ url: '/api/admin/mail?status=failed' }) },
  {
    method: 'POST',
    path: '/api/admin/mail/:id/retry',
    expect: adminsOnly(200),
    call: async ({ world }) => {
      const id = await queueMail(world.app.db, {
        kind: 'password_reset', category: 'security',
        to: 'outbox@example.com',
        content: passwordResetMail(world.app.config, { email: 'outbox@example.com', language: null }, 'http://localhost:3000/reset-password?token=x'),
      });
      return { url: `/api/admin/mail/${id}/retry`, leaks: ['outbox@example.com'] };
    },
  },

  /* ---- the job system (issue 29): the admin System page ---- */
  { method: 'GET', path: '/api/admin/system', expect: adminsOnly(200), call: () => ({ url: '/api/admin/system' }) },
  {
    method: 'POST',
    path: '/api/admin/system/jobs/:jobId/retry',
    note: 'no failed job has this id (a real retry: jobs/system-routes.test.ts)',
    expect: adminsOnly(404),
    call: () => ({ url: '/api/admin/system/jobs/0190c3f5-0000-7000-8000-000000000000/retry' }),
  },

  /* ---- popups ---- */
  { method: 'GET', path: '/api/popups/active', expect: all(200), call: () => ({ url: '/api/popups/active' }) },
  { method: 'GET', path: '/api/admin/popups', expect: adminsOnly(200), call: () => ({ url: '/api/admin/popups' }) },
  {
    method: 'POST',
    path: '/api/admin/popups',
    expect: adminsOnly(201),
    call: () => ({ url: '/api/admin/popups', payload: { title: 'Market day', message: 'Fresh produce every Saturday' } }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/popups/:id',
    expect: adminsOnly(200),
    call: async ({ world }) => {
      const title = unique('Secret popup');
      return { url: `/api/admin/popups/${await insertPopup(world.app, title)}`, payload: { message: 'Now on Sundays too' }, leaks: [title] };
    },
  },
  {
    method: 'DELETE',
    path: '/api/admin/popups/:id',
    expect: adminsOnly(204),
    call: async ({ world }) => {
      const title = unique('Secret popup');
      return { url: `/api/admin/popups/${await insertPopup(world.app, title)}`, leaks: [title] };
    },
  },

  /* ---- messages ---- */
  { method: 'GET', path: '/api/messages/unread/count', expect: signedIn(200), call: () => ({ url: '/api/messages/unread/count' }) },
  {
    method: 'POST',
    path: '/api/conversations',
    note: 'with the bystander: 201 the first time',
    expect: signedIn(201),
    call: ({ world }) => ({ url: '/api/conversations', payload: { otherUserId: world.bystander.id } }),
  },
  {
    method: 'POST',
    path: '/api/conversations',
    note: 'about a paused product of the owner farm: only the farm sees it',
    expect: { visitor: 401, buyer: 404, pendingSeller: 404, otherSeller: 404, owner: 201, admin: 404 },
    call: async ({ world }) => {
      const title = unique('Paused secret mangoes');
      const id = await createProduct(world.app, world.ownerSeller.id, { title, status: 'paused' });
      return { url: '/api/conversations', payload: { otherUserId: world.bystander.id, subject: { kind: 'product', id } }, leaks: [title] };
    },
  },
  {
    method: 'POST',
    path: '/api/conversations',
    note: 'about an order: only its parties',
    owner: 'buyer',
    expect: buyerOwned(201),
    call: async ({ world, user }) => {
      const order = await orderAt(world, 'paid');
      const otherUserId = user?.id === world.ownerSeller.id ? world.ownerBuyer.id : world.ownerSeller.id;
      return { url: '/api/conversations', payload: { otherUserId, subject: { kind: 'order', id: order.id } } };
    },
  },
  { method: 'GET', path: '/api/conversations', expect: signedIn(200), call: () => ({ url: '/api/conversations' }) },
  {
    method: 'GET',
    path: '/api/conversations/:id',
    owner: 'buyer',
    expect: buyerOwned(200),
    call: ({ world }) => ({ url: `/api/conversations/${world.conversationId}`, leaks: [world.ownerSeller.username] }),
  },
  {
    method: 'GET',
    path: '/api/conversations/:id/messages',
    owner: 'buyer',
    expect: buyerOwned(200),
    call: ({ world }) => ({ url: `/api/conversations/${world.conversationId}/messages`, leaks: [world.ownerSeller.username] }),
  },
  {
    method: 'POST',
    path: '/api/conversations/:id/messages',
    owner: 'buyer',
    expect: buyerOwned(201),
    call: async ({ world }) => ({
      url: `/api/conversations/${world.conversationId}/messages`,
      payload: { body: 'Do you deliver on Fridays?' },
      headers: { 'idempotency-key': unique('message') },
    }),
  },
  {
    method: 'POST',
    path: '/api/conversations/:id/read',
    owner: 'buyer',
    expect: buyerOwned(200),
    call: ({ world }) => ({ url: `/api/conversations/${world.conversationId}/read` }),
  },

  /* ---- uploads ---- */
  {
    method: 'POST',
    path: '/api/uploads/images',
    expect: signedIn(201),
    call: async () => ({
      url: '/api/uploads/images',
      headers: { 'content-type': MULTIPART_CONTENT_TYPE },
      payload: multipartImage(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#557733' } }).png().toBuffer()),
    }),
  },
  {
    method: 'GET',
    path: '/uploads/:key',
    note: 'an image the owner seller uploaded (served to anyone with its address)',
    expect: all(200),
    call: async ({ world }) => ({ url: new URL((await uploadImage(world.app, world.ownerSeller)).url, 'http://x').pathname }),
  },
  {
    method: 'GET',
    path: '/uploads/:key',
    note: "the owner seller's private ID document, its key sent with an encoded slash (never served here)",
    expect: all(404),
    call: async ({ world }) => ({ url: `/uploads/private%2F${(await uploadIdDocument(world.app, world.ownerSeller)).id}.webp` }),
  },
  {
    method: 'POST',
    path: '/api/uploads/images',
    note: 'a private ID document (?purpose=id_document)',
    expect: signedIn(201),
    call: async () => ({
      url: '/api/uploads/images?purpose=id_document',
      headers: { 'content-type': MULTIPART_CONTENT_TYPE },
      payload: multipartImage(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#225588' } }).png().toBuffer()),
    }),
  },
  {
    method: 'GET',
    path: '/api/uploads/private/:uploadId',
    note: "the owner seller's ID document: the uploader and admins only",
    expect: { visitor: 401, buyer: 404, pendingSeller: 404, otherSeller: 404, owner: 200, admin: 200 },
    call: async ({ world }) => {
      const { id, url } = await uploadIdDocument(world.app, world.ownerSeller);
      return { url, leaks: [id] };
    },
  },

  /* ---- products ---- */
  { method: 'GET', path: '/api/products', expect: all(200), call: () => ({ url: '/api/products' }) },
  { method: 'GET', path: '/api/seller/products', expect: sellersOnly(200), call: () => ({ url: '/api/seller/products' }) },
  {
    method: 'GET',
    path: '/api/products/:productId',
    note: 'an active product',
    expect: all(200),
    call: ({ world }) => ({ url: `/api/products/${world.activeProductId}` }),
  },
  {
    method: 'GET',
    path: '/api/products/:productId',
    note: 'a paused product: only its seller',
    expect: { visitor: 404, buyer: 404, pendingSeller: 404, otherSeller: 404, owner: 200, admin: 404 },
    call: async ({ world }) => {
      const title = unique('Paused secret melons');
      const id = await createProduct(world.app, world.ownerSeller.id, { title, status: 'paused' });
      return { url: `/api/products/${id}`, leaks: [title] };
    },
  },
  {
    method: 'POST',
    path: '/api/products',
    expect: sellersOnly(201),
    call: async (cell) => ({
      url: '/api/products',
      payload: { title: 'Sweet potatoes', category: 'vegetables', unit: 'kg', priceMinor: 300, stockQuantity: 40, imageIds: [await imageIdOf(cell)] },
    }),
  },
  {
    method: 'PATCH',
    path: '/api/seller/products',
    note: "bulk edit of the owner's products",
    expect: sellerOwned(200),
    call: async ({ world }) => {
      const title = unique('Secret plantains');
      const productId = await createProduct(world.app, world.ownerSeller.id, { title });
      return { url: '/api/seller/products', payload: { updates: [{ productId, priceMinor: 310, stockQuantity: 55 }] }, leaks: [title] };
    },
  },
  {
    method: 'PATCH',
    path: '/api/products/:productId',
    expect: sellerOwned(200),
    call: async ({ world }) => {
      const title = unique('Secret okra');
      const id = await createProduct(world.app, world.ownerSeller.id, { title, status: 'draft' });
      return { url: `/api/products/${id}`, payload: { priceMinor: 275 }, leaks: [title] };
    },
  },
  {
    method: 'DELETE',
    path: '/api/products/:productId',
    expect: sellerOwned(204),
    call: async ({ world }) => {
      const title = unique('Secret cassava');
      const id = await createProduct(world.app, world.ownerSeller.id, { title, status: 'draft' });
      return { url: `/api/products/${id}`, leaks: [title] };
    },
  },

  /* ---- notifications and push ---- */
  { method: 'GET', path: '/api/notifications/unread-count', expect: signedIn(200), call: () => ({ url: '/api/notifications/unread-count' }) },
  { method: 'GET', path: '/api/notifications/pulse-hub/unread-count', expect: signedIn(200), call: () => ({ url: '/api/notifications/pulse-hub/unread-count' }) },
  { method: 'GET', path: '/api/notifications', expect: signedIn(200), call: () => ({ url: '/api/notifications' }) },
  { method: 'PUT', path: '/api/notifications/read-all', expect: signedIn(200), call: () => ({ url: '/api/notifications/read-all' }) },
  {
    method: 'PUT',
    path: '/api/notifications/:id/read',
    owner: 'buyer',
    expect: buyerOwned(200),
    call: async ({ world }) => {
      const message = unique('Your secret parcel');
      return { url: `/api/notifications/${await insertNotificationFor(world.app, world.ownerBuyer.id, message)}/read`, leaks: [message] };
    },
  },
  { method: 'GET', path: '/api/push/public-key', expect: all(200), call: () => ({ url: '/api/push/public-key' }) },
  {
    method: 'POST',
    path: '/api/push/subscriptions',
    expect: signedIn(201),
    call: () => ({ url: '/api/push/subscriptions', payload: { endpoint: `https://push.example.com/send/${unique('sub')}`, keys: PUSH_KEYS } }),
  },
  {
    method: 'DELETE',
    path: '/api/push/subscriptions',
    owner: 'buyer',
    note: "the owner buyer's subscription",
    expect: buyerOwned(204),
    call: async ({ world }) => ({ url: '/api/push/subscriptions', payload: { endpoint: await insertPushSubscription(world.app, world.ownerBuyer.id) } }),
  },

  /* ---- admin console ---- */
  { method: 'GET', path: '/api/admin/overview', expect: adminsOnly(200), call: () => ({ url: '/api/admin/overview' }) },
  { method: 'GET', path: '/api/admin/applications', expect: adminsOnly(200), call: () => ({ url: '/api/admin/applications' }) },
  {
    method: 'GET',
    path: '/api/admin/applications/:id',
    expect: adminsOnly(200),
    call: async ({ world }) => {
      const { applicationId, user } = await insertApplicant(world.app);
      return { url: `/api/admin/applications/${applicationId}`, leaks: [user.username] };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/applications/:id/approve',
    expect: adminsOnly(200),
    call: async ({ world }) => ({ url: `/api/admin/applications/${(await insertApplicant(world.app)).applicationId}/approve` }),
  },
  {
    method: 'POST',
    path: '/api/admin/applications/:id/reject',
    expect: adminsOnly(200),
    call: async ({ world }) => ({
      url: `/api/admin/applications/${(await insertApplicant(world.app)).applicationId}/reject`,
      payload: { reason: 'The ID photo is unreadable' },
    }),
  },
  { method: 'GET', path: '/api/admin/users', expect: adminsOnly(200), call: () => ({ url: '/api/admin/users' }) },
  {
    method: 'POST',
    path: '/api/admin/users/:id/suspend',
    expect: adminsOnly(200),
    call: async ({ world }) => {
      const { user } = await insertApplicant(world.app);
      return { url: `/api/admin/users/${user.id}/suspend`, payload: { reason: 'Selling counterfeit seeds' }, leaks: [user.username] };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/users/:id/unsuspend',
    expect: adminsOnly(200),
    call: async ({ world }) => {
      const user = await createSuspendedUser(world.app);
      return { url: `/api/admin/users/${user.id}/unsuspend`, leaks: [user.username] };
    },
  },
  { method: 'GET', path: '/api/admin/audit-log', expect: adminsOnly(200), call: () => ({ url: '/api/admin/audit-log' }) },

  /* ---- slots ---- */
  {
    method: 'GET',
    path: '/api/sellers/:userId/slots',
    expect: all(200),
    call: ({ world }) => ({ url: `/api/sellers/${world.ownerSeller.id}/slots` }),
  },
  { method: 'POST', path: '/api/seller/slots', expect: sellersOnly(201), call: () => ({ url: '/api/seller/slots', payload: slotBody() }) },
  {
    method: 'DELETE',
    path: '/api/seller/slots/:slotId',
    expect: sellerOwned(204),
    call: async ({ world }) => ({ url: `/api/seller/slots/${await createSlot(world.app, world.ownerSeller.id)}` }),
  },

  /* ---- seller shop profile ---- */
  { method: 'GET', path: '/api/seller/profile', expect: sellersOnly(200), call: () => ({ url: '/api/seller/profile' }) },
  {
    method: 'PUT',
    path: '/api/seller/profile',
    note: "the caller's own shop",
    expect: sellersOnly(200),
    call: () => ({
      url: '/api/seller/profile',
      payload: { shopName: 'Owner Farm', story: 'Three generations of tomatoes', region: 'Ashanti', lat: 6.69, lng: -1.62, photoIds: [] },
    }),
  },
  {
    method: 'GET',
    path: '/api/shops/:sellerId',
    note: "the owner farm's public shop",
    expect: all(200),
    call: ({ world }) => ({ url: `/api/shops/${world.ownerSeller.id}` }),
  },
  {
    method: 'GET',
    path: '/api/shops/:sellerId',
    note: 'a pending applicant has no public shop',
    expect: all(404),
    call: ({ world }) => ({ url: `/api/shops/${world.pendingSeller.id}`, leaks: ['Hopeful Acres'] }),
  },

  /* ---- checkout and orders ---- */
  {
    method: 'POST',
    path: '/api/checkout/quote',
    expect: signedIn(200),
    call: ({ world }) => ({ url: '/api/checkout/quote', payload: { sellers: [{ sellerUserId: world.ownerSeller.id, fulfilment: 'pickup' }] } }),
  },
  {
    method: 'POST',
    path: '/api/checkout/quote',
    note: "delivery to the owner buyer's address",
    owner: 'buyer',
    expect: buyerOwned(200),
    call: async ({ world }) => {
      const line1 = unique('Secret Street');
      const addressId = await insertOwnAddress(world, line1);
      return { url: '/api/checkout/quote', payload: { addressId, sellers: [{ sellerUserId: world.ownerSeller.id, fulfilment: 'delivery' }] }, leaks: [line1] };
    },
  },
  {
    method: 'POST',
    path: '/api/checkout',
    note: "the caller's basket holds one line of the owner farm",
    owner: 'buyer',
    expect: signedIn(201),
    call: async ({ world, user }) => {
      const { app } = world;
      const sellerUserId = world.ownerSeller.id;
      const productId = await createProduct(app, sellerUserId);
      const slotId = await createSlot(app, sellerUserId);
      const payload = { sellers: [{ sellerUserId, fulfilment: 'pickup', slotId }], payNow: false };
      const headers = { 'idempotency-key': unique('checkout') };
      if (!user) return { url: '/api/checkout', payload, headers };
      await app.inject({ method: 'DELETE', url: '/api/baskets', headers: { authorization: `Bearer ${user.token}` } });
      await insertBasketLine(app, user.id, productId);
      return { url: '/api/checkout', payload, headers };
    },
  },
  {
    method: 'GET',
    path: '/api/checkout/:checkoutId/payment',
    note: "the owner buyer's checkout paid by card",
    owner: 'buyer',
    expect: buyerOwned(200),
    call: async ({ world }) => ({ url: `/api/checkout/${await checkoutPaidByCard(world)}/payment` }),
  },
  {
    method: 'POST',
    path: '/api/checkout/:checkoutId/payment/otp',
    note: "the owner buyer's card payment waits for no code: 409",
    owner: 'buyer',
    expect: buyerOwned(409),
    call: async ({ world }) => ({ url: `/api/checkout/${await checkoutPaidByCard(world)}/payment/otp`, payload: { otp: '123456' } }),
  },
  {
    method: 'POST',
    path: '/api/checkout/:checkoutId/payment/cancel',
    note: "the owner buyer's card payment is decided: a cancel answers it as it is (idempotent)",
    owner: 'buyer',
    expect: buyerOwned(200),
    call: async ({ world }) => ({ url: `/api/checkout/${await checkoutPaidByCard(world)}/payment/cancel` }),
  },
  { method: 'GET', path: '/api/orders', expect: signedIn(200), call: () => ({ url: '/api/orders' }) },
  {
    method: 'GET',
    path: '/api/orders/:orderId',
    note: 'as the buyer party',
    owner: 'buyer',
    expect: orderParty(200, 200),
    call: async ({ world }) => {
      const order = await orderAt(world, 'paid');
      return { url: `/api/orders/${order.id}`, leaks: [order.items[0]?.productId ?? order.id] };
    },
  },
  {
    method: 'GET',
    path: '/api/orders/:orderId',
    note: 'as the seller party',
    expect: orderParty(200, 200),
    call: async ({ world }) => {
      const order = await orderAt(world, 'paid');
      return { url: `/api/orders/${order.id}`, leaks: [order.items[0]?.productId ?? order.id] };
    },
  },
  {
    method: 'POST',
    path: '/api/orders/:orderId/actions',
    note: 'the farm accepts a paid order',
    forbiddenAfterBody: true,
    expect: orderParty(200, 403),
    call: async ({ world }) => ({ url: `/api/orders/${(await orderAt(world, 'paid')).id}/actions`, payload: { action: 'accept' } }),
  },
  {
    method: 'POST',
    path: '/api/orders/:orderId/actions',
    note: 'the buyer cancels a paid order',
    forbiddenAfterBody: true,
    owner: 'buyer',
    expect: orderParty(200, 403),
    call: async ({ world }) => ({ url: `/api/orders/${(await orderAt(world, 'paid')).id}/actions`, payload: { action: 'cancel', reason: 'Plans changed' } }),
  },
  {
    method: 'POST',
    path: '/api/orders/:orderId/actions',
    note: 'the farm or an admin rejects a refund request',
    forbiddenAfterBody: true,
    expect: orderParty(200, 200),
    call: async ({ world }) => ({
      url: `/api/orders/${(await orderAt(world, 'refund_requested')).id}/actions`,
      payload: { action: 'reject_refund', reason: 'The photos show fresh produce' },
    }),
  },
  {
    method: 'POST',
    path: '/api/orders/:orderId/actions',
    note: 'only the farm contests a refund request',
    forbiddenAfterBody: true,
    expect: orderParty(200, 403),
    call: async ({ world }) => ({
      url: `/api/orders/${(await orderAt(world, 'refund_requested')).id}/actions`,
      payload: { action: 'contest_refund', reason: 'The buyer collected them whole' },
    }),
  },
  {
    method: 'POST',
    path: '/api/orders/:orderId/final-weights',
    forbiddenAfterBody: true,
    expect: orderParty(200, 403),
    call: async ({ world }) => {
      const order = await orderAt(world, 'accepted');
      return { url: `/api/orders/${order.id}/final-weights`, payload: { items: [{ itemId: order.items[0]?.id, finalQuantity: 3.8 }] } };
    },
  },
  {
    method: 'POST',
    path: '/api/orders/:orderId/final-weights',
    note: 'the buyer party may not weigh',
    forbiddenAfterBody: true,
    owner: 'buyer',
    expect: orderParty(403, 403),
    call: async ({ world }) => {
      const order = await orderAt(world, 'accepted');
      return { url: `/api/orders/${order.id}/final-weights`, payload: { items: [{ itemId: order.items[0]?.id, finalQuantity: 3.8 }] } };
    },
  },
  { method: 'GET', path: '/api/seller/refunds', expect: sellersOnly(200), call: () => ({ url: '/api/seller/refunds' }) },
  { method: 'GET', path: '/api/admin/refunds', expect: adminsOnly(200), call: () => ({ url: '/api/admin/refunds' }) },
  { method: 'GET', path: '/api/seller/dashboard', expect: sellersOnly(200), call: () => ({ url: '/api/seller/dashboard' }) },
  { method: 'GET', path: '/api/seller/wallet', expect: sellersOnly(200), call: () => ({ url: '/api/seller/wallet' }) },

  /* ---- catalogue import and export (issue 27): each seller's own products only ---- */
  { method: 'GET', path: '/api/seller/catalogue/export.csv', expect: sellersOnly(200), call: () => ({ url: '/api/seller/catalogue/export.csv' }) },
  { method: 'GET', path: '/api/seller/catalogue/import-template.csv', expect: sellersOnly(200), call: () => ({ url: '/api/seller/catalogue/import-template.csv' }) },
  {
    method: 'POST',
    path: '/api/seller/catalogue/imports/preview',
    expect: sellersOnly(200),
    call: () => ({ url: '/api/seller/catalogue/imports/preview', payload: { content: CATALOGUE_FILE } }),
  },
  {
    method: 'POST',
    path: '/api/seller/catalogue/imports',
    expect: sellersOnly(200),
    call: () => ({ url: '/api/seller/catalogue/imports', payload: { content: CATALOGUE_FILE, previewId: createHash('sha256').update(CATALOGUE_FILE).digest('hex'), batch: 0 } }),
  },

  /* ---- reviews ---- */
  {
    method: 'POST',
    path: '/api/orders/:orderId/review',
    owner: 'buyer',
    expect: buyerOwned(201),
    call: async ({ world }) => ({ url: `/api/orders/${(await orderAt(world, 'completed')).id}/review`, payload: { rating: 5, body: 'Lovely' } }),
  },
  {
    method: 'POST',
    path: '/api/reviews/:reviewId/reply',
    expect: orderParty(200, 404),
    call: async ({ world }) => {
      const review = await reviewOf(world);
      return { url: `/api/reviews/${review.id}/reply`, payload: { body: 'Thank you!' }, leaks: ['Sweet and fresh'] };
    },
  },
  {
    method: 'GET',
    path: '/api/products/:productId/reviews',
    expect: all(200),
    call: ({ world }) => ({ url: `/api/products/${world.activeProductId}/reviews` }),
  },
  {
    method: 'GET',
    path: '/api/sellers/:userId/reviews',
    expect: all(200),
    call: ({ world }) => ({ url: `/api/sellers/${world.ownerSeller.id}/reviews` }),
  },

  /* ---- Pulse Agents ---- */
  {
    method: 'POST',
    path: '/api/agents/applications',
    note: 'a new user of each kind; agents (pending or approved) already applied',
    owner: 'agent',
    freshActor: true,
    expect: { visitor: 401, buyer: 201, pendingSeller: 201, otherSeller: 201, owner: 409, admin: 201, pendingAgent: 409, otherAgent: 409 },
    call: async (cell) => ({
      url: '/api/agents/applications',
      payload: {
        kind: 'delivery',
        region: 'Ashanti',
        lat: 6.69,
        lng: -1.62,
        workingRadiusKm: 25,
        vehicle: 'motorbike',
        phone: '+233 24 555 0101',
        payout: { method: 'mobile_money', accountName: 'Kofi Boateng', accountNumber: '0245550101', providerName: 'MTN MoMo' },
        idDocumentUploadId: await idDocumentIdOf(cell),
        termsAccepted: true,
      },
    }),
  },
  {
    method: 'GET',
    path: '/api/agents/me/application',
    note: 'only those who applied have one',
    owner: 'agent',
    expect: { ...signedIn(404), owner: 200, pendingAgent: 200, otherAgent: 200 },
    call: () => ({ url: '/api/agents/me/application' }),
  },
  {
    method: 'GET',
    path: '/api/agents/:userId',
    note: "the holding agent's application status: the agent and admins",
    owner: 'agent',
    expect: { visitor: 401, buyer: 404, pendingSeller: 404, otherSeller: 404, owner: 200, admin: 200, pendingAgent: 404, otherAgent: 404 },
    call: ({ world }) => ({ url: `/api/agents/${world.holdingAgent.id}`, leaks: [world.holdingAgent.id] }),
  },
  {
    method: 'GET',
    path: '/api/agent/wallet',
    note: 'approved agents, their own earnings',
    owner: 'agent',
    expect: deliveryAgents(200),
    call: () => ({ url: '/api/agent/wallet?tzOffsetMinutes=0' }),
  },

  /* ---- delivery tasks ---- */
  { method: 'GET', path: '/api/delivery/tasks/open', owner: 'agent', expect: deliveryAgents(200), call: () => ({ url: '/api/delivery/tasks/open' }) },
  { method: 'GET', path: '/api/delivery/tasks/mine', owner: 'agent', expect: deliveryAgents(200), call: () => ({ url: '/api/delivery/tasks/mine' }) },
  {
    method: 'GET',
    path: '/api/delivery/tasks/:id',
    note: 'an open task: any delivery agent, town only',
    owner: 'agent',
    expect: deliveryAgents(200),
    call: async ({ world }) => {
      const task = await deliveryTaskAt(world, 'open');
      return { url: `/api/delivery/tasks/${task.taskId}`, leaks: [task.street, task.orderId] };
    },
  },
  {
    method: 'GET',
    path: '/api/delivery/tasks/:id',
    note: 'a task the holding agent holds: only them',
    owner: 'agent',
    expect: heldTask(200),
    call: async ({ world }) => {
      const task = await deliveryTaskAt(world, 'claimed');
      return { url: `/api/delivery/tasks/${task.taskId}`, leaks: [task.street, task.orderId] };
    },
  },
  {
    method: 'POST',
    path: '/api/delivery/tasks/:id/claim',
    note: 'an open task; the owner is an agent who holds nothing yet',
    owner: 'agent',
    expect: deliveryAgents(200),
    call: async ({ world, actor }) => {
      const task = await deliveryTaskAt(world, 'open');
      const fresh = actor === 'owner' ? await createAgent(world.app) : null;
      return { url: `/api/delivery/tasks/${task.taskId}/claim`, ...(fresh ? { token: fresh.token } : {}), leaks: [task.street, task.orderId] };
    },
  },
  {
    method: 'POST',
    path: '/api/delivery/tasks/:id/release',
    owner: 'agent',
    expect: heldTask(200),
    call: async ({ world }) => {
      const task = await deliveryTaskAt(world, 'claimed');
      return { url: `/api/delivery/tasks/${task.taskId}/release`, payload: { reason: 'Flat tyre' }, leaks: [task.street, task.orderId] };
    },
  },
  {
    method: 'POST',
    path: '/api/delivery/tasks/:id/pickup',
    note: "with the farm's pickup code",
    owner: 'agent',
    expect: heldTask(200),
    call: async ({ world }) => {
      const task = await deliveryTaskAt(world, 'claimed');
      return { url: `/api/delivery/tasks/${task.taskId}/pickup`, payload: { code: task.pickupCode }, leaks: [task.street, task.orderId] };
    },
  },
  {
    method: 'POST',
    path: '/api/delivery/tasks/:id/position',
    owner: 'agent',
    expect: heldTask(204),
    call: async ({ world }) => {
      const task = await deliveryTaskAt(world, 'in_transit');
      return { url: `/api/delivery/tasks/${task.taskId}/position`, payload: { lat: 6.7, lng: -1.61, accuracy: 15 }, leaks: [task.street, task.orderId] };
    },
  },
  {
    method: 'POST',
    path: '/api/delivery/tasks/:id/deliver',
    note: "with the buyer's confirmation code",
    owner: 'agent',
    expect: heldTask(200),
    call: async ({ world }) => {
      const task = await deliveryTaskAt(world, 'in_transit');
      return { url: `/api/delivery/tasks/${task.taskId}/deliver`, payload: { code: task.confirmationCode, recipientName: 'Ama' }, leaks: [task.street, task.orderId] };
    },
  },
  {
    method: 'POST',
    path: '/api/delivery/tasks/:id/fail',
    owner: 'agent',
    expect: heldTask(200),
    call: async ({ world }) => {
      const task = await deliveryTaskAt(world, 'in_transit');
      return { url: `/api/delivery/tasks/${task.taskId}/fail`, payload: { reason: 'refused', note: 'Changed their mind' }, leaks: [task.street, task.orderId] };
    },
  },
  {
    method: 'POST',
    path: '/api/delivery/tasks/:id/reopen',
    note: 'a failed delivery of the owner farm',
    expect: farmOrAdmin(200),
    call: async ({ world }) => {
      const task = await deliveryTaskAt(world, 'failed');
      return { url: `/api/delivery/tasks/${task.taskId}/reopen`, leaks: [task.street, task.orderId] };
    },
  },
  {
    method: 'POST',
    path: '/api/delivery/tasks/:id/reopen',
    note: 'the agent who failed it may not re-open it',
    owner: 'agent',
    expect: { ...farmOrAdmin(404), admin: 200 },
    call: async ({ world }) => {
      const task = await deliveryTaskAt(world, 'failed');
      return { url: `/api/delivery/tasks/${task.taskId}/reopen`, leaks: [task.street, task.orderId] };
    },
  },
  {
    method: 'POST',
    path: '/api/delivery/tasks/:id/return',
    note: 'a failed delivery of the owner farm',
    expect: farmOrAdmin(200),
    call: async ({ world }) => {
      const task = await deliveryTaskAt(world, 'failed');
      return { url: `/api/delivery/tasks/${task.taskId}/return`, leaks: [task.street, task.orderId] };
    },
  },
  {
    method: 'GET',
    path: '/api/orders/:orderId/delivery',
    note: 'in transit, as the buyer party',
    owner: 'buyer',
    expect: orderParty(200, 200),
    call: async ({ world }) => {
      const task = await deliveryTaskAt(world, 'in_transit');
      return { url: `/api/orders/${task.orderId}/delivery`, leaks: [task.street, task.taskId] };
    },
  },
  {
    method: 'GET',
    path: '/api/orders/:orderId/delivery',
    note: 'claimed, as the farm (with the pickup code)',
    expect: orderParty(200, 200),
    call: async ({ world }) => {
      const task = await deliveryTaskAt(world, 'claimed');
      return { url: `/api/orders/${task.orderId}/delivery`, leaks: [task.street, task.taskId, task.pickupCode] };
    },
  },
  {
    method: 'GET',
    path: '/api/orders/:orderId/delivery',
    note: 'the holding agent is no order party: the task is their view',
    owner: 'agent',
    expect: { ...orderParty(404, 200) },
    call: async ({ world }) => {
      const task = await deliveryTaskAt(world, 'in_transit');
      return { url: `/api/orders/${task.orderId}/delivery`, leaks: [task.street, task.taskId] };
    },
  },

  // Pulse Hub: tips, reports, moderation
  { method: 'GET', path: '/api/hub/tip-options', expect: signedIn(200), call: () => ({ url: '/api/hub/tip-options' }) },
  {
    method: 'POST',
    path: '/api/hub/posts/:id/tips',
    note: "a post of the owner farm; each tipper is funded first; the author cannot tip themselves",
    expect: { ...signedIn(201), owner: 400 },
    call: async ({ world, user }) => {
      if (user) await fundWallet(world.app, user.id, 1_000);
      const { id: postId } = await hubPostBy(world, world.ownerSeller);
      return { url: `/api/hub/posts/${postId}/tips`, payload: { amountMinor: 100 }, headers: { 'idempotency-key': unique('tip') } };
    },
  },
  {
    method: 'POST',
    path: '/api/hub/posts/:id/tips',
    note: 'a post a moderator hid: unavailable to everyone but its author (still no self-tip)',
    expect: { ...signedIn(404), owner: 400 },
    call: async ({ world, user }) => {
      if (user) await fundWallet(world.app, user.id, 1_000);
      const { id: postId, text } = await hubPostBy(world, world.ownerSeller);
      await hideHubPost(world, postId);
      return { url: `/api/hub/posts/${postId}/tips`, payload: { amountMinor: 100 }, headers: { 'idempotency-key': unique('tip') }, leaks: [text] };
    },
  },
  {
    method: 'GET',
    path: '/api/hub/posts/:id/tips',
    note: "who tipped: the post's author only",
    expect: { visitor: 401, buyer: 404, pendingSeller: 404, otherSeller: 404, owner: 200, admin: 404 },
    call: async ({ world }) => {
      const { id: postId } = await hubPostBy(world, world.ownerSeller);
      return { url: `/api/hub/posts/${postId}/tips`, leaks: [world.bystander.username] };
    },
  },
  {
    method: 'POST',
    path: '/api/hub/reports',
    note: 'a new post of the owner farm; its author cannot report it',
    expect: { ...signedIn(201), owner: 400 },
    call: async ({ world }) => ({
      url: '/api/hub/reports',
      payload: { targetType: 'post', targetId: (await hubPostBy(world, world.ownerSeller)).id, category: 'spam', comment: 'Same post every hour' },
    }),
  },
  { method: 'GET', path: '/api/admin/reports', expect: adminsOnly(200), call: () => ({ url: '/api/admin/reports' }) },
  {
    method: 'POST',
    path: '/api/admin/reports/:id/decision',
    note: "an open report of the bystander on the owner farm's post",
    expect: adminsOnly(200),
    call: async ({ world }) => ({ url: `/api/admin/reports/${await insertOpenHubReport(world)}/decision`, payload: { action: 'dismiss' } }),
  },
  // Pulse Hub: posts, comments, likes, follows, profiles
  // The `owner` is ownerBuyer, the author of the row's post or comment; a suspended account gets 401 like a visitor.
  {
    method: 'POST',
    path: '/api/hub/posts',
    expect: signedIn(201),
    call: () => ({ url: '/api/hub/posts', payload: { clientId: randomUUID(), text: unique('Fresh garden eggs') } }),
  },
  {
    method: 'GET',
    path: '/api/hub/posts/:id',
    note: 'a visible post',
    owner: 'buyer',
    expect: signedIn(200),
    call: async ({ world }) => ({ url: `/api/hub/posts/${(await hubPostBy(world)).id}` }),
  },
  {
    method: 'GET',
    path: '/api/hub/posts/:id',
    note: 'hidden by a moderator: its author only',
    owner: 'buyer',
    expect: buyerOwned(200),
    call: async ({ world }) => {
      const post = await hubPostBy(world);
      await hideHubPost(world, post.id);
      return { url: `/api/hub/posts/${post.id}`, leaks: [post.text] };
    },
  },
  {
    method: 'PATCH',
    path: '/api/hub/posts/:id',
    owner: 'buyer',
    expect: buyerOwned(200),
    call: async ({ world }) => {
      const post = await hubPostBy(world);
      return { url: `/api/hub/posts/${post.id}`, payload: { text: 'Corrected price list' }, leaks: [post.text] };
    },
  },
  {
    method: 'DELETE',
    path: '/api/hub/posts/:id',
    owner: 'buyer',
    expect: buyerOwned(204),
    call: async ({ world }) => {
      const post = await hubPostBy(world);
      return { url: `/api/hub/posts/${post.id}`, leaks: [post.text] };
    },
  },
  { method: 'GET', path: '/api/hub/feed', expect: signedIn(200), call: () => ({ url: '/api/hub/feed?limit=5' }) },
  ...(['PUT', 'DELETE'] as const).flatMap((method): Row[] => [
    {
      method,
      path: '/api/hub/posts/:id/like',
      owner: 'buyer',
      expect: signedIn(200),
      call: async ({ world }) => ({ url: `/api/hub/posts/${(await hubPostBy(world)).id}/like` }),
    },
    {
      method,
      path: '/api/hub/comments/:id/like',
      owner: 'buyer',
      expect: signedIn(200),
      call: async ({ world }) => {
        const post = await hubPostBy(world);
        return { url: `/api/hub/comments/${(await hubCommentBy(world, post.id, world.bystander)).id}/like` };
      },
    },
    {
      method,
      path: '/api/hub/users/:username/follow',
      expect: signedIn(200),
      call: ({ world }) => ({ url: `/api/hub/users/${world.bystander.username}/follow` }),
    },
  ]),
  {
    method: 'GET',
    path: '/api/hub/posts/:id/comments',
    owner: 'buyer',
    expect: signedIn(200),
    call: async ({ world }) => ({ url: `/api/hub/posts/${(await hubPostBy(world)).id}/comments?order=oldest` }),
  },
  {
    method: 'POST',
    path: '/api/hub/posts/:id/comments',
    owner: 'buyer',
    expect: signedIn(201),
    call: async ({ world }) => ({ url: `/api/hub/posts/${(await hubPostBy(world)).id}/comments`, payload: { text: 'How much per crate?' } }),
  },
  {
    method: 'PATCH',
    path: '/api/hub/comments/:id',
    owner: 'buyer',
    expect: buyerOwned(200),
    call: async ({ world }) => {
      const post = await hubPostBy(world, world.bystander);
      const comment = await hubCommentBy(world, post.id, world.ownerBuyer);
      return { url: `/api/hub/comments/${comment.id}`, payload: { text: 'Edited question' }, leaks: [comment.text] };
    },
  },
  {
    method: 'DELETE',
    path: '/api/hub/comments/:id',
    note: 'one’s own comment',
    owner: 'buyer',
    expect: buyerOwned(204),
    call: async ({ world }) => {
      const post = await hubPostBy(world, world.bystander);
      const comment = await hubCommentBy(world, post.id, world.ownerBuyer);
      return { url: `/api/hub/comments/${comment.id}`, leaks: [comment.text] };
    },
  },
  {
    method: 'DELETE',
    path: '/api/hub/comments/:id',
    note: 'someone’s comment on the owner’s post: the post’s author may remove it',
    owner: 'buyer',
    expect: buyerOwned(204),
    call: async ({ world }) => {
      const post = await hubPostBy(world);
      const comment = await hubCommentBy(world, post.id, world.bystander);
      return { url: `/api/hub/comments/${comment.id}`, leaks: [comment.text] };
    },
  },
  {
    method: 'GET',
    path: '/api/hub/profiles/:username',
    expect: signedIn(200),
    call: ({ world }) => ({ url: `/api/hub/profiles/${world.ownerSeller.username}` }),
  },
  {
    method: 'GET',
    path: '/api/hub/profiles/:username/posts',
    expect: signedIn(200),
    call: ({ world }) => ({ url: `/api/hub/profiles/${world.ownerBuyer.username}/posts?limit=5` }),
  },
  {
    method: 'PATCH',
    path: '/api/hub/profile',
    expect: signedIn(200),
    call: () => ({ url: '/api/hub/profile', payload: { profession: 'Grower' } }),
  },
  /* ---- referral programme (issue 13) ---- */
  {
    method: 'GET',
    path: '/api/referrals/codes/:code',
    note: 'an active code: whose it is, for anyone (the sign-up page)',
    expect: all(200),
    call: ({ world }) => ({ url: `/api/referrals/codes/${world.referralCode}` }),
  },
  {
    method: 'GET',
    path: '/api/referrals/codes/:code',
    note: 'a code nobody has',
    expect: all(404),
    call: () => ({ url: '/api/referrals/codes/NOPE-000' }),
  },
  {
    method: 'POST',
    path: '/api/referrals/visits',
    note: 'always 202, counted or not',
    expect: all(202),
    call: ({ world }) => ({
      url: '/api/referrals/visits',
      payload: { code: world.referralCode, visitorId: randomUUID(), path: '/' },
      remoteAddress: nextIp(),
    }),
  },
  {
    method: 'GET',
    path: '/api/referrals/me',
    note: "the referral agent's own summary",
    owner: 'referrer',
    expect: referralAgents(200),
    call: ({ world }) => ({ url: '/api/referrals/me?offsetMinutes=0', leaks: [world.referralCode] }),
  },
  {
    method: 'GET',
    path: '/api/referrals/me/people',
    note: 'the people the agent referred (its own only: admin-referrals.test.ts)',
    owner: 'referrer',
    expect: referralAgents(200),
    call: async ({ world }) => {
      const { referredUsername } = await insertReferralAttribution(world);
      return { url: '/api/referrals/me/people', leaks: [referredUsername] };
    },
  },
  {
    method: 'GET',
    path: '/api/referrals/me/earnings',
    owner: 'referrer',
    expect: referralAgents(200),
    call: () => ({ url: '/api/referrals/me/earnings' }),
  },
  {
    method: 'GET',
    path: '/api/admin/referrals/agents',
    expect: adminsOnly(200),
    call: ({ world }) => ({ url: '/api/admin/referrals/agents', leaks: [world.referralAgent.email] }),
  },
  {
    method: 'GET',
    path: '/api/admin/referrals/attributions',
    expect: adminsOnly(200),
    call: async ({ world }) => {
      const { referredUsername } = await insertReferralAttribution(world);
      return { url: `/api/admin/referrals/attributions?agentUserId=${world.referralAgent.id}`, leaks: [referredUsername] };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/referrals/attributions/:id/void',
    note: 'an active attribution of the referral agent',
    expect: adminsOnly(200),
    call: async ({ world }) => {
      const { id, referredUsername } = await insertReferralAttribution(world);
      return { url: `/api/admin/referrals/attributions/${id}/void`, payload: { reason: 'Same household as the agent' }, leaks: [referredUsername] };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/referrals/attributions/:id/void',
    note: 'already void',
    expect: adminsOnly(409),
    call: async ({ world }) => {
      const { id, referredUsername } = await insertReferralAttribution(world, { voided: true });
      return { url: `/api/admin/referrals/attributions/${id}/void`, payload: { reason: 'Voiding it again' }, leaks: [referredUsername] };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/referrals/attributions/:id/void',
    note: 'an attribution that does not exist',
    expect: adminsOnly(404),
    call: () => ({ url: `/api/admin/referrals/attributions/${randomUUID()}/void`, payload: { reason: 'Nobody here' } }),
  },

  /* ---- Pulse Assistant (issue 14) ---- */
  {
    method: 'POST',
    path: '/api/assistant/messages',
    note: 'everyone may ask (a visitor, a stale or a suspended token as a visitor); the answer streams as NDJSON',
    expect: all(200),
    call: () => ({ url: '/api/assistant/messages', payload: { text: 'hello' }, remoteAddress: nextIp() }),
  },
  {
    method: 'GET',
    path: '/api/assistant/conversation',
    note: "the caller's own conversation only (assistant-routes.test.ts)",
    expect: signedIn(200),
    call: async ({ world }) => {
      const text = unique('bystander-question');
      await insertAssistantMessageFor(world.app, world.bystander.id, text);
      return { url: '/api/assistant/conversation', leaks: [text] };
    },
  },
  {
    method: 'DELETE',
    path: '/api/assistant/conversation',
    note: "clears the caller's own conversation",
    expect: signedIn(200),
    call: () => ({ url: '/api/assistant/conversation' }),
  },

  /* Model Context Protocol (issue 14): JSON-RPC over Streamable HTTP, as the signed-in user. */
  {
    method: 'POST',
    path: '/api/mcp',
    note: 'initialize',
    expect: signedIn(200),
    call: () => ({
      url: '/api/mcp',
      headers: MCP_HEADERS,
      payload: { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'route-table', version: '1.0.0' } } },
    }),
  },
  {
    method: 'POST',
    path: '/api/mcp',
    note: "tools/call order_status on the owner buyer's order: a JSON-RPC answer for every signed-in caller, the order only for its buyer (mcp.test.ts)",
    owner: 'buyer',
    expect: signedIn(200),
    call: async ({ world }) => {
      const order = await orderAt(world, 'paid');
      return {
        url: '/api/mcp',
        headers: MCP_HEADERS,
        payload: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'order_status', arguments: { orderId: order.id } } },
        leaks: [order.id],
      };
    },
  },
  { method: 'GET', path: '/api/mcp', note: 'stateless: no server event stream', expect: signedIn(405), call: () => ({ url: '/api/mcp', headers: { accept: 'text/event-stream' } }) },
  { method: 'DELETE', path: '/api/mcp', note: 'stateless: no session to end', expect: signedIn(405), call: () => ({ url: '/api/mcp' }) },
  /* Its protected resource metadata (RFC 9728, decision 043): public, as every 401 of /api/mcp names it. */
  {
    method: 'GET',
    path: '/.well-known/oauth-protected-resource',
    expect: all(200),
    call: () => ({ url: '/.well-known/oauth-protected-resource' }),
  },
  {
    method: 'GET',
    path: '/.well-known/oauth-protected-resource/api/mcp',
    note: 'the path-aware address of RFC 9728 §3.1',
    expect: all(200),
    call: () => ({ url: '/.well-known/oauth-protected-resource/api/mcp' }),
  },
  /* ---- documents for the books (issue 27, decision 061) ---- */
  {
    method: 'GET',
    path: '/api/seller/exports/orders.csv',
    note: "the caller's own farm's order lines: another approved seller gets their own (empty) export",
    expect: sellersOnly(200),
    call: () => ({ url: `/api/seller/exports/orders.csv?from=${EXPORT_DAY}&to=${EXPORT_DAY}` }),
  },
  {
    method: 'GET',
    path: '/api/wallet/exports/history.csv',
    note: "the caller's own wallet history",
    expect: signedIn(200),
    call: () => ({ url: `/api/wallet/exports/history.csv?from=${EXPORT_DAY}&to=${EXPORT_DAY}` }),
  },
  { method: 'GET', path: '/api/admin/exports/orders.csv', expect: adminsOnly(200), call: () => ({ url: `/api/admin/exports/orders.csv?from=${EXPORT_DAY}&to=${EXPORT_DAY}` }) },
  { method: 'GET', path: '/api/admin/exports/payouts.csv', expect: adminsOnly(200), call: () => ({ url: `/api/admin/exports/payouts.csv?from=${EXPORT_DAY}&to=${EXPORT_DAY}` }) },
  {
    method: 'GET',
    path: '/api/orders/:orderId/receipt.pdf',
    note: "the owner buyer's receipt: the farm, admins and strangers get 404",
    owner: 'buyer',
    expect: buyerOwned(200),
    call: async ({ world }) => {
      const order = await orderAt(world, 'paid');
      return { url: `/api/orders/${order.id}/receipt.pdf`, leaks: [order.id] };
    },
  },
  {
    method: 'GET',
    path: '/api/seller/statements/:month.pdf',
    note: "the caller's own farm's statement of the month",
    expect: sellersOnly(200),
    call: () => ({ url: `/api/seller/statements/${EXPORT_DAY.slice(0, 7)}.pdf` }),
  },
  /* ---- discount codes (issue 27, decision 062) ---- */
  { method: 'GET', path: '/api/seller/discount-codes', expect: sellersOnly(200), call: () => ({ url: '/api/seller/discount-codes' }) },
  {
    method: 'POST',
    path: '/api/seller/discount-codes',
    expect: sellersOnly(201),
    call: () => ({ url: '/api/seller/discount-codes', payload: { code: unique('FARM').replace(/[^A-Za-z0-9-]/g, ''), kind: 'percent', value: 10 } }),
  },
  {
    method: 'PATCH',
    path: '/api/seller/discount-codes/:codeId',
    expect: sellerOwned(200),
    call: async ({ world }) => {
      const code = await insertDiscountCode(world.app, world.ownerSeller.id);
      return { url: `/api/seller/discount-codes/${code.id}`, payload: { status: 'paused' }, leaks: [code.code] };
    },
  },
  { method: 'GET', path: '/api/admin/discount-codes', expect: adminsOnly(200), call: () => ({ url: '/api/admin/discount-codes' }) },
  {
    method: 'POST',
    path: '/api/admin/discount-codes',
    expect: adminsOnly(201),
    call: () => ({ url: '/api/admin/discount-codes', payload: { code: unique('MARKET').replace(/[^A-Za-z0-9-]/g, ''), kind: 'fixed', value: 500 } }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/discount-codes/:codeId',
    expect: adminsOnly(200),
    call: async ({ world }) => {
      const code = await insertDiscountCode(world.app, null);
      return { url: `/api/admin/discount-codes/${code.id}`, payload: { status: 'paused' }, leaks: [code.code] };
    },
  },
  /* ---- weekly baskets (issue 28, decision 064) ---- */
  { method: 'GET', path: '/api/standing-orders', note: "the caller's own weekly baskets", expect: signedIn(200), call: () => ({ url: '/api/standing-orders' }) },
  {
    method: 'POST',
    path: '/api/standing-orders/preview',
    expect: signedIn(200),
    call: async ({ world }) => ({ url: '/api/standing-orders/preview', payload: await standingOrderBody(world.app) }),
  },
  {
    method: 'POST',
    path: '/api/standing-orders',
    note: 'each call with a farm of its own',
    expect: signedIn(201),
    call: async ({ world }) => ({ url: '/api/standing-orders', payload: await standingOrderBody(world.app) }),
  },
  ...(
    [
      ['GET', '', undefined],
      ['PATCH', '', { priceIncreaseLimitPercent: 5 }],
      ['POST', '/skip', 'cycle'],
      ['POST', '/pause', 'pause'],
      ['POST', '/resume', undefined],
      ['POST', '/cancel', undefined],
    ] as const
  ).map(
    ([method, suffix, body]): Row => ({
      method,
      path: `/api/standing-orders/:id${suffix}`,
      note: "the owner buyer's weekly basket: everyone else, the farm and admins included, gets 404",
      owner: 'buyer',
      expect: buyerOwned(200),
      call: async ({ world }) => {
        const standing = await standingOrderOf(world);
        const payload =
          body === 'cycle'
            ? { cycleDate: standing.cycleDate }
            : body === 'pause'
              ? { until: new Date(Date.now() + 3 * 24 * 3600_000).toISOString().slice(0, 10) }
              : body;
        return { url: `/api/standing-orders/${standing.id}${suffix}`, ...(payload === undefined ? {} : { payload }), leaks: [standing.id] };
      },
    }),
  ),
  {
    method: 'GET',
    path: '/api/seller/standing-demand',
    note: "the caller's own farm's expected demand",
    expect: sellersOnly(200),
    call: () => ({ url: '/api/seller/standing-demand' }),
  },
];
