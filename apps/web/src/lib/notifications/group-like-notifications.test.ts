import { describe, expect, it } from 'vitest';
import type { TNotification } from '@pulse/contract/notifications';
import { i18n } from '@lingui/core';
import { groupLikeNotifications as groupLikes } from './group-like-notifications';

const groupLikeNotifications = (items: readonly TNotification[]) => groupLikes(items, i18n);

let counter = 0;
function notification(type: TNotification['type'], message: string, postId: string | null, read = false): TNotification {
  counter += 1;
  return {
    id: `n-${counter}`,
    type,
    source: 'pulse_hub',
    message,
    content_type: 'post',
    related_entity_id: postId,
    read,
    created_at: new Date(Date.UTC(2026, 10, 25, 12, 0, 0) - counter * 60_000).toISOString(),
  };
}

describe('groupLikeNotifications', () => {
  it('folds five likes on one post into one line named after the newest liker', () => {
    const items = [
      notification('like', 'ama liked your post', 'p1'),
      notification('post_comment', 'kofi commented on your post', 'p1'),
      notification('like', 'kofi liked your post', 'p1'),
      notification('like', 'yaw liked your post', 'p1', true),
      notification('like', 'efua liked your post', 'p1'),
      notification('like', 'kwame liked your post', 'p1'),
    ];
    const lines = groupLikeNotifications(items);
    expect(lines.map((line) => line.shown.message)).toEqual(['ama and 4 others liked your post', 'kofi commented on your post']);
    expect(lines[0]?.members).toHaveLength(5);
    expect(lines[0]?.shown.read).toBe(false);
    expect(lines[0]?.shown.related_entity_id).toBe('p1');
  });

  it('names both people when two liked, and keeps likes on other posts apart', () => {
    const lines = groupLikeNotifications([
      notification('like', 'ama liked your post', 'p1', true),
      notification('like', 'kofi liked your post', 'p2'),
      notification('like', 'yaw liked your post', 'p1', true),
    ]);
    expect(lines.map((line) => line.shown.message)).toEqual(['ama and yaw liked your post', 'kofi liked your post']);
    expect(lines[0]?.shown.read).toBe(true);
  });

  it('leaves a single like, and every other kind, as it is', () => {
    const like = notification('like', 'ama liked your post', 'p1');
    const tip = notification('tip', 'kofi tipped you $2.00 for your post', 'p1');
    const lines = groupLikeNotifications([like, tip]);
    expect(lines.map((line) => line.shown)).toEqual([like, tip]);
  });

  it('counts likes whose wording it does not know as people', () => {
    const lines = groupLikeNotifications([notification('like', 'Someone likes this', 'p1'), notification('like', 'Another like', 'p1')]);
    expect(lines[0]?.shown.message).toBe('2 people liked your post');
  });
});
