import { describe, expect, it } from 'vitest';
import type { TNotification } from './notifications';
import { getNotificationLink, getToastTarget } from './notification-targets';

function buildNotification(overrides: Partial<TNotification>): TNotification {
  return {
    id: '0190a4c2-0000-7000-8000-000000000001',
    type: 'like',
    source: 'pulse_hub',
    message: 'Ama liked your post',
    content_type: 'post',
    related_entity_id: 'post-42',
    read: false,
    created_at: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}

describe('toast click targets', () => {
  it('opens /hub/notifications for any Pulse Hub notification', () => {
    expect(getToastTarget(buildNotification({ type: 'like', source: 'pulse_hub' }))).toBe('/hub/notifications');
    expect(getToastTarget(buildNotification({ type: 'tip', source: 'pulse_hub', related_entity_id: null }))).toBe('/hub/notifications');
  });

  it('opens /pulse/{related_entity_id} for other sources', () => {
    expect(getToastTarget(buildNotification({ type: 'post_comment', source: 'marketplace', related_entity_id: 'post-7' }))).toBe('/pulse/post-7');
  });

  it('opens the chat of a new message', () => {
    expect(getToastTarget(buildNotification({ type: 'new_message', source: 'marketplace', related_entity_id: 'chat-9' }))).toBe('/chat/chat-9');
  });

  it('opens the order or its delivery for order and delivery updates', () => {
    expect(getToastTarget(buildNotification({ type: 'order_update', source: 'marketplace', related_entity_id: 'order-1' }))).toBe('/order/order-1');
    expect(getToastTarget(buildNotification({ type: 'delivery_update', source: 'marketplace', related_entity_id: 'order-1' }))).toBe(
      '/order-delivery/order-1',
    );
  });

  it('opens the right application status page', () => {
    expect(getToastTarget(buildNotification({ type: 'application_update', source: 'marketplace', content_type: 'seller_application' }))).toBe(
      '/seller-application-status',
    );
    expect(getToastTarget(buildNotification({ type: 'application_update', source: 'marketplace', content_type: 'agent_application' }))).toBe(
      '/agent-application-status',
    );
  });

  it('falls back to the notification list when there is nothing to open', () => {
    expect(getToastTarget(buildNotification({ type: 'order_update', source: 'marketplace', related_entity_id: null }))).toBe('/notifications');
    expect(getToastTarget(buildNotification({ type: 'announcement', source: 'marketplace', related_entity_id: 'x' }))).toBe('/notifications');
  });

  it('escapes an id so it cannot leave its path segment', () => {
    expect(getToastTarget(buildNotification({ type: 'new_message', source: 'marketplace', related_entity_id: '../admin' }))).toBe('/chat/..%2Fadmin');
  });
});

describe('list click targets', () => {
  it('opens the post of a Pulse Hub notification from the Hub list', () => {
    expect(getNotificationLink(buildNotification({ type: 'comment_reply', source: 'pulse_hub', related_entity_id: 'post-3' }))).toBe('/pulse/post-3');
  });

  it('stays on the Hub list when a Hub notification names no post', () => {
    expect(getNotificationLink(buildNotification({ source: 'pulse_hub', related_entity_id: null }))).toBe('/hub/notifications');
  });
});
