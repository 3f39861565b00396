import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { TAssistantMessage } from '@pulse/contract/assistant';
import type { PendingTurn } from '../state/assistant-turn';
import { AnswerBlocks } from './answer-blocks';
import classes from './assistant.module.css';

function TypingIndicator({ label }: { label: string }) {
  return (
    <div className={classes.typing} role="status" aria-label={label} data-testid="assistant-typing">
      <span className={classes.dot} />
      <span className={classes.dot} />
      <span className={classes.dot} />
    </div>
  );
}

function Question({ text }: { text: string }) {
  return (
    <li className={classes.question} data-testid="assistant-question">
      {text}
    </li>
  );
}

function Answer({ message }: { message: TAssistantMessage }) {
  return (
    <li className={classes.answer} data-testid="assistant-answer">
      {message.text.trim() !== '' && <div className={classes.answerText}>{message.text}</div>}
      <AnswerBlocks blocks={message.blocks} />
    </li>
  );
}

function PendingAnswer({ turn, onRetry }: { turn: PendingTurn; onRetry: () => void }) {
  const { t } = useLingui();
  if (turn.phase === 'error') {
    return (
      <li className={classes.answer} data-testid="assistant-failure">
        {turn.answer !== '' && <div className={classes.answerText}>{turn.answer}</div>}
        <div className={classes.failure} role="alert">
          <Text size="sm">{turn.error}</Text>
          <Button size="compact-sm" variant="white" color="orange" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRetry}>
            <Trans>Retry</Trans>
          </Button>
        </div>
      </li>
    );
  }
  return (
    <li className={classes.answer} data-testid="assistant-answer-pending" aria-busy>
      {turn.phase === 'streaming' ? (
        <div className={`${classes.answerText} ${classes.cursor}`}>{turn.answer}</div>
      ) : (
        <TypingIndicator label={turn.phase === 'locating' ? t`Finding where you are` : t`Pulse Assistant is typing`} />
      )}
    </li>
  );
}

/** The conversation, oldest first: questions on the right, answers with their blocks on the left. */
export function MessageList({ messages, pending, onRetry }: { messages: readonly TAssistantMessage[]; pending: PendingTurn | null; onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <ol className={classes.list} aria-label={t`Conversation`}>
      {messages.map((message) => (message.role === 'user' ? <Question key={message.id} text={message.text} /> : <Answer key={message.id} message={message} />))}
      {pending && !pending.questionStored && <Question text={pending.text} />}
      {pending && <PendingAnswer turn={pending} onRetry={onRetry} />}
    </ol>
  );
}
