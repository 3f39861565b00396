import { describe, expect, it } from 'vitest';
import type { TNotificationCategoryChoices } from '@pulse/contract/notification-preferences';
import { changesOf } from './preference-changes';

const SERVER: TNotificationCategoryChoices[] = [
  { category: 'orders', in_app: true, push: true, email: true },
  { category: 'hub', in_app: true, push: false, email: null },
  { category: 'announcements', in_app: true, push: true, email: false },
];

describe('the switches Save sends', () => {
  it('sends only switches that now differ from the saved choices', () => {
    expect(changesOf(SERVER, { 'orders:email': false, 'hub:push': true, 'announcements:in_app': true })).toEqual([
      { category: 'orders', channel: 'email', enabled: false },
      { category: 'hub', channel: 'push', enabled: true },
    ]);
  });

  it('sends nothing for a switch moved and moved back, or for a channel the category does not offer', () => {
    expect(changesOf(SERVER, { 'orders:push': true, 'hub:email': true })).toEqual([]);
    expect(changesOf(SERVER, {})).toEqual([]);
  });
});
