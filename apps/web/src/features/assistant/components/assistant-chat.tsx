import { useEffect, useLayoutEffect, useRef } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Loader, Text, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import type { AssistantChat as AssistantChatState } from '../state/use-assistant-chat';
import { ChatInput } from './chat-input';
import { MessageList } from './message-list';
import { SuggestionChips } from './suggestion-chips';
import classes from './assistant.module.css';

/**
 * The starters of an empty chat (issue 14), sent as they read: the server knows each of them in
 * every language (modules/assistant/assistant-answers.ts, FIXED_CHIPS), with the same translations.
 */
export const STARTER_QUESTIONS = [msg`Organic tomatoes near Kumasi`, msg`Where is my order?`, msg`How do I sell on Pulse Market?`, msg`How do I become an agent?`] as const;

/** How close to the bottom counts as "reading the newest": a growing answer keeps it in view. */
const STICK_TO_BOTTOM_PX = 120;

function Welcome({ compact, onPick, disabled }: { compact: boolean; onPick: (text: string) => void; disabled: boolean }) {
  const { i18n } = useLingui();
  return (
    <div className={classes.welcome} data-testid="assistant-welcome">
      <div className={classes.welcomeIcon} aria-hidden>
        <IconSparkles size={28} stroke={1.7} />
      </div>
      <Title order={compact ? 3 : 2} size={compact ? 'h5' : 'h4'}>
        <Trans>Hello! How can I help?</Trans>
      </Title>
      <Text size="sm" c="dimmed" maw={420}>
        <Trans>Ask me to find fresh produce near you, follow an order or explain how Pulse Market works. I answer from the marketplace&apos;s live data.</Trans>
      </Text>
      <SuggestionChips suggestions={STARTER_QUESTIONS.map((starter) => i18n._(starter))} onPick={onPick} disabled={disabled} />
    </div>
  );
}

/**
 * The chat itself, the same in the widget and on the page: the conversation (or a welcome with
 * starters), the answer being written, follow-up chips and the question box.
 */
export function AssistantChat({ chat, variant, autoFocus = false }: { chat: AssistantChatState; variant: 'widget' | 'page'; autoFocus?: boolean }) {
  const { t } = useLingui();
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
            <Text size="sm">
              <Trans>Your conversation could not be loaded.</Trans>
            </Text>
            <Button size="compact-sm" variant="light" onClick={chat.reloadHistory}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        ) : !chat.ready ? (
          <div className={classes.welcome}>
            <Loader size="sm" aria-label={t`Loading the conversation`} />
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
