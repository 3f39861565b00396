import { describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import type { TGetOrderDeliveryResponse } from '@pulse/contract/delivery';
import { formatEta, withPosition } from './delivery-position';

const TASK_ID = '00000000-0000-4000-8000-000000000001';
const ORDER_ID = '00000000-0000-4000-8000-000000000002';

const delivery = {
  orderId: ORDER_ID,
  task: { id: TASK_ID, status: 'in_transit', attempt: 1, failureReason: null, recipientName: null, proofPhotoUrl: null },
  agent: null,
  position: { lat: 1, lng: 1, accuracy: null, at: '2030-01-01T10:00:10.000Z' },
  pickup: { farmName: 'F', region: 'R', lat: null, lng: null, phone: null },
  dropOff: null,
  pickupCode: null,
  etaAt: null,
  windowStartsAt: null,
  windowEndsAt: null,
  events: [],
} satisfies TGetOrderDeliveryResponse;

describe('withPosition', () => {
  it('moves the agent to a newer position', () => {
    const next = withPosition(delivery, { taskId: TASK_ID, orderId: ORDER_ID, lat: 2, lng: 3, accuracy: 5, at: '2030-01-01T10:00:20.000Z' });
    expect(next.position).toEqual({ lat: 2, lng: 3, accuracy: 5, at: '2030-01-01T10:00:20.000Z' });
  });

  it('ignores a late older position and one of another task', () => {
    expect(withPosition(delivery, { taskId: TASK_ID, orderId: ORDER_ID, lat: 2, lng: 3, accuracy: null, at: '2030-01-01T10:00:00.000Z' })).toBe(delivery);
    expect(withPosition(delivery, { taskId: ORDER_ID, orderId: ORDER_ID, lat: 2, lng: 3, accuracy: null, at: '2030-01-01T10:00:30.000Z' })).toBe(delivery);
  });
});

describe('formatEta', () => {
  const now = Date.parse('2030-01-01T10:00:00.000Z');
  it('says how long until arrival', () => {
    expect(formatEta(null, now, i18n)).toBeNull();
    expect(formatEta('2030-01-01T09:59:00.000Z', now, i18n)).toBe('any minute now');
    expect(formatEta('2030-01-01T10:12:00.000Z', now, i18n)).toBe('about 12 min');
    expect(formatEta('2030-01-01T11:05:00.000Z', now, i18n)).toBe('about 1 h 5 min');
  });
});
