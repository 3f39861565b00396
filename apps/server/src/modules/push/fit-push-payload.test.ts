import { describe, expect, it } from 'vitest';
import { fitPushPayload } from './push-service';

const base = { title: 'New Comment', url: '/hub/notifications', tag: '0190a6c4-0000-7000-8000-000000000000' };

describe('fitPushPayload', () => {
  it('leaves a short message as it is', () => {
    const payload = { ...base, body: 'Ada commented: lovely tomatoes' };
    expect(fitPushPayload(payload)).toEqual(payload);
  });

  it('shortens a long multi-byte message to fit a push message, ending it with an ellipsis', () => {
    const body = '🍅 ripe and ready '.repeat(400);
    const fitted = fitPushPayload({ ...base, body });
    expect(Buffer.byteLength(JSON.stringify(fitted))).toBeLessThanOrEqual(3000);
    expect(fitted.body.endsWith('…')).toBe(true);
    expect(body.startsWith(fitted.body.slice(0, -1))).toBe(true);
    expect(fitted).toMatchObject(base);
  });
});
