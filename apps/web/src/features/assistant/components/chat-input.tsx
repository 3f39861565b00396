import { forwardRef, type FormEvent, type KeyboardEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Text, Textarea } from '@mantine/core';
import { IconSend2 } from '@tabler/icons-react';
import { ASSISTANT_MESSAGE_HARD_LIMIT, ASSISTANT_MESSAGE_MAX_LENGTH } from '@pulse/contract/assistant';
import classes from './assistant.module.css';
import { formatNumber } from '../../../lib/format';

interface ChatInputProps {
  value: string;
  onChange: (value: string) => void;
  onSend: (text: string) => void;
  /** An answer is on its way (typing stays possible; sending waits). */
  busy: boolean;
  disabled?: boolean;
}

/** The question box: Enter sends, Shift+Enter starts a new line. */
export const ChatInput = forwardRef<HTMLTextAreaElement, ChatInputProps>(function ChatInput({ value, onChange, onSend, busy, disabled = false }, ref) {
  const { t } = useLingui();
  const canSend = !busy && !disabled && value.trim() !== '';
  const tooLong = value.length > ASSISTANT_MESSAGE_MAX_LENGTH;
  const limit = formatNumber(ASSISTANT_MESSAGE_MAX_LENGTH, 0);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (canSend) onSend(value);
  };

  const sendOnEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form className={classes.composer} onSubmit={submit}>
      <div className={classes.composerRow}>
        <Textarea
          ref={ref}
          className={classes.input}
          aria-label={t`Ask Pulse Assistant`}
          placeholder={t`Ask about produce or orders…`}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          onKeyDown={sendOnEnter}
          autosize
          minRows={1}
          maxRows={4}
          radius="xl"
          maxLength={ASSISTANT_MESSAGE_HARD_LIMIT}
          disabled={disabled}
          enterKeyHint="send"
        />
        <ActionIcon type="submit" size={38} radius="xl" aria-label={t`Send`} disabled={!canSend} loading={busy}>
          <IconSend2 size={20} stroke={1.8} />
        </ActionIcon>
      </div>
      {tooLong && (
        <Text size="xs" c="orange.8" mt={4}>
          <Trans>Long questions are hard to answer: try to keep it under {limit} characters.</Trans>
        </Text>
      )}
    </form>
  );
});
