import { z } from 'zod';
import { ASSISTANT_HISTORY_LIMIT, ZAssistantContext, ZAssistantMessage, type TAssistantContext, type TAssistantMessage } from '@pulse/contract/assistant';

/** Session storage key of a visitor's conversation (signed-in users keep theirs on the server). */
export const VISITOR_SESSION_KEY = 'pulse_assistant_visitor';

export type VisitorStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface VisitorConversation {
  messages: readonly TAssistantMessage[];
  /** The context of the last answer: sent back with the next question, so follow-ups work. */
  context: TAssistantContext | null;
}

const ZStored = z.object({ messages: z.array(ZAssistantMessage), context: ZAssistantContext.nullable() });

const EMPTY: VisitorConversation = { messages: [], context: null };

function readStored(storage: VisitorStorage | null): VisitorConversation {
  if (!storage) return EMPTY;
  try {
    const raw = storage.getItem(VISITOR_SESSION_KEY);
    if (raw === null) return EMPTY;
    const parsed = ZStored.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : EMPTY;
  } catch {
    // Unreadable or disabled storage: start again rather than fail.
    return EMPTY;
  }
}

/**
 * A visitor's conversation for this tab: messages and the last context in session storage, so it
 * survives a reload and moving between the widget and the full page. Works (in memory) when the
 * storage is missing or refuses to write. Subscribable for useSyncExternalStore.
 */
export function createVisitorSessionStore(storage: VisitorStorage | null) {
  let current = readStored(storage);
  const listeners = new Set<() => void>();

  const save = (next: VisitorConversation) => {
    current = next;
    try {
      if (next.messages.length === 0 && next.context === null) storage?.removeItem(VISITOR_SESSION_KEY);
      else storage?.setItem(VISITOR_SESSION_KEY, JSON.stringify(next));
    } catch {
      // Full or disabled storage: the conversation still lives in memory for this page.
    }
    for (const listener of listeners) listener();
  };

  return {
    getSnapshot: (): VisitorConversation => current,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Adds a message (a question or an answer), once; keeps the newest ASSISTANT_HISTORY_LIMIT. */
    append(message: TAssistantMessage): void {
      if (current.messages.some((kept) => kept.id === message.id)) return;
      save({ ...current, messages: [...current.messages, message].slice(-ASSISTANT_HISTORY_LIMIT) });
    },
    setContext(context: TAssistantContext | null): void {
      save({ ...current, context });
    },
    clear(): void {
      save(EMPTY);
    },
  };
}

export type VisitorSessionStore = ReturnType<typeof createVisitorSessionStore>;

function browserSessionStorage(): VisitorStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

let shared: VisitorSessionStore | null = null;

/** The one store of this tab (the widget and the page read the same). */
export function visitorSessionStore(): VisitorSessionStore {
  shared ??= createVisitorSessionStore(browserSessionStorage());
  return shared;
}
