import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from './messages-i18n';
import { z } from 'zod';
import { ZId } from './ids';

/** Longest message body the server accepts, in characters. */
export const MESSAGE_BODY_MAX_LENGTH = 4000;
/** Largest image the upload route accepts, in bytes (5 MB). */
export const UPLOAD_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Page sizes for conversations and messages. */
export const MESSAGES_PAGE_DEFAULT_LIMIT = 30;
export const MESSAGES_PAGE_MAX_LIMIT = 100;

export const ZMessage = z.object({
  id: ZId,
  conversationId: ZId,
  senderId: ZId,
  /** Empty when the message is only an image. */
  body: z.string(),
  imageUrl: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** True once the other member has opened the conversation after this message was sent. */
  readByOther: z.boolean(),
});
export type TMessage = z.infer<typeof ZMessage>;

export const ZConversationSubjectKind = z.enum(['product', 'order']);
export type TConversationSubjectKind = z.infer<typeof ZConversationSubjectKind>;

export const ZConversationSubject = z.object({
  kind: ZConversationSubjectKind.nullable(),
  id: ZId.nullable(),
  title: z.string().nullable(),
});
export type TConversationSubject = z.infer<typeof ZConversationSubject>;

export const ZConversationUser = z.object({
  id: ZId,
  username: z.string(),
  /**
   * The name to show: the farm's shop name for a seller; for a buyer, the name on their newest order
   * from the viewer's farm; else the username (decision 039).
   */
  displayName: z.string(),
  profile_picture_url: z.string().nullable(),
});
export type TConversationUser = z.infer<typeof ZConversationUser>;

export const ZConversationSummary = z.object({
  id: ZId,
  otherUser: ZConversationUser,
  subject: ZConversationSubject,
  lastMessage: ZMessage.nullable(),
  /** Messages from the other member newer than this user's last read. */
  unreadCount: z.number().int().nonnegative(),
  /** Time of the last message, or of the creation when there is none; lists sort by it. */
  updatedAt: z.iso.datetime(),
});
export type TConversationSummary = z.infer<typeof ZConversationSummary>;

// --- POST /api/conversations ---

export const ZCreateConversationRequest = z.object({
  otherUserId: ZId,
  /** Omitted: the general conversation between the two users. */
  subject: z
    .object({
      kind: ZConversationSubjectKind,
      id: ZId,
    })
    .optional(),
});
export type TCreateConversationRequest = z.infer<typeof ZCreateConversationRequest>;

/** 201 when created, 200 when an existing conversation is reused. */
export const ZCreateConversationResponse = ZConversationSummary;
export type TCreateConversationResponse = TConversationSummary;

// --- GET /api/conversations ---

export const ZListConversationsQuery = z.object({
  /** Opaque; the `nextCursor` of the previous page. */
  cursor: z.string().min(1).max(500).optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_MAX_LIMIT).default(MESSAGES_PAGE_DEFAULT_LIMIT),
});
export type TListConversationsQuery = z.infer<typeof ZListConversationsQuery>;

export const ZListConversationsResponse = z.object({
  items: z.array(ZConversationSummary),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TListConversationsResponse = z.infer<typeof ZListConversationsResponse>;

// --- GET /api/conversations/:id ---

export const ZConversationParams = z.object({ id: ZId });
export const ZGetConversationResponse = ZConversationSummary;
export type TGetConversationResponse = TConversationSummary;

// --- GET /api/conversations/:id/messages ---

export const ZListMessagesQuery = z.object({
  /** A message id: return the messages older than it. Omitted: the newest page. */
  before: ZId.optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_MAX_LIMIT).default(MESSAGES_PAGE_DEFAULT_LIMIT),
});
export type TListMessagesQuery = z.infer<typeof ZListMessagesQuery>;

export const ZListMessagesResponse = z.object({
  /** Oldest first within the page. */
  items: z.array(ZMessage),
  /** Pass as `before` to get the older page; null when there is none. */
  nextBefore: ZId.nullable(),
});
export type TListMessagesResponse = z.infer<typeof ZListMessagesResponse>;

// --- POST /api/conversations/:id/messages (header Idempotency-Key) ---

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

export const ZSendMessageRequest = z
  .object({
    body: z.string().trim().max(MESSAGE_BODY_MAX_LENGTH, { message: contractMessage(msg`Must be at most ${{ messageBodyMaxLength: MESSAGE_BODY_MAX_LENGTH }} characters`) }).optional(),
    imageId: ZId.optional(),
  })
  .refine((value) => (value.body !== undefined && value.body.length > 0) || value.imageId !== undefined, {
    message: contractMessage(msg`A message needs text or an image`),
    path: ['body'],
  });
export type TSendMessageRequest = z.infer<typeof ZSendMessageRequest>;

/** 201 when stored, 200 when the same Idempotency-Key was already stored. */
export const ZSendMessageResponse = ZMessage;
export type TSendMessageResponse = TMessage;

// --- POST /api/conversations/:id/read ---

export const ZMarkConversationReadResponse = z.object({
  conversationId: ZId,
  /** How many messages this call marked read (0 when nothing was unread). */
  readCount: z.number().int().nonnegative(),
});
export type TMarkConversationReadResponse = z.infer<typeof ZMarkConversationReadResponse>;

// --- Socket events (payloads; the event map lives in realtime.ts) ---

export const ZMessageReceivedPayload = z.object({ conversationId: ZId, message: ZMessage });
export type TMessageReceivedPayload = z.infer<typeof ZMessageReceivedPayload>;

export const ZChatOpenedPayload = z.object({
  conversationId: ZId,
  userId: ZId,
  readCount: z.number().int().nonnegative(),
});
export type TChatOpenedPayload = z.infer<typeof ZChatOpenedPayload>;

/**
 * The read receipt, sent to the other member when one member reads: every message of theirs in the
 * conversation created at or before `readAt` is now read by `userId`. Separate from chatOpened so a
 * receipt never moves the receiver's own unread badge.
 */
export const ZMessagesReadPayload = z.object({
  conversationId: ZId,
  userId: ZId,
  readAt: z.iso.datetime(),
});
export type TMessagesReadPayload = z.infer<typeof ZMessagesReadPayload>;

// --- POST /api/uploads/images (multipart, field `file`) ---

/**
 * What an upload is for, as `?purpose=`: `image` (default: product, shop and chat pictures, public
 * to anyone with the URL) or `id_document` (a seller applicant's ID photo, served only to its
 * uploader and admins; decision 017).
 */
export const UPLOAD_PURPOSES = ['image', 'id_document'] as const;
export const ZUploadPurpose = z.enum(UPLOAD_PURPOSES, { message: contractMessage(msg`Choose what the upload is for: image or id_document.`) });
export type TUploadPurpose = z.infer<typeof ZUploadPurpose>;
export const ZUploadImageQuery = z.object({ purpose: ZUploadPurpose.default('image') });

export const ZUploadImageResponse = z.object({ id: ZId, url: z.string() });
export type TUploadImageResponse = z.infer<typeof ZUploadImageResponse>;
