import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@pulse/contract/orders';
import { canRepeatWeekly } from './repeat-weekly';

describe('canRepeatWeekly', () => {
  it('offers "Repeat every week" on a current or completed order, not on an unpaid, cancelled or refunded one', () => {
    const repeatable = ORDER_STATUSES.filter(canRepeatWeekly);
    expect(repeatable).toEqual(['paid', 'accepted', 'ready', 'in_transit', 'delivered', 'completed']);
  });
});
