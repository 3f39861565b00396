import { describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import type { TOrderEvent } from '@pulse/contract/orders';
import { buildTimeline, describeEventActor } from './order-timeline';

function event(partial: Partial<TOrderEvent> & Pick<TOrderEvent, 'toStatus' | 'createdAt'>): TOrderEvent {
  return { id: `e-${partial.toStatus}-${partial.createdAt}`, fromStatus: null, actor: 'system', actorUsername: null, note: null, ...partial };
}

describe('buildTimeline', () => {
  it('lists the steps oldest first whatever order the server sent', () => {
    const entries = buildTimeline(
      [
        event({ fromStatus: 'paid', toStatus: 'accepted', actor: 'seller', actorUsername: 'green_acres', createdAt: '2026-03-02T10:00:00.000Z' }),
        event({ fromStatus: null, toStatus: 'paid', actor: 'buyer', actorUsername: 'ama', createdAt: '2026-03-01T09:00:00.000Z' }),
        event({ fromStatus: 'accepted', toStatus: 'ready', actor: 'seller', actorUsername: 'green_acres', createdAt: '2026-03-03T08:30:00.000Z' }),
      ],
      'ama',
      i18n,
    );
    expect(entries.map((entry) => entry.title)).toEqual(['Order placed and paid', 'Accepted by the farm', 'Ready for hand-over']);
    expect(entries.map((entry) => entry.actorText)).toEqual(['By you', 'By green_acres (farm)', 'By green_acres (farm)']);
  });

  it('keeps the reason written with a step', () => {
    const [entry] = buildTimeline(
      [event({ fromStatus: 'delivered', toStatus: 'refund_requested', actor: 'buyer', actorUsername: 'ama', note: 'Half the crate was bruised', createdAt: '2026-03-04T08:00:00.000Z' })],
      'someone_else',
      i18n,
    );
    expect(entry).toMatchObject({ title: 'Refund requested', actorText: 'By ama', note: 'Half the crate was bruised' });
  });
});

describe('buildTimeline updates within a status', () => {
  it('titles a recorded weight by its note instead of repeating the status', () => {
    const [entry] = buildTimeline(
      [event({ fromStatus: 'accepted', toStatus: 'accepted', actor: 'seller', actorUsername: 'green_acres', note: 'Final weight recorded', createdAt: '2026-03-02T11:00:00.000Z' })],
      'ama',
      i18n,
    );
    expect(entry).toMatchObject({ title: 'Final weight recorded', note: null, actorText: 'By green_acres (farm)' });
  });
});

describe('describeEventActor', () => {
  it('names timers and support without a username', () => {
    expect(describeEventActor({ actor: 'system', actorUsername: null }, 'ama', i18n)).toBe('Automatically');
    expect(describeEventActor({ actor: 'admin', actorUsername: 'market_admin' }, 'ama', i18n)).toBe('By Pulse Market support');
    expect(describeEventActor({ actor: 'agent', actorUsername: null }, 'ama', i18n)).toBe('By the delivery agent');
  });
});
