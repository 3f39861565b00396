import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { TNotification } from '@pulse/contract/notifications';

/** One line of a notification list: a single notification, or every like on one post. */
export interface NotificationLine {
  key: string;
  /** The newest of the line, with the line's message and read state (what the item shows). */
  shown: TNotification;
  members: readonly TNotification[];
}

// The server's English wording of a like ("Ama liked your post"): the liker's name is read from it.
// A like written in another language names nobody, and the line counts people instead.
const LIKE_SUFFIX = ' liked your post';

function likerOf(notification: TNotification): string | null {
  return notification.message.endsWith(LIKE_SUFFIX) ? notification.message.slice(0, -LIKE_SUFFIX.length).trim() || null : null;
}

/** "Ama liked your post", "Ama and Kofi liked your post", "Ama and 4 others liked your post". */
export function describeLikes(likes: readonly TNotification[], i18n: I18n): string {
  const names = [...new Set(likes.map(likerOf).filter((name): name is string => name !== null))];
  if (likes.length === 1) return likes[0]!.message;
  const count = likes.length;
  if (names.length === 0) return i18n._(msg`${plural(count, { one: '# person liked your post', other: '# people liked your post' })}`);
  const others = Math.max(likes.length, names.length) - 1;
  const [first = '', second = ''] = names;
  if (others === 1 && names.length === 2) return i18n._(msg`${first} and ${second} liked your post`);
  return i18n._(msg`${plural(others, { one: `${first} and # other liked your post`, other: `${first} and # others liked your post` })}`);
}

/**
 * Likes on one post (Pulse Hub `like` notifications with the same related_entity_id) become one
 * line where the newest of them is; every other notification keeps its own line. The list is
 * newest first, so the first like met is the newest and names the line. Unread while any is.
 */
export function groupLikeNotifications(items: readonly TNotification[], i18n: I18n): NotificationLine[] {
  const likesByPost = new Map<string, TNotification[]>();
  for (const item of items) {
    if (item.type !== 'like' || !item.related_entity_id) continue;
    const group = likesByPost.get(item.related_entity_id) ?? [];
    group.push(item);
    likesByPost.set(item.related_entity_id, group);
  }
  const lines: NotificationLine[] = [];
  const placed = new Set<string>();
  for (const item of items) {
    const group = item.type === 'like' && item.related_entity_id ? likesByPost.get(item.related_entity_id) : undefined;
    if (!group || group.length === 1) {
      lines.push({ key: item.id, shown: item, members: [item] });
      continue;
    }
    if (placed.has(item.related_entity_id!)) continue;
    placed.add(item.related_entity_id!);
    lines.push({
      key: `likes-${item.related_entity_id}`,
      shown: { ...item, message: describeLikes(group, i18n), read: group.every((like) => like.read) },
      members: group,
    });
  }
  return lines;
}
