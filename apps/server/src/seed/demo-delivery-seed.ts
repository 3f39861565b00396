import { and, asc, eq, gt, gte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { addresses } from '../db/schema/addresses';
import { agents } from '../db/schema/agents';
import { basketItems } from '../db/schema/basket-items';
import { deliverySlots } from '../db/schema/delivery-slots';
import { products } from '../db/schema/products';
import { users, type UserRow } from '../db/schema/users';
import { placeCheckout } from '../modules/checkout/checkout-service';
import { findTaskByOrderId } from '../modules/delivery/delivery-repository';
import { claimTask, deliverTask, pickupTask, postPosition } from '../modules/delivery/delivery-service';
import { getOrderDetails, performOrderAction } from '../modules/orders/orders-service';
import { createTopUp } from '../modules/wallet/wallet-service';
import { demoMinor } from './demo-money';

/**
 * Pulse Agents and delivery orders of the demo: two approved delivery agents near the demo farms
 * (Kofi around Kumasi, Ama around Accra) and delivery orders at every stage of their task (open,
 * claimed, in transit with a last position, delivered), so /logistics-tasks, /order-delivery and
 * the agent wallet have something to show on a fresh start. The orders go through the real
 * checkout, order and task services (ledger, reservations and events stay consistent).
 */

export const DEMO_AGENT_KOFI_EMAIL = 'agent.kofi@demo.pulse.market';
export const DEMO_AGENT_AMA_EMAIL = 'agent.ama@demo.pulse.market';

export interface SeedAgent {
  email: string;
  username: string;
  bio: string;
  colour: string;
  kind: 'delivery' | 'both';
  vehicle: 'motorbike' | 'car';
  region: string;
  lat: number;
  lng: number;
  workingRadiusKm: number;
  phone: string;
  payout: { method: 'mobile_money'; accountName: string; accountNumber: string; providerName: string };
}

export const SEED_AGENTS: readonly SeedAgent[] = [
  {
    email: DEMO_AGENT_KOFI_EMAIL,
    username: 'kofi_rides',
    bio: 'Pulse Agent in Kumasi: deliveries on my motorbike, and I bring farms to the market.',
    colour: '#2f7a4a',
    kind: 'both',
    vehicle: 'motorbike',
    region: 'Kumasi, Ashanti',
    lat: 6.7012,
    lng: -1.6161,
    workingRadiusKm: 30,
    phone: '+233 24 700 1001',
    payout: { method: 'mobile_money', accountName: 'Kofi Asante', accountNumber: '0247001001', providerName: 'MTN MoMo' },
  },
  {
    email: DEMO_AGENT_AMA_EMAIL,
    username: 'ama_delivers',
    bio: 'Pulse Agent in Accra: fresh produce from Madina and the Akuapem hills to your door.',
    colour: '#b0553a',
    kind: 'delivery',
    vehicle: 'car',
    region: 'Madina, Greater Accra',
    lat: 5.6502,
    lng: -0.1788,
    workingRadiusKm: 40,
    phone: '+233 20 700 2002',
    payout: { method: 'mobile_money', accountName: 'Ama Darko', accountNumber: '0207002002', providerName: 'Vodafone Cash' },
  },
];

type Stage = 'open' | 'claimed' | 'in_transit' | 'delivered';

/** One delivery order of the demo: who buys from which farm, where it goes, how far it got. */
interface SeedDelivery {
  buyerEmail: string;
  farmEmail: string;
  agentEmail: string | null;
  stage: Stage;
  address: { recipientName: string; phone: string; line1: string; city: string; region: string; lat: number; lng: number };
}

const KUMASI = 'Kumasi';
const ACCRA = 'Accra';

/**
 * Each buyer's name and phone as an agent reads them on a task: real names and one number per
 * person (two tasks never share a phone). The history seed saves the first of these addresses as
 * the buyer's home, so the fields travel with the address.
 */
const YAW = { recipientName: 'Yaw Owusu', phone: '+233 24 311 0401' };
const AKOSUA = { recipientName: 'Akosua Frimpong', phone: '+233 27 522 0702' };
const KWAME = { recipientName: 'Kwame Boakye', phone: '+233 50 133 0903' };
const AMA = { recipientName: 'Ama Mensah', phone: '+233 24 866 1204' };
const ESI = { recipientName: 'Esi Quaye', phone: '+233 26 417 1505' };
const KOFI = { recipientName: 'Kofi Addo', phone: '+233 55 290 1806' };

export const SEED_DELIVERIES: readonly SeedDelivery[] = [
  { buyerEmail: 'yaw@demo.pulse.market', farmEmail: 'seller@demo.pulse.market', agentEmail: null, stage: 'open', address: { ...YAW, line1: '14 Asokwa Road', city: KUMASI, region: 'Ashanti', lat: 6.6712, lng: -1.6043 } },
  { buyerEmail: 'akosua@demo.pulse.market', farmEmail: 'ashanti.gold@demo.pulse.market', agentEmail: null, stage: 'open', address: { ...AKOSUA, line1: '3 Ahodwo Loop', city: KUMASI, region: 'Ashanti', lat: 6.6705, lng: -1.6358 } },
  { buyerEmail: 'kwame@demo.pulse.market', farmEmail: 'ashanti.gold@demo.pulse.market', agentEmail: DEMO_AGENT_KOFI_EMAIL, stage: 'claimed', address: { ...KWAME, line1: '22 Bantama High Street', city: KUMASI, region: 'Ashanti', lat: 6.7031, lng: -1.6340 } },
  { buyerEmail: 'buyer@demo.pulse.market', farmEmail: 'seller@demo.pulse.market', agentEmail: DEMO_AGENT_KOFI_EMAIL, stage: 'in_transit', address: { ...AMA, line1: '9 Nhyiaeso Avenue', city: KUMASI, region: 'Ashanti', lat: 6.6850, lng: -1.6330 } },
  { buyerEmail: 'esi@demo.pulse.market', farmEmail: 'seller@demo.pulse.market', agentEmail: DEMO_AGENT_KOFI_EMAIL, stage: 'delivered', address: { ...ESI, line1: '5 Adum Lane', city: KUMASI, region: 'Ashanti', lat: 6.6920, lng: -1.6240 } },
  { buyerEmail: 'kofi@demo.pulse.market', farmEmail: 'accra.greens@demo.pulse.market', agentEmail: null, stage: 'open', address: { ...KOFI, line1: '18 Oxford Street, Osu', city: ACCRA, region: 'Greater Accra', lat: 5.5560, lng: -0.1820 } },
  { buyerEmail: 'kofi@demo.pulse.market', farmEmail: 'akuapem.honey@demo.pulse.market', agentEmail: null, stage: 'open', address: { ...KOFI, line1: '7 Adenta Housing Down', city: 'Adenta', region: 'Greater Accra', lat: 5.7095, lng: -0.1540 } },
  { buyerEmail: 'kwame@demo.pulse.market', farmEmail: 'accra.greens@demo.pulse.market', agentEmail: DEMO_AGENT_AMA_EMAIL, stage: 'claimed', address: { ...KWAME, line1: '40 Legon Bypass', city: 'Madina', region: 'Greater Accra', lat: 5.6620, lng: -0.1700 } },
];

/** What the demo's delivery buyers (other than the demo buyer) find in their wallet before their orders. */
export const DELIVERY_BUYER_TOP_UP_MINOR = 10_000;

async function userByEmail(db: Db, email: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`demo seed: no user ${email}`);
  return row;
}

