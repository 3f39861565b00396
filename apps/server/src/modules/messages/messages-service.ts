import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from '@pulse/contract/messages-i18n';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { TUnreadCountResponse } from '@pulse/contract/counts';
import type {
  TConversationSummary,
  TCreateConversationRequest,
  TListConversationsResponse,
  TListMessagesResponse,
  TMarkConversationReadResponse,
  TMessage,
  TSendMessageRequest,
} from '@pulse/contract/messages';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { products } from '../../db/schema/products';
import { users } from '../../db/schema/users';
import { InvalidError, NotFoundError } from '../../errors/domain-errors';
import { markEntityRead, notify } from '../notifications/notifications-service';
import { findOwnedUpload } from '../uploads/uploads-repository';
import { buildUploadUrl } from '../uploads/uploads-service';
import {
  createOrFindConversation,
  findOtherMemberId,
  isConversationMember,
  listConversationSummaries,
  markConversationRead,
  touchConversation,
  type ConversationCursor,
  type ConversationSubjectKey,
  type ConversationSummaryRow,
} from './conversations-repository';
import {
  countUnreadMessages,
  findLastMessages,
  findMessageById,
  findMessageByIdempotencyKey,
  insertMessage,
  listMessagesNewestFirst,
  messageBelongsToConversation,
  type MessageRecord,
} from './messages-repository';

export const CONVERSATION_NOT_FOUND_MESSAGE = contractMessage(msg`Conversation not found.`);
export const SELF_CONVERSATION_MESSAGE = contractMessage(msg`You cannot start a conversation with yourself.`);
export const USER_NOT_FOUND_MESSAGE = contractMessage(msg`User not found.`);
export const PRODUCT_NOT_FOUND_MESSAGE = contractMessage(msg`Product not found.`);
export const ORDER_NOT_FOUND_MESSAGE = contractMessage(msg`Order not found.`);
export const INVALID_CURSOR_MESSAGE = contractMessage(msg`The cursor is not valid. Start again from the first page.`);
export const UNKNOWN_BEFORE_MESSAGE = contractMessage(msg`No such message in this conversation.`);
export const IMAGE_NOT_FOUND_MESSAGE = contractMessage(msg`Attach an image you uploaded.`);
export const INVALID_IDEMPOTENCY_KEY_MESSAGE = contractMessage(msg`The Idempotency-Key header must be 1 to 200 visible characters.`);

/** Longest piece of a message quoted in its notification. */
const NOTIFICATION_PREVIEW_LENGTH = 100;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

export async function getUnreadMessageCount(db: Db, userId: string): Promise<TUnreadCountResponse> {
  return { unreadCount: await countUnreadMessages(db, userId) };
}

function toMessageJson(record: MessageRecord): TMessage {
  return {
    id: record.id,
    conversationId: record.conversationId,
    senderId: record.senderId,
    body: record.body,
    imageUrl: record.imageStorageKey ? buildUploadUrl(record.imageStorageKey) : null,
    createdAt: record.createdAt.toISOString(),
    readByOther: record.readByOther,
  };
}

function toSummaryJson(row: ConversationSummaryRow, lastMessage: MessageRecord | undefined): TConversationSummary {
  const kind = row.subjectKind === 'product' || row.subjectKind === 'order' ? row.subjectKind : null;
  return {
    id: row.id,
    otherUser: { id: row.otherUserId, username: row.otherUsername, displayName: row.otherDisplayName, profile_picture_url: row.otherProfilePictureUrl },
    subject: { kind, id: row.subjectId, title: kind === 'product' ? row.productTitle : null },
    lastMessage: lastMessage ? toMessageJson(lastMessage) : null,
    unreadCount: row.unreadCount,
    updatedAt: row.lastActivityAt.toISOString(),
  };
}

