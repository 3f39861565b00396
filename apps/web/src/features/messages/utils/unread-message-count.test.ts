import { describe, expect, it } from 'vitest';
import { createUnreadMessageTracker } from './unread-message-count';

describe('unread message count', () => {
  it('adds one per message received while its chat is not on screen', () => {
    const tracker = createUnreadMessageTracker();
    expect(tracker.receive(0, 'c1', false)).toBe(1);
    expect(tracker.receive(7, 'c2', false)).toBe(8);
  });

  it('takes off the messages a chatOpened read, never below 0', () => {
    const tracker = createUnreadMessageTracker();
    expect(tracker.open(3, 'c1', 1)).toBe(2);
    expect(tracker.open(3, 'c1', 3)).toBe(0);
    expect(tracker.open(1, 'c1', 4)).toBe(0);
    expect(tracker.open(0, 'c1', 1)).toBe(0);
  });

  it('does not count a message that arrives in the chat on screen, nor take it off when it is read', () => {
    const tracker = createUnreadMessageTracker();
    expect(tracker.receive(2, 'c1', true)).toBe(2);
    // The page marks it read; the server's chatOpened names one read message.
    expect(tracker.open(2, 'c1', 1)).toBe(2);
    // The next read of that chat counts normally again.
    expect(tracker.open(2, 'c1', 1)).toBe(1);
  });

  it('only forgives messages of the conversation they arrived in', () => {
    const tracker = createUnreadMessageTracker();
    tracker.receive(4, 'c1', true);
    expect(tracker.open(4, 'c2', 2)).toBe(2);
  });

  it('takes off the older unread messages read along with one seen on screen', () => {
    const tracker = createUnreadMessageTracker();
    tracker.receive(3, 'c1', true);
    expect(tracker.open(3, 'c1', 3)).toBe(1);
  });

  it('leaves a count that has not loaded yet to its fetch', () => {
    const tracker = createUnreadMessageTracker();
    expect(tracker.receive(undefined, 'c1', false)).toBeUndefined();
    expect(tracker.open(undefined, 'c1', 1)).toBeUndefined();
  });

  it('forgets what was seen on screen after a reset', () => {
    const tracker = createUnreadMessageTracker();
    tracker.receive(0, 'c1', true);
    tracker.reset();
    expect(tracker.open(5, 'c1', 1)).toBe(4);
  });
});