/** Agents' users and approved applications, inside the demo seed's transaction. */
export async function insertDemoAgents(tx: Db, passwordHash: string, now: Date): Promise<string[]> {
  const rows = await tx
    .insert(users)
    .values(SEED_AGENTS.map((agent) => ({ email: agent.email, username: agent.username, passwordHash, roles: ['buyer', 'agent'], bio: agent.bio, profession: 'Pulse Agent', emailVerifiedAt: now })))
    .returning({ id: users.id });
  await tx.insert(agents).values(
    SEED_AGENTS.map((agent, index) => ({
      userId: rows[index]?.id as string,
      kind: agent.kind,
      status: 'approved' as const,
      region: agent.region,
      lat: agent.lat,
      lng: agent.lng,
      workingRadiusKm: agent.workingRadiusKm,
      vehicle: agent.vehicle,
      phone: agent.phone,
      payoutMethod: agent.payout.method,
      payoutAccountName: agent.payout.accountName,
      payoutAccountNumber: agent.payout.accountNumber,
      payoutProviderName: agent.payout.providerName,
      termsAcceptedAt: now,
      submittedAt: new Date(now.getTime() - 3 * 86_400_000),
      reviewedAt: new Date(now.getTime() - 2 * 86_400_000),
    })),
  );
  return rows.map((row) => row.id);
}

