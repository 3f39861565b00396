import { describe, expect, it } from 'vitest';
import type { TListNotificationsResponse, TNotification } from '@pulse/contract/notifications';
import {
  flattenNotificationPages,
  getNextNotificationPage,
  insertNotification,
  markAllReadInPages,
  markNotificationReadInPages,
  type NotificationPages,
} from './notification-list-cache';

let sequence = 0;
function buildNotification(read = false): TNotification {
  sequence += 1;
  return {
    id: `0190a4c2-0000-7000-8000-${String(sequence).padStart(12, '0')}`,
    type: 'like',
    source: 'marketplace',
    message: `Notification ${sequence}`,
    content_type: null,
    related_entity_id: null,
    read,
    created_at: '2026-11-22T10:00:00.000Z',
  };
}

function buildPage(page: number, items: TNotification[], total: number, unread: number): TListNotificationsResponse {
  return { items, page, limit: 10, total, unread };
}

function buildPages(...pages: TListNotificationsResponse[]): NotificationPages {
  return { pages, pageParams: pages.map((page) => page.page) };
}

describe('notification list cache', () => {
  it('puts a live notification first and counts it as unread', () => {
    const old = buildNotification();
    const fresh = buildNotification();
    const data = insertNotification(buildPages(buildPage(1, [old], 1, 1)), fresh);
    expect(flattenNotificationPages(data).map((item) => item.message)).toEqual([fresh.message, old.message]);
    expect(data?.pages[0]?.unread).toBe(2);
    expect(data?.pages[0]?.total).toBe(2);
  });

  it('does not list the same notification twice', () => {
    const item = buildNotification();
    const data = buildPages(buildPage(1, [item], 1, 1));
    expect(insertNotification(data, item)).toBe(data);
  });

  it('leaves a list that was never loaded alone', () => {
    expect(insertNotification(undefined, buildNotification())).toBeUndefined();
  });

  it('marks one read and lowers the unread figure once', () => {
    const first = buildNotification();
    const second = buildNotification();
    const once = markNotificationReadInPages(buildPages(buildPage(1, [first, second], 2, 2)), first.id);
    const twice = markNotificationReadInPages(once, first.id);
    expect(flattenNotificationPages(twice).map((item) => item.read)).toEqual([true, false]);
    expect(twice?.pages[0]?.unread).toBe(1);
  });

  it('marks every loaded item read', () => {
    const data = markAllReadInPages(buildPages(buildPage(1, [buildNotification(), buildNotification(true)], 12, 5), buildPage(2, [buildNotification()], 12, 5)));
    expect(flattenNotificationPages(data).every((item) => item.read)).toBe(true);
    expect(data?.pages.map((page) => page.unread)).toEqual([0, 0]);
  });

  it('drops the repeat a live insertion pushes onto the next page', () => {
    const shifted = buildNotification();
    const data = buildPages(buildPage(1, [shifted], 2, 0), buildPage(2, [shifted, buildNotification()], 2, 0));
    expect(flattenNotificationPages(data)).toHaveLength(2);
  });

  it('offers another page until every notification is loaded', () => {
    const firstPage = buildPage(1, Array.from({ length: 10 }, () => buildNotification()), 15, 0);
    expect(getNextNotificationPage(firstPage, [firstPage])).toBe(2);
    const lastPage = buildPage(2, Array.from({ length: 5 }, () => buildNotification()), 15, 0);
    expect(getNextNotificationPage(lastPage, [firstPage, lastPage])).toBeUndefined();
    const emptyPage = buildPage(1, [], 0, 0);
    expect(getNextNotificationPage(emptyPage, [emptyPage])).toBeUndefined();
  });
});
