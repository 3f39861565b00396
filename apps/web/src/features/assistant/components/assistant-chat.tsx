import { useEffect, useLayoutEffect, useRef } from 'react';
import { Button, Loader, Text, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import type { AssistantChat as AssistantChatState } from '../state/use-assistant-chat';
import { ChatInput } from './chat-input';
import { MessageList } from './message-list';
import { SuggestionChips } from './suggestion-chips';
import classes from './assistant.module.css';

/** The starters of an empty chat (issue 14). */
export const STARTER_QUESTIONS = ['Organic tomatoes near Kumasi', 'Where is my order?', 'How do I sell on Pulse Market?', 'How do I become an agent?'] as const;

/** How close to the bottom counts as "reading the newest": a growing answer keeps it in view. */
const STICK_TO_BOTTOM_PX = 120;

function Welcome({ compact, onPick, disabled }: { compact: boolean; onPick: (text: string) => void; disabled: boolean }) {
  return (
    <div className={classes.welcome} data-testid="assistant-welcome">
      <div className={classes.welcomeIcon} aria-hidden>
        <IconSparkles size={28} stroke={1.7} />
      </div>
      <Title order={compact ? 3 : 2} size={compact ? 'h5' : 'h4'}>
        Hello! How can I help?
      </Title>
      <Text size="sm" c="dimmed" maw={420}>
        Ask me to find fresh produce near you, follow an order or explain how Pulse Market works. I answer from the marketplace&apos;s live data.
      </Text>
      <SuggestionChips suggestions={STARTER_QUESTIONS} onPick={onPick} disabled={disabled} />
    </div>
  );
}

/**
 * The chat itself, the same in the widget and on the page: the conversation (or a welcome with
 * starters), the answer being written, follow-up chips and the question box.
 */
export function AssistantChat({ chat, variant, autoFocus = false }: { chat: AssistantChatState; variant: 'widget' | 'page'; autoFocus?: boolean }) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const { messages, pending } = chat;
  const empty = messages.length === 0 && pending === null;
  const itemCount = messages.length + (pending ? 2 : 0);

  useEffect(() => {
    if (autoFocus) inputRef.current?.focus({ preventScroll: true });
  }, [autoFocus]);

  // A new message scrolls to the bottom; a growing answer only when the person is reading there.
  const lastCount = useRef(-1);
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const added = itemCount !== lastCount.current;
    lastCount.current = itemCount;
    const nearBottom = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < STICK_TO_BOTTOM_PX;
    if (added || nearBottom) scroller.scrollTop = scroller.scrollHeight;
  }, [itemCount, pending?.answer, pending?.phase]);

  const send = (text: string) => {
    chat.send(text);
    inputRef.current?.focus({ preventScroll: true });
  };

  return (
    <div className={classes.chat}>
      <div className={classes.scroller} ref={scrollerRef}>
        {chat.historyError ? (
          <div className={classes.welcome} role="alert">
            <Text size="sm">Your conversation could not be loaded.</Text>
            <Button size="compact-sm" variant="light" onClick={chat.reloadHistory}>
              Try again
            </Button>
          </div>
        ) : !chat.ready ? (
          <div className={classes.welcome}>
            <Loader size="sm" aria-label="Loading the conversation" />
          </div>
        ) : empty ? (
          <Welcome compact={variant === 'widget'} onPick={send} disabled={chat.busy} />
        ) : (
          <>
            <MessageList
              messages={messages}
              pending={pending}
              onRetry={() => {
                chat.retry();
                inputRef.current?.focus({ preventScroll: true });
              }}
            />
            {chat.suggestions.length > 0 && (
              <div style={{ marginTop: 12 }}>
                <SuggestionChips suggestions={chat.suggestions} onPick={send} disabled={chat.busy} />
              </div>
            )}
          </>
        )}
        <div className={classes.visuallyHidden} aria-live="polite">
          {chat.announcement}
        </div>
      </div>
      <ChatInput ref={inputRef} value={chat.draft} onChange={chat.setDraft} onSend={send} busy={chat.busy} disabled={!chat.ready} />
    </div>
  );
}
