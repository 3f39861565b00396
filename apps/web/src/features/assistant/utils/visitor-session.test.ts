import { describe, expect, it, vi } from 'vitest';
import { ASSISTANT_HISTORY_LIMIT, type TAssistantContext, type TAssistantMessage } from '@pulse/contract/assistant';
import { VISITOR_SESSION_KEY, createVisitorSessionStore, type VisitorStorage } from './visitor-session';

function memoryStorage(): VisitorStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

function id(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

function message(n: number, role: 'user' | 'assistant' = 'user'): TAssistantMessage {
  return { id: id(n), role, text: `message ${n}`, blocks: [], suggestions: [], intent: null, source: role === 'user' ? 'user' : 'engine', createdAt: '2026-11-25T08:00:00.000Z' };
}

const CONTEXT: TAssistantContext = {
  lastIntent: 'find_products',
  filters: null,
  productIds: [id(900), id(901)],
  orderId: null,
};

describe('visitor session store', () => {
  it('keeps the conversation and the last context for the next page of the same tab', () => {
    const storage = memoryStorage();
    const store = createVisitorSessionStore(storage);
    store.append(message(1));
    store.append(message(2, 'assistant'));
    store.setContext(CONTEXT);

    const reopened = createVisitorSessionStore(storage);
    expect(reopened.getSnapshot().messages.map((kept) => kept.text)).toEqual(['message 1', 'message 2']);
    expect(reopened.getSnapshot().context).toEqual(CONTEXT);
  });

  it('adds a message once, even when it arrives twice', () => {
    const store = createVisitorSessionStore(memoryStorage());
    store.append(message(1));
    store.append(message(1));
    expect(store.getSnapshot().messages).toHaveLength(1);
  });

  it(`keeps only the newest ${ASSISTANT_HISTORY_LIMIT} messages`, () => {
    const store = createVisitorSessionStore(memoryStorage());
    for (let n = 1; n <= ASSISTANT_HISTORY_LIMIT + 5; n += 1) store.append(message(n));
    const { messages } = store.getSnapshot();
    expect(messages).toHaveLength(ASSISTANT_HISTORY_LIMIT);
    expect(messages[0]?.text).toBe('message 6');
  });

  it('tells subscribers about each change and gives a new snapshot', () => {
    const store = createVisitorSessionStore(memoryStorage());
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const before = store.getSnapshot();
    store.append(message(1));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).not.toBe(before);
    unsubscribe();
    store.append(message(2));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('clears everything, storage included', () => {
    const storage = memoryStorage();
    const store = createVisitorSessionStore(storage);
    store.append(message(1));
    store.setContext(CONTEXT);
    store.clear();
    expect(store.getSnapshot()).toEqual({ messages: [], context: null });
    expect(storage.data.has(VISITOR_SESSION_KEY)).toBe(false);
  });

  it('starts empty when what is stored is not a conversation', () => {
    const storage = memoryStorage();
    storage.data.set(VISITOR_SESSION_KEY, '{"messages":[{"id":"not-an-id"}]}');
    expect(createVisitorSessionStore(storage).getSnapshot()).toEqual({ messages: [], context: null });
    storage.data.set(VISITOR_SESSION_KEY, 'not json');
    expect(createVisitorSessionStore(storage).getSnapshot()).toEqual({ messages: [], context: null });
  });

  it('keeps working in memory when storage refuses to write or is missing', () => {
    const refusing: VisitorStorage = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const store = createVisitorSessionStore(refusing);
    store.append(message(1));
    expect(store.getSnapshot().messages).toHaveLength(1);

    const without = createVisitorSessionStore(null);
    without.setContext(CONTEXT);
    expect(without.getSnapshot().context).toEqual(CONTEXT);
  });
});
