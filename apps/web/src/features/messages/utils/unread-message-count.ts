/**
 * The Messages badge of spec §4: +1 for each message received, -1 per message read when a chat is
 * opened (`chatOpened` carries how many it read), never below 0. A message that arrives in the chat
 * on screen is not counted; the read that follows (and its `chatOpened`) must then not take it off
 * again, so those messages are remembered per conversation until their `chatOpened` arrives.
 */
export interface UnreadMessageTracker {
  /** The new count after a message from the other member; `onScreen` when its chat is showing. */
  receive: (count: number | undefined, conversationId: string, onScreen: boolean) => number | undefined;
  /** The new count after this user read `readCount` messages of the conversation. */
  open: (count: number | undefined, conversationId: string, readCount: number) => number | undefined;
  /** Forgets the messages seen on screen, once the count was fetched again from the server. */
  reset: () => void;
}

export function createUnreadMessageTracker(): UnreadMessageTracker {
  const seenOnScreen = new Map<string, number>();

  return {
    receive(count, conversationId, onScreen) {
      if (onScreen) {
        seenOnScreen.set(conversationId, (seenOnScreen.get(conversationId) ?? 0) + 1);
        return count;
      }
      return count === undefined ? undefined : count + 1;
    },
    open(count, conversationId, readCount) {
      const uncounted = Math.min(seenOnScreen.get(conversationId) ?? 0, readCount);
      if (uncounted > 0) seenOnScreen.set(conversationId, (seenOnScreen.get(conversationId) ?? 0) - uncounted);
      if (seenOnScreen.get(conversationId) === 0) seenOnScreen.delete(conversationId);
      const decrement = readCount - uncounted;
      return count === undefined ? undefined : Math.max(0, count - decrement);
    },
    reset() {
      seenOnScreen.clear();
    },
  };
}
