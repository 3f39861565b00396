import type { Db } from '../../apps/server/src/db/client';
import { agents } from '../../apps/server/src/db/schema/agents';
import { basketItems } from '../../apps/server/src/db/schema/basket-items';
import { conversationMembers, conversations, messages } from '../../apps/server/src/db/schema/conversations';
import { notifications } from '../../apps/server/src/db/schema/notifications';
import { products } from '../../apps/server/src/db/schema/products';
import { createLocalUser } from '../../apps/server/src/modules/auth/auth-service';
import { setSellerStatus } from '../../apps/server/src/modules/sellers/sellers-service';
import { FIXTURE_COUNTS, FIXTURE_PASSWORD, FIXTURE_USERS, type FixtureUserKey } from './fixtures';
import { seedOrdersFixtures } from './fixtures-orders';
import { seedBasketFixtures } from './fixtures-basket';
import { seedCatalogueFixtures } from './fixtures-catalogue';
import { seedSellerSignupFixtures } from './fixtures-seller-signup';
import { seedSellerWorkspaceFixtures } from './fixtures-seller-workspace';
import { seedSellerCatalogueFixtures } from './fixtures-seller-catalogue';
import { seedSellerImportFixtures } from './fixtures-seller-import';
import { seedAdminConsoleFixtures } from './fixtures-admin-console';
import { seedAgentLaneFixtures } from './fixtures-agents';
import { seedHubLaneFixtures } from './fixtures-hub';
import { seedHubOfflineFixtures } from './fixtures-hub-offline';
import { seedReferralsFixtures } from './fixtures-referrals';
import { seedAssistantFixtures } from './fixtures-assistant';

const EXTRA_ROLES: Partial<Record<FixtureUserKey, string[]>> = {
  pendingSeller: ['buyer', 'seller'],
  sellerWithoutApplication: ['buyer', 'seller'],
  agent: ['buyer', 'agent'],
  admin: ['buyer', 'admin'],
};

async function createFixtureUsers(db: Db): Promise<Record<FixtureUserKey, string>> {
  const ids: Partial<Record<FixtureUserKey, string>> = {};
  for (const key of Object.keys(FIXTURE_USERS) as FixtureUserKey[]) {
    const roles = EXTRA_ROLES[key];
    const user = await createLocalUser(db, { ...FIXTURE_USERS[key], password: FIXTURE_PASSWORD, ...(roles ? { roles } : {}) });
    ids[key] = user.id;
  }
  return ids as Record<FixtureUserKey, string>;
}

async function seedProductsAndBaskets(db: Db, ids: Record<FixtureUserKey, string>): Promise<void> {
  const rows = Array.from({ length: FIXTURE_COUNTS.sellerProducts }, (_, index) => ({
    sellerUserId: ids.approvedSeller,
    title: `Fixture produce #${index + 1}`,
  }));
  const productIds = (await db.insert(products).values(rows).returning({ id: products.id })).map((row) => row.id);
  const basketOf = (userId: string, lines: number) => productIds.slice(0, lines).map((productId) => ({ userId, productId, quantity: 1 }));
  await db.insert(basketItems).values(basketOf(ids.fiveLineBuyer, FIXTURE_COUNTS.fiveLineBasket));
  await db.insert(basketItems).values(basketOf(ids.bigBasketBuyer, FIXTURE_COUNTS.bigBasket));
  await db.insert(basketItems).values(basketOf(ids.approvedSeller, FIXTURE_COUNTS.approvedSellerBasket));
}

async function seedUnreadNotifications(db: Db, userId: string, source: 'marketplace' | 'pulse_hub', count: number): Promise<void> {
  if (count === 0) return;
  const type = source === 'pulse_hub' ? 'post_comment' : 'order_update';
  await db
    .insert(notifications)
    .values(Array.from({ length: count }, (_, index) => ({ userId, source, type, message: `Fixture ${source} update ${index + 1}` })));
}

async function seedBusyInbox(db: Db, userId: string, partnerId: string): Promise<void> {
  const notificationRow = (source: 'marketplace' | 'pulse_hub', index: number) => ({
    userId,
    source,
    type: 'like',
    message: `Fixture ${source} notification ${index + 1}`,
  });
  await db
    .insert(notifications)
    .values(Array.from({ length: FIXTURE_COUNTS.busyMarketplaceUnread }, (_, index) => notificationRow('marketplace', index)));
  await db
    .insert(notifications)
    .values(Array.from({ length: FIXTURE_COUNTS.busyPulseHubUnread }, (_, index) => notificationRow('pulse_hub', index)));

  // The server stores a pair sorted by id so "A with B" and "B with A" are one conversation.
  const [memberLowId, memberHighId] = [userId, partnerId].sort();
  const [conversation] = await db
    .insert(conversations)
    .values({ memberLowId: memberLowId!, memberHighId: memberHighId! })
    .returning({ id: conversations.id });
  if (!conversation) throw new Error('The fixture conversation was not created');
  // The busy buyer has never opened the chat, so every message from the partner is unread.
  await db.insert(conversationMembers).values([
    { conversationId: conversation.id, userId, lastReadAt: null },
    { conversationId: conversation.id, userId: partnerId, lastReadAt: new Date() },
  ]);
  const start = Date.now() - 60 * 60 * 1000;
  await db.insert(messages).values(
    Array.from({ length: FIXTURE_COUNTS.busyUnreadMessages }, (_, index) => ({
      conversationId: conversation.id,
      senderId: partnerId,
      body: `Fixture message ${index + 1}: is the honey still available?`,
      createdAt: new Date(start + index * 60_000),
    })),
  );
}

/** Writes every fixture of support/fixtures.ts into a fresh, migrated database. */
export async function seedFixtures(db: Db): Promise<void> {
  const ids = await createFixtureUsers(db);
  await setSellerStatus(db, { email: FIXTURE_USERS.approvedSeller.email, status: 'approved', businessName: 'Approved Acres' });
  await setSellerStatus(db, { email: FIXTURE_USERS.pendingSeller.email, status: 'pending', businessName: 'Pending Pastures' });
  await db.insert(agents).values({ userId: ids.agent, kind: 'delivery', status: 'approved' });
  await seedProductsAndBaskets(db, ids);
  await seedBusyInbox(db, ids.busyBuyer, ids.chatPartner);
  await seedUnreadNotifications(db, ids.liveReceiver, 'marketplace', FIXTURE_COUNTS.liveReceiverMarketplaceUnread);
  await seedUnreadNotifications(db, ids.readAllBuyer, 'marketplace', FIXTURE_COUNTS.readAllMarketplaceUnread);
  await seedUnreadNotifications(db, ids.readAllBuyer, 'pulse_hub', FIXTURE_COUNTS.readAllPulseHubUnread);
  await seedCatalogueFixtures(db);
  await seedOrdersFixtures(db);
  await seedBasketFixtures(db);
  await seedSellerSignupFixtures(db);
  await seedSellerWorkspaceFixtures(db);
  await seedSellerCatalogueFixtures(db);
  await seedSellerImportFixtures(db);
  await seedAdminConsoleFixtures(db);
  await seedAgentLaneFixtures(db);
  await seedHubOfflineFixtures(db);
  await seedHubLaneFixtures(db);
  await seedReferralsFixtures(db);
  await seedAssistantFixtures(db);
}
