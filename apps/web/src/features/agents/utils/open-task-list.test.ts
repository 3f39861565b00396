import { describe, expect, it } from 'vitest';
import type { TDeliveryTaskListItem, TListOpenTasksResponse } from '@pulse/contract/delivery';
import { withOfferedTask } from './open-task-list';

function task(id: string, distanceToPickupKm: number | null): TDeliveryTaskListItem {
  return {
    id,
    orderId: id,
    status: 'open',
    pickup: { farmName: 'Farm', region: 'R', lat: null, lng: null, phone: null },
    dropOff: { city: 'Town', region: 'R' },
    routeKm: null,
    distanceToPickupKm,
    feeMinor: 500,
    currency: 'USD',
    windowStartsAt: null,
    windowEndsAt: null,
    size: { itemCount: 1, weightKg: null },
    attempt: 1,
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
  };
}

describe('withOfferedTask', () => {
  const list: TListOpenTasksResponse = { items: [task('a', 1), task('b', 5)], origin: { lat: 0, lng: 0 }, radiusKm: 10 };

  it('puts the offered task in distance order', () => {
    expect(withOfferedTask(list, task('c', 3)).items.map((item) => item.id)).toEqual(['a', 'c', 'b']);
  });

  it('replaces an older copy and keeps unknown distances last', () => {
    expect(withOfferedTask(list, task('a', null)).items.map((item) => item.id)).toEqual(['b', 'a']);
  });
});
