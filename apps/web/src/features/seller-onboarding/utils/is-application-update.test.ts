import { describe, expect, it } from 'vitest';
import { isSellerApplicationUpdate } from './is-application-update';

describe('isSellerApplicationUpdate', () => {
  it('is true for the decision on a seller application', () => {
    expect(isSellerApplicationUpdate({ type: 'application_update', content_type: 'seller_application' })).toBe(true);
  });

  it('is false for other notifications, even of the same type', () => {
    expect(isSellerApplicationUpdate({ type: 'order_update', content_type: 'seller_application' })).toBe(false);
    expect(isSellerApplicationUpdate({ type: 'application_update', content_type: 'agent_application' })).toBe(false);
    expect(isSellerApplicationUpdate({ type: 'application_update', content_type: null })).toBe(false);
  });
});