/** The cursor is opaque to clients: the exact sort key of the page's last row. */
function encodeCursor(row: ConversationSummaryRow): string {
  return Buffer.from(`${row.lastActivityMicros}_${row.id}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): ConversationCursor {
  const match = /^(-?\d{1,20})_([0-9a-f-]{36})$/i.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match?.[1] || !match[2]) throw new InvalidError(INVALID_CURSOR_MESSAGE, { cursor: INVALID_CURSOR_MESSAGE });
  return { micros: match[1], id: match[2].toLowerCase() };
}

async function summarize(db: Db, rows: ConversationSummaryRow[]): Promise<TConversationSummary[]> {
  const lastMessages = await findLastMessages(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toSummaryJson(row, lastMessages.get(row.id)));
}

/** The conversation as its member sees it; 404 for anyone else, so ids of others' chats reveal nothing. */
export async function getConversation(db: Db, userId: string, conversationId: string): Promise<TConversationSummary> {
  const rows = await listConversationSummaries(db, userId, { limit: 1, conversationId });
  if (rows.length === 0) throw new NotFoundError(CONVERSATION_NOT_FOUND_MESSAGE);
  const [summary] = await summarize(db, rows);
  if (!summary) throw new NotFoundError(CONVERSATION_NOT_FOUND_MESSAGE);
  return summary;
}

/**
 * The subject must be one the caller may see: a product on sale (or their own draft, paused or
 * archived one), an order they are a party to. Anything else is 404, so the conversation summary
 * (which names the product) cannot reveal a hidden product.
 */
async function assertSubjectVisible(db: Db, userId: string, subject: ConversationSubjectKey): Promise<void> {
  if (subject.kind === 'order') {
    const [order] = await db.select({ buyerUserId: orders.buyerUserId, sellerUserId: orders.sellerUserId }).from(orders).where(eq(orders.id, subject.id));
    if (!order || (order.buyerUserId !== userId && order.sellerUserId !== userId)) throw new NotFoundError(ORDER_NOT_FOUND_MESSAGE);
    return;
  }
  const [product] = await db.select({ status: products.status, sellerUserId: products.sellerUserId }).from(products).where(eq(products.id, subject.id));
  const visible = product && (product.status === 'active' || product.status === 'sold_out' || product.sellerUserId === userId);
  if (!visible) throw new NotFoundError(PRODUCT_NOT_FOUND_MESSAGE);
}

/** Creates the conversation, or returns the one the two users already have about the same subject. */
export async function startConversation(
  db: Db,
  userId: string,
  input: TCreateConversationRequest,
): Promise<{ conversation: TConversationSummary; created: boolean }> {
  const otherUserId = input.otherUserId.toLowerCase();
  if (otherUserId === userId.toLowerCase()) throw new InvalidError(SELF_CONVERSATION_MESSAGE, { otherUserId: SELF_CONVERSATION_MESSAGE });
  const [other] = await db.select({ id: users.id }).from(users).where(eq(users.id, otherUserId));
  if (!other) throw new NotFoundError(USER_NOT_FOUND_MESSAGE);
  const subject = input.subject ? { kind: input.subject.kind, id: input.subject.id.toLowerCase() } : null;
  if (subject) await assertSubjectVisible(db, userId.toLowerCase(), subject);

  const { id, created } = await createOrFindConversation(db, userId, otherUserId, subject);
  return { conversation: await getConversation(db, userId, id), created };
}

export async function listConversations(
  db: Db,
  userId: string,
  query: { cursor?: string | undefined; limit: number },
): Promise<TListConversationsResponse> {
  const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  // One extra row tells whether another page exists without a count query.
  const rows = await listConversationSummaries(db, userId, { limit: query.limit + 1, ...(cursor ? { cursor } : {}) });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return { items: await summarize(db, page), nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null };
}

async function assertMember(db: Db, conversationId: string, userId: string): Promise<void> {
  if (!(await isConversationMember(db, conversationId, userId))) throw new NotFoundError(CONVERSATION_NOT_FOUND_MESSAGE);
}

export async function listMessages(
  db: Db,
  userId: string,
  conversationId: string,
  query: { before?: string | undefined; limit: number },
): Promise<TListMessagesResponse> {
  await assertMember(db, conversationId, userId);
  const before = query.before?.toLowerCase();
  if (before && !(await messageBelongsToConversation(db, before, conversationId))) {
    throw new InvalidError(UNKNOWN_BEFORE_MESSAGE, { before: UNKNOWN_BEFORE_MESSAGE });
  }
  const rows = await listMessagesNewestFirst(db, conversationId, { limit: query.limit + 1, ...(before ? { beforeId: before } : {}) });
  const page = rows.slice(0, query.limit);
  const oldest = page.at(-1);
  return {
    // Fetched newest first to cut the page at the right end, shown oldest first like a chat.
    items: page.reverse().map(toMessageJson),
    nextBefore: rows.length > query.limit && oldest ? oldest.id : null,
  };
}

/** Null when no key was sent; InvalidError when the header is present but unusable. */
export function parseIdempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !IDEMPOTENCY_KEY.test(value)) throw new InvalidError(INVALID_IDEMPOTENCY_KEY_MESSAGE);
  return value;
}

function buildNotificationText(senderName: string, message: TMessage): MessageDescriptor | string {
  if (message.body.length === 0) return msg`${{ senderName }} sent you a photo`;
  const preview =
    message.body.length > NOTIFICATION_PREVIEW_LENGTH ? `${message.body.slice(0, NOTIFICATION_PREVIEW_LENGTH - 1)}…` : message.body;
  return `${senderName}: ${preview}`;
}

/**
 * Stores the message once per Idempotency-Key, then tells the other member: `messageReceived` on
 * their socket and a new_message notification (itself keyed by the message id, so it is stored
 * once too). A replayed send returns the stored message and tells nobody again.
 */
export async function sendMessage(
  app: FastifyInstance,
  sender: { id: string; username: string },
  conversationId: string,
  input: TSendMessageRequest,
  idempotencyKey: string | null,
): Promise<{ message: TMessage; created: boolean }> {
  const db = app.db;
  await assertMember(db, conversationId, sender.id);
  if (idempotencyKey) {
    const stored = await findMessageByIdempotencyKey(db, conversationId, sender.id, idempotencyKey);
    if (stored) return { message: toMessageJson(stored), created: false };
  }
  const imageUploadId = input.imageId?.toLowerCase() ?? null;
  if (imageUploadId && !(await findOwnedUpload(db, imageUploadId, sender.id))) {
    throw new InvalidError(IMAGE_NOT_FOUND_MESSAGE, { imageId: IMAGE_NOT_FOUND_MESSAGE });
  }

  const messageId = await db.transaction(async (tx) => {
    const id = await insertMessage(tx, { conversationId, senderId: sender.id, body: input.body ?? '', imageUploadId, idempotencyKey });
    if (id) await touchConversation(tx, conversationId, id);
    return id;
  });
  if (!messageId) {
    // A concurrent retry with the same key stored it first.
    const stored = idempotencyKey ? await findMessageByIdempotencyKey(db, conversationId, sender.id, idempotencyKey) : null;
    if (!stored) throw new Error('message insert conflicted but no message was found');
    return { message: toMessageJson(stored), created: false };
  }
  const record = await findMessageById(db, messageId);
  if (!record) throw new Error('stored message not found');
  const message = toMessageJson(record);

  const otherUserId = await findOtherMemberId(db, conversationId, sender.id);
  if (otherUserId) {
    app.realtime.emitToUser(otherUserId, 'messageReceived', { conversationId, message });
    try {
      // The sender as the recipient reads them in their conversations (the farm's name, not a username).
      const [asRecipientSees] = await listConversationSummaries(db, otherUserId, { limit: 1, conversationId });
      const senderName = asRecipientSees?.otherDisplayName ?? sender.username;
      await notify(app, otherUserId, {
        type: 'new_message',
        source: 'marketplace',
        message: buildNotificationText(senderName, message),
        content_type: 'conversation',
        related_entity_id: conversationId,
        idempotencyKey: message.id,
      });
    } catch (error) {
      // The message is stored and delivered on the socket; a lost notification must not fail the send.
      app.log.error({ err: error, conversationId, messageId }, 'new_message notification failed');
    }
  }
  return { message, created: true };
}

/**
 * Marks the conversation read for the reader. When something was unread: `chatOpened` to the
 * reader's own sockets (every tab lowers its badge) and `messagesRead` to the other member (their
 * messages show as seen).
 */
export async function readConversation(app: FastifyInstance, userId: string, conversationId: string): Promise<TMarkConversationReadResponse> {
  const result = await markConversationRead(app.db, conversationId, userId);
  if (!result) throw new NotFoundError(CONVERSATION_NOT_FOUND_MESSAGE);
  const { readCount, readAt } = result;
  if (readCount > 0) {
    app.realtime.emitToUser(userId, 'chatOpened', { conversationId, userId, readCount });
    const otherUserId = await findOtherMemberId(app.db, conversationId, userId);
    if (otherUserId && readAt) {
      app.realtime.emitToUser(otherUserId, 'messagesRead', { conversationId, userId, readAt: readAt.toISOString() });
    }
  }
  await markEntityRead(app, userId, 'new_message', conversationId);
  return { conversationId, readCount };
}
