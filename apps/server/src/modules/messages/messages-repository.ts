import { and, count, desc, eq, gt, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conversationMembers, messages } from '../../db/schema/conversations';
import { uploads } from '../../db/schema/uploads';

/** Messages from others, in the user's conversations, newer than the user last read there. */
export async function countUnreadMessages(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(messages)
    .innerJoin(
      conversationMembers,
      and(eq(conversationMembers.conversationId, messages.conversationId), eq(conversationMembers.userId, userId)),
    )
    .where(and(ne(messages.senderId, userId), or(isNull(conversationMembers.lastReadAt), gt(messages.createdAt, conversationMembers.lastReadAt))));
  return row?.value ?? 0;
}

export interface MessageRecord {
  id: string;
  conversationId: string;
  senderId: string;
  body: string;
  imageStorageKey: string | null;
  createdAt: Date;
  readByOther: boolean;
}

const messageFields = {
  id: messages.id,
  conversationId: messages.conversationId,
  senderId: messages.senderId,
  body: messages.body,
  imageStorageKey: uploads.storageKey,
  createdAt: messages.createdAt,
  // Compared in SQL: timestamps keep microseconds there, a JS Date would round them.
  readByOther: sql<boolean>`exists (
    select 1 from ${conversationMembers}
    where ${conversationMembers.conversationId} = ${messages.conversationId}
      and ${conversationMembers.userId} <> ${messages.senderId}
      and ${conversationMembers.lastReadAt} >= ${messages.createdAt}
  )`.mapWith(Boolean),
};

function selectMessages(db: Db, where: SQL | undefined) {
  return db.select(messageFields).from(messages).leftJoin(uploads, eq(uploads.id, messages.imageUploadId)).where(where);
}

export async function findMessageById(db: Db, messageId: string): Promise<MessageRecord | null> {
  const [row] = await selectMessages(db, eq(messages.id, messageId));
  return row ?? null;
}

/** The message a sender already stored under this Idempotency-Key in this conversation. */
export async function findMessageByIdempotencyKey(db: Db, conversationId: string, senderId: string, key: string): Promise<MessageRecord | null> {
  const [row] = await selectMessages(
    db,
    and(eq(messages.conversationId, conversationId), eq(messages.senderId, senderId), eq(messages.idempotencyKey, key)),
  );
  return row ?? null;
}

/** Stores the message; null when the same Idempotency-Key won a race and is already stored. */
export async function insertMessage(
  db: Db,
  values: { conversationId: string; senderId: string; body: string; imageUploadId: string | null; idempotencyKey: string | null },
): Promise<string | null> {
  const [row] = await db.insert(messages).values(values).onConflictDoNothing().returning({ id: messages.id });
  return row?.id ?? null;
}

export async function messageBelongsToConversation(db: Db, messageId: string, conversationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)));
  return row !== undefined;
}

/**
 * Keyset page, newest first: up to `limit` messages older than `beforeId` (the whole sort key
 * (created_at, id) is compared in SQL, so equal times never skip or repeat a message).
 */
export async function listMessagesNewestFirst(
  db: Db,
  conversationId: string,
  options: { beforeId?: string; limit: number },
): Promise<MessageRecord[]> {
  const conditions: SQL[] = [eq(messages.conversationId, conversationId)];
  if (options.beforeId) {
    conditions.push(
      sql`(${messages.createdAt}, ${messages.id}) < (select m.created_at, m.id from ${messages} m where m.id = ${options.beforeId})`,
    );
  }
  return selectMessages(db, and(...conditions))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(options.limit);
}

/** The newest message of each conversation in `conversationIds`. */
export async function findLastMessages(db: Db, conversationIds: string[]): Promise<Map<string, MessageRecord>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([messages.conversationId], messageFields)
    .from(messages)
    .leftJoin(uploads, eq(uploads.id, messages.imageUploadId))
    .where(inArray(messages.conversationId, conversationIds))
    .orderBy(messages.conversationId, desc(messages.createdAt), desc(messages.id));
  return new Map(rows.map((row) => [row.conversationId, row]));
}
