import { aliasedTable, and, desc, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conversationMembers, conversations, messages } from '../../db/schema/conversations';
import { orders } from '../../db/schema/orders';
import { products } from '../../db/schema/products';
import { sellerApplications } from '../../db/schema/seller-applications';
import { sellerProfiles } from '../../db/schema/seller-profiles';
import { users } from '../../db/schema/users';

export type SubjectKind = 'product' | 'order';

export interface ConversationSubjectKey {
  kind: SubjectKind;
  id: string;
}

/** The sorted pair: the unique key treats "A with B" and "B with A" as one conversation. */
export function sortPair(userId: string, otherUserId: string): [string, string] {
  const first = userId.toLowerCase();
  const second = otherUserId.toLowerCase();
  return first < second ? [first, second] : [second, first];
}

/** Creates the conversation with its two members, or finds the one the pair already has. */
export async function createOrFindConversation(
  db: Db,
  userId: string,
  otherUserId: string,
  subject: ConversationSubjectKey | null,
): Promise<{ id: string; created: boolean }> {
  const [low, high] = sortPair(userId, otherUserId);
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(conversations)
      .values({ memberLowId: low, memberHighId: high, subjectKind: subject?.kind ?? null, subjectId: subject?.id ?? null })
      .onConflictDoNothing()
      .returning({ id: conversations.id });
    if (inserted) {
      await tx.insert(conversationMembers).values([
        { conversationId: inserted.id, userId: low },
        { conversationId: inserted.id, userId: high },
      ]);
      return { id: inserted.id, created: true };
    }
    const [existing] = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(
        and(
          eq(conversations.memberLowId, low),
          eq(conversations.memberHighId, high),
          subject ? eq(conversations.subjectKind, subject.kind) : isNull(conversations.subjectKind),
          subject ? eq(conversations.subjectId, subject.id) : isNull(conversations.subjectId),
        ),
      );
    if (!existing) throw new Error('conversation insert conflicted but no conversation was found');
    return { id: existing.id, created: false };
  });
}

export interface ConversationSummaryRow {
  id: string;
  subjectKind: string | null;
  subjectId: string | null;
  productTitle: string | null;
  lastActivityAt: Date;
  /** Microseconds since the epoch as text: the exact sort key, which a JS Date would round. */
  lastActivityMicros: string;
  otherUserId: string;
  otherUsername: string;
  /** The farm's name, else the name the viewer already knows from an order, else the username. */
  otherDisplayName: string;
  otherProfilePictureUrl: string | null;
  unreadCount: number;
}

export interface ConversationCursor {
  micros: string;
  id: string;
}

const me = aliasedTable(conversationMembers, 'me');
const otherUser = aliasedTable(users, 'other_user');

/**
 * The name people read for the other member (decision 039): a farm's shop name (its profile, else
 * the approved application's business name); for a buyer, the recipient name of their newest
 * order from the viewer's farm, which the farm already sees on that order (nobody else learns it);
 * else the username, the only name an account has.
 */
function displayNameSql(viewerId: string) {
  return sql<string>`coalesce(
    (select nullif(${sellerProfiles.shopName}, '') from ${sellerProfiles} where ${sellerProfiles.userId} = ${otherUser.id}),
    (select nullif(${sellerApplications.businessName}, '') from ${sellerApplications}
      where ${sellerApplications.userId} = ${otherUser.id} and ${sellerApplications.status} = 'approved'),
    (select nullif(trim(${orders.deliveryAddress} ->> 'recipientName'), '') from ${orders}
      where ${orders.buyerUserId} = ${otherUser.id} and ${orders.sellerUserId} = ${viewerId}
        and ${orders.deliveryAddress} is not null
      order by ${orders.createdAt} desc limit 1),
    ${otherUser.username}
  )`;
}

