import { describe, expect, it } from 'vitest';
import { buildPushPayload } from './push';

describe('buildPushPayload', () => {
  it('carries the title of the type, the message, the click target and the id as tag', () => {
    expect(
      buildPushPayload({ id: 'n-1', source: 'pulse_hub', type: 'comment_reply', message: 'Bola replied', related_entity_id: 'c-1', content_type: 'comment' }),
    ).toEqual({ title: 'New Reply', body: 'Bola replied', url: '/hub/notifications', tag: 'n-1' });
  });

  it('opens the same page as the in-app toast: an order update opens its order', () => {
    expect(
      buildPushPayload({ id: 'n-2', source: 'marketplace', type: 'order_update', message: 'Order accepted', related_entity_id: 'o-7', content_type: 'order' }).url,
    ).toBe('/order/o-7');
  });
});