/** The farm's first product in stock (by id: the seed's order), at its minimum quantity. */
async function productOf(db: Db, sellerUserId: string): Promise<{ id: string; quantity: number }> {
  const [row] = await db
    .select({ id: products.id, min: products.minOrderQuantity })
    .from(products)
    .where(and(eq(products.sellerUserId, sellerUserId), eq(products.status, 'active'), gte(products.stockQuantity, 20)))
    .orderBy(asc(products.id))
    .limit(1);
  if (!row) throw new Error('demo seed: a delivery farm has no product in stock');
  return { id: row.id, quantity: row.min };
}

async function nextDeliverySlot(db: Db, sellerUserId: string, now: Date): Promise<string> {
  const [row] = await db
    .select({ id: deliverySlots.id })
    .from(deliverySlots)
    .where(and(eq(deliverySlots.sellerUserId, sellerUserId), eq(deliverySlots.method, 'delivery'), gt(deliverySlots.cutoffAt, now)))
    .orderBy(asc(deliverySlots.startsAt))
    .limit(1);
  if (!row) throw new Error('demo seed: a delivery farm has no open delivery slot');
  return row.id;
}

/**
 * After the seed's transaction: top-ups, then each delivery order through checkout, the farm's
 * accept (its task opens) and the agent's steps up to its stage. Returns the number of orders.
 */
export async function seedDemoDeliveries(app: FastifyInstance, now: Date): Promise<number> {
  const { db } = app;
  const funded = new Set<string>(['buyer@demo.pulse.market']);
  let index = 0;
  for (const delivery of SEED_DELIVERIES) {
    index += 1;
    const buyer = await userByEmail(db, delivery.buyerEmail);
    const farm = await userByEmail(db, delivery.farmEmail);
    if (!funded.has(buyer.email)) {
      funded.add(buyer.email);
      await createTopUp(app, buyer.id, { amountMinor: demoMinor(DELIVERY_BUYER_TOP_UP_MINOR, app.config.currency, 100) }, `demo-seed-top-up-${buyer.username}`);
    }
    // The buyer's saved home when it is this address (the history seed saves it), else a new one.
    const [saved] = await db
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.userId, buyer.id), eq(addresses.line1, delivery.address.line1)));
    const [address] = saved
      ? [saved]
      : await db
          .insert(addresses)
          .values({ userId: buyer.id, label: 'Home', ...delivery.address })
          .returning({ id: addresses.id });
    const product = await productOf(db, farm.id);
    await db.delete(basketItems).where(eq(basketItems.userId, buyer.id));
    await db.insert(basketItems).values({ userId: buyer.id, productId: product.id, quantity: product.quantity });
    const { response } = await placeCheckout(
      app,
      buyer,
      `demo-seed-delivery-${index}`,
      { addressId: address?.id ?? null, payNow: true, sellers: [{ sellerUserId: farm.id, fulfilment: 'delivery', slotId: await nextDeliverySlot(db, farm.id, now) }] },
      now,
    );
    const orderId = response.orders[0]?.id;
    if (!orderId) throw new Error('demo seed: a delivery checkout placed no order');
    await performOrderAction(app, farm, orderId, { action: 'accept' }, now);
    const task = await findTaskByOrderId(db, orderId);
    if (!task || !delivery.agentEmail || delivery.stage === 'open') continue;
    const agent = await userByEmail(db, delivery.agentEmail);
    await claimTask(app, agent, task.id, now);
    if (delivery.stage === 'claimed') continue;
    await pickupTask(app, agent, task.id, task.pickupCode, now);
    if (delivery.stage === 'in_transit') {
      // Part of the way from the farm to the door.
      const from = { lat: task.pickupLat ?? delivery.address.lat, lng: task.pickupLng ?? delivery.address.lng };
      await postPosition(app, agent, task.id, { lat: from.lat + (delivery.address.lat - from.lat) * 0.6, lng: from.lng + (delivery.address.lng - from.lng) * 0.6, accuracy: 20 }, now);
      continue;
    }
    const { confirmationCode } = await getOrderDetails(db, buyer, orderId);
    await deliverTask(app, agent, task.id, { code: confirmationCode ?? '', recipientName: delivery.address.recipientName }, now);
  }
  return SEED_DELIVERIES.length;
}
