import type { Db } from '../db/client';
import { basketItems } from '../db/schema/basket-items';
import { conversationMembers, conversations, messages } from '../db/schema/conversations';
import { notifications } from '../db/schema/notifications';
import { products } from '../db/schema/products';

/** Test-only data writers for tables whose own modules arrive in later issues. */
export async function insertProduct(db: Db, sellerUserId: string, title = 'Heirloom tomatoes'): Promise<string> {
  const [row] = await db.insert(products).values({ sellerUserId, title }).returning({ id: products.id });
  if (!row) throw new Error('no product inserted');
  return row.id;
}

export async function insertBasketItem(db: Db, userId: string, productId: string, quantity = 1): Promise<void> {
  await db.insert(basketItems).values({ userId, productId, quantity });
}

export async function insertConversation(db: Db, members: Array<{ userId: string; lastReadAt: Date | null }>): Promise<string> {
  const [low, high] = members.map((member) => member.userId).sort();
  if (!low || !high) throw new Error('a conversation needs two members');
  const [row] = await db.insert(conversations).values({ memberLowId: low, memberHighId: high }).returning({ id: conversations.id });
  if (!row) throw new Error('no conversation inserted');
  await db.insert(conversationMembers).values(members.map((member) => ({ conversationId: row.id, ...member })));
  return row.id;
}

export async function insertMessage(db: Db, conversationId: string, senderId: string, createdAt: Date): Promise<void> {
  await db.insert(messages).values({ conversationId, senderId, body: 'Is the honey still available?', createdAt });
}

export async function insertNotification(
  db: Db,
  values: { userId: string; source: 'pulse_hub' | 'marketplace'; readAt?: Date | null; type?: string },
): Promise<void> {
  await db.insert(notifications).values({
    userId: values.userId,
    source: values.source,
    type: values.type ?? 'like',
    message: 'Someone liked your post',
    readAt: values.readAt ?? null,
  });
}
