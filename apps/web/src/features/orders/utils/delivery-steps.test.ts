import { describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import type { TOrderEvent } from '@pulse/contract/orders';
import { buildDeliverySteps, isConfirmationCodeRelevant } from './delivery-steps';

function event(toStatus: TOrderEvent['toStatus'], createdAt: string): TOrderEvent {
  return { id: `e-${toStatus}-${createdAt}`, fromStatus: null, toStatus, actor: 'seller', actorUsername: null, note: null, createdAt };
}

describe('buildDeliverySteps', () => {
  it('marks what is done, where the order is, and what is still ahead, with times', () => {
    const steps = buildDeliverySteps([event('paid', '2026-03-01T09:00:00.000Z'), event('accepted', '2026-03-01T10:00:00.000Z')]);
    expect(steps.map((step) => [i18n._(step.label), step.state])).toEqual([
      ['Paid', 'done'],
      ['Accepted', 'current'],
      ['Ready', 'upcoming'],
      ['In transit', 'upcoming'],
      ['Delivered', 'upcoming'],
      ['Completed', 'upcoming'],
    ]);
    expect(steps[1]?.at).toBe('2026-03-01T10:00:00.000Z');
    expect(steps[2]?.at).toBeNull();
  });

  it('counts a skipped step as done (pickup never goes in transit) and the final step as done', () => {
    const steps = buildDeliverySteps([
      event('paid', '2026-03-01T09:00:00.000Z'),
      event('accepted', '2026-03-01T10:00:00.000Z'),
      event('ready', '2026-03-01T11:00:00.000Z'),
      event('delivered', '2026-03-01T12:00:00.000Z'),
      event('completed', '2026-03-01T13:00:00.000Z'),
    ]);
    expect(steps.every((step) => step.state === 'done')).toBe(true);
    expect(steps.find((step) => step.status === 'in_transit')?.at).toBeNull();
  });

  it('keeps the time a step was reached when the farm later updates the order within it', () => {
    const weighed: TOrderEvent = { ...event('accepted', '2026-03-01T12:00:00.000Z'), fromStatus: 'accepted', note: 'Final weight recorded' };
    const steps = buildDeliverySteps([event('paid', '2026-03-01T09:00:00.000Z'), event('accepted', '2026-03-01T10:00:00.000Z'), weighed]);
    expect(steps.find((step) => step.status === 'accepted')?.at).toBe('2026-03-01T10:00:00.000Z');
  });

  it('leaves out "in transit" for a pickup and calls the hand-over "Collected"', () => {
    const steps = buildDeliverySteps([event('paid', '2026-03-01T09:00:00.000Z'), event('delivered', '2026-03-01T12:00:00.000Z')], 'pickup');
    expect(steps.map((step) => i18n._(step.label))).toEqual(['Paid', 'Accepted', 'Ready', 'Collected', 'Completed']);
    expect(steps.find((step) => i18n._(step.label) === 'Collected')?.state).toBe('current');
  });

  it('ignores refund steps, leaving delivered as where the goods are', () => {
    const steps = buildDeliverySteps([event('paid', '2026-03-01T09:00:00.000Z'), event('delivered', '2026-03-02T09:00:00.000Z'), event('refund_requested', '2026-03-02T10:00:00.000Z')]);
    expect(steps.find((step) => step.state === 'current')?.status).toBe('delivered');
  });
});

describe('isConfirmationCodeRelevant', () => {
  it('shows the code from payment until the hand-over only', () => {
    expect(isConfirmationCodeRelevant('pending_payment')).toBe(false);
    expect(isConfirmationCodeRelevant('paid')).toBe(true);
    expect(isConfirmationCodeRelevant('in_transit')).toBe(true);
    expect(isConfirmationCodeRelevant('delivered')).toBe(false);
    expect(isConfirmationCodeRelevant('cancelled')).toBe(false);
  });
});
