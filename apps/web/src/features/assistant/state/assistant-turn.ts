import { t } from '@lingui/core/macro';
import type { QueryClient } from '@tanstack/react-query';
import type { TAssistantMessage } from '@pulse/contract/assistant';
import { askAssistant } from '../api/ask-assistant';
import { appendToCachedConversation, assistantConversationKey } from '../api/conversation';
import { changesBasket } from '../utils/block-format';
import { AskFailureError, describeAskFailure } from '../utils/describe-ask-failure';
import { mentionsNearMe } from '../utils/near-me';
import { visitorSessionStore } from '../utils/visitor-session';
import { locateBrowser } from './locate-browser';

/** What a screen reader hears when an answer is done, in the page's language. */
function announce(answer: string): string {
  return t`Pulse Assistant: ${answer}`;
}

/** The question being answered: shown at once, its answer growing as the stream arrives. */
export interface PendingTurn {
  id: number;
  text: string;
  /** The server echoed the question (`user` event): it is in the conversation now. */
  questionStored: boolean;
  answer: string;
  phase: 'locating' | 'waiting' | 'streaming' | 'error';
  error: string | null;
}

export interface TurnState {
  pending: PendingTurn | null;
  /** What is typed in the input, shared by the widget and the page (nothing lost on "Open full page"). */
  draft: string;
  /** The last whole answer, for screen readers (a polite live region). */
  announcement: string;
}

/** Who asks: a signed-in user's messages go to the query cache, a visitor's to session storage. */
export interface TurnEnvironment {
  userId: string | null;
  queryClient: QueryClient;
}

let state: TurnState = { pending: null, draft: '', announcement: '' };
const listeners = new Set<() => void>();
let sequence = 0;
let controller: AbortController | null = null;

function update(change: Partial<TurnState>): void {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

function updateTurn(id: number, change: Partial<PendingTurn>): void {
  if (state.pending?.id !== id) return;
  update({ pending: { ...state.pending, ...change } });
}

function keep(environment: TurnEnvironment, message: TAssistantMessage): void {
  if (environment.userId) appendToCachedConversation(environment.queryClient, environment.userId, message);
  else visitorSessionStore().append(message);
}

export const assistantTurnStore = {
  getSnapshot: (): TurnState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setDraft(draft: string): void {
    if (draft !== state.draft) update({ draft });
  },
  isBusy(): boolean {
    return state.pending !== null && state.pending.phase !== 'error';
  },

  /**
   * Sends a question: asks for the browser's position first when it says "near me" (sent only if
   * allowed), then streams the answer. One question at a time; a failure leaves the question on
   * screen with Retry, and puts it back in an empty input.
   */
  async send(text: string, environment: TurnEnvironment): Promise<void> {
    const question = text.trim();
    if (question === '' || assistantTurnStore.isBusy()) return;
    const id = ++sequence;
    const nearMe = mentionsNearMe(question);
    controller = new AbortController();
    const { signal } = controller;
    update({ pending: { id, text: question, questionStored: false, answer: '', phase: nearMe ? 'locating' : 'waiting', error: null } });

    if (environment.userId) {
      // A history request still on its way must not overwrite what this answer adds.
      await environment.queryClient.cancelQueries({ queryKey: assistantConversationKey(environment.userId) });
    }

    try {
      const position = nearMe ? await locateBrowser() : null;
      if (signal.aborted) return;
      updateTurn(id, { phase: 'waiting' });
      const context = environment.userId ? null : visitorSessionStore().getSnapshot().context;
      const done = await askAssistant(
        { text: question, position, context },
        (event) => {
          if (state.pending?.id !== id) return;
          if (event.type === 'user') {
            keep(environment, event.message);
            updateTurn(id, { questionStored: true });
          } else if (event.type === 'delta') {
            updateTurn(id, { answer: state.pending.answer + event.text, phase: 'streaming' });
          }
        },
        signal,
      );
      if (state.pending?.id !== id) return;
      keep(environment, done.message);
      if (!environment.userId) visitorSessionStore().setContext(done.context);
      if (changesBasket(done.message.blocks)) void environment.queryClient.invalidateQueries({ queryKey: ['basket'] });
      update({ pending: null, announcement: announce(done.message.text) });
    } catch (cause) {
      if (signal.aborted || state.pending?.id !== id) return;
      const message = cause instanceof AskFailureError ? cause.message : describeAskFailure({ kind: 'cut-off' });
      update({
        pending: { ...state.pending, phase: 'error', error: message },
        draft: state.draft.trim() === '' ? question : state.draft,
      });
    } finally {
      if (controller?.signal === signal) controller = null;
    }
  },

  /** Sends the failed question again (and takes it out of the input if it was put back there). */
  retry(environment: TurnEnvironment): void {
    const failed = state.pending;
    if (failed?.phase !== 'error') return;
    if (state.draft.trim() === failed.text) update({ draft: '' });
    update({ pending: null });
    void assistantTurnStore.send(failed.text, environment);
  },

  /** Forgets the question on its way (Clear conversation, sign out). */
  reset(): void {
    controller?.abort();
    controller = null;
    update({ pending: null, announcement: '' });
  },
};
