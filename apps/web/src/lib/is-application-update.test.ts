import { describe, expect, it } from 'vitest';
import { applicationUpdateKind, isSellerApplicationUpdate } from './is-application-update';

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

describe('applicationUpdateKind', () => {
  it('names the kind of application a decision is about', () => {
    expect(applicationUpdateKind({ type: 'application_update', content_type: 'seller_application' })).toBe('seller');
    expect(applicationUpdateKind({ type: 'application_update', content_type: 'agent_application' })).toBe('agent');
  });

  it('is null for anything else', () => {
    expect(applicationUpdateKind({ type: 'application_update', content_type: 'order' })).toBeNull();
    expect(applicationUpdateKind({ type: 'order_update', content_type: 'agent_application' })).toBeNull();
  });
});
