import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@pulse/contract/orders';
import { ORDER_GROUPS, ORDER_GROUP_STATUSES, getOrderGroup, getOrderGroupStatusFilter, isOrderGroup } from './order-groups';

describe('order groups', () => {
  it('puts every status in exactly one tab', () => {
    for (const status of ORDER_STATUSES) {
      const groups = ORDER_GROUPS.filter((group) => ORDER_GROUP_STATUSES[group].includes(status));
      expect(groups, status).toHaveLength(1);
    }
  });

  it('keeps orders the buyer still waits for in Active, up to delivered', () => {
    expect(getOrderGroup('pending_payment')).toBe('active');
    expect(getOrderGroup('in_transit')).toBe('active');
    expect(getOrderGroup('delivered')).toBe('active');
    expect(getOrderGroup('completed')).toBe('completed');
    expect(getOrderGroup('cancelled')).toBe('cancelled');
    expect(getOrderGroup('refund_requested')).toBe('cancelled');
    expect(getOrderGroup('refunded')).toBe('cancelled');
  });

  it('builds the status filter the API reads', () => {
    expect(getOrderGroupStatusFilter('active')).toBe('pending_payment,paid,accepted,ready,in_transit,delivered');
    expect(getOrderGroupStatusFilter('completed')).toBe('completed');
  });

  it('recognises tab names from the address only', () => {
    expect(isOrderGroup('completed')).toBe(true);
    expect(isOrderGroup('shipped')).toBe(false);
    expect(isOrderGroup(null)).toBe(false);
  });
});