/** Summaries of the user's conversations, newest activity first; `conversationId` picks one. */
export async function listConversationSummaries(
  db: Db,
  userId: string,
  options: { limit: number; cursor?: ConversationCursor; conversationId?: string },
): Promise<ConversationSummaryRow[]> {
  const conditions: SQL[] = [eq(me.userId, userId)];
  if (options.conversationId) conditions.push(eq(conversations.id, options.conversationId));
  if (options.cursor) {
    const cursorTime = sql`(timestamptz 'epoch' + ${options.cursor.micros}::bigint * interval '1 microsecond')`;
    conditions.push(sql`(${conversations.lastActivityAt}, ${conversations.id}) < (${cursorTime}, ${options.cursor.id}::uuid)`);
  }
  return db
    .select({
      id: conversations.id,
      subjectKind: conversations.subjectKind,
      subjectId: conversations.subjectId,
      productTitle: products.title,
      lastActivityAt: conversations.lastActivityAt,
      lastActivityMicros: sql<string>`(extract(epoch from ${conversations.lastActivityAt}) * 1000000)::bigint::text`,
      otherUserId: otherUser.id,
      otherUsername: otherUser.username,
      otherDisplayName: displayNameSql(userId),
      otherProfilePictureUrl: otherUser.profilePictureUrl,
      unreadCount: sql<number>`(
        select count(*) from ${messages}
        where ${messages.conversationId} = ${conversations.id}
          and ${messages.senderId} <> ${userId}
          and (${me.lastReadAt} is null or ${messages.createdAt} > ${me.lastReadAt})
      )`.mapWith(Number),
    })
    .from(me)
    .innerJoin(conversations, eq(conversations.id, me.conversationId))
    .innerJoin(
      otherUser,
      eq(otherUser.id, sql`case when ${conversations.memberLowId} = ${userId} then ${conversations.memberHighId} else ${conversations.memberLowId} end`),
    )
    .leftJoin(products, and(eq(conversations.subjectKind, 'product'), eq(products.id, conversations.subjectId)))
    .where(and(...conditions))
    .orderBy(desc(conversations.lastActivityAt), desc(conversations.id))
    .limit(options.limit);
}

/** True when the user is one of the conversation's two members. */
export async function isConversationMember(db: Db, conversationId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: conversationMembers.userId })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)));
  return row !== undefined;
}

/** The member of the conversation who is not `userId`. */
export async function findOtherMemberId(db: Db, conversationId: string, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: conversationMembers.userId })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, conversationId), ne(conversationMembers.userId, userId)));
  return row?.userId ?? null;
}

/** Moves the conversation up the lists to the message's time; never back, if an older message commits late. */
export async function touchConversation(db: Db, conversationId: string, messageId: string): Promise<void> {
  const messageTime = sql`(select ${messages.createdAt} from ${messages} where ${messages.id} = ${messageId})`;
  await db
    .update(conversations)
    .set({ lastActivityAt: sql`greatest(${conversations.lastActivityAt}, ${messageTime})` })
    .where(eq(conversations.id, conversationId));
}

/**
 * Marks everything in the conversation read for the user, up to its newest message (not "now",
 * so a message committed a moment later is not swallowed). The member row is locked so two tabs
 * reading at once do not both report the same messages. Null when the user is not a member.
 */
export async function markConversationRead(
  db: Db,
  conversationId: string,
  userId: string,
): Promise<{ readCount: number; readAt: Date | null } | null> {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ userId: conversationMembers.userId })
      .from(conversationMembers)
      .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)))
      .for('update');
    if (!member) return null;

    const [unread] = await tx
      .select({ value: sql<number>`count(*)`.mapWith(Number) })
      .from(messages)
      .innerJoin(
        conversationMembers,
        and(eq(conversationMembers.conversationId, messages.conversationId), eq(conversationMembers.userId, userId)),
      )
      .where(
        and(
          eq(messages.conversationId, conversationId),
          ne(messages.senderId, userId),
          or(isNull(conversationMembers.lastReadAt), sql`${messages.createdAt} > ${conversationMembers.lastReadAt}`),
        ),
      );
    const readCount = unread?.value ?? 0;
    if (readCount === 0) return { readCount: 0, readAt: null };

    const newest = sql`(select max(${messages.createdAt}) from ${messages} where ${messages.conversationId} = ${conversationId})`;
    const [updated] = await tx
      .update(conversationMembers)
      .set({ lastReadAt: sql`greatest(coalesce(${conversationMembers.lastReadAt}, '-infinity'::timestamptz), ${newest})` })
      .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)))
      .returning({ lastReadAt: conversationMembers.lastReadAt });
    return { readCount, readAt: updated?.lastReadAt ?? null };
  });
}
