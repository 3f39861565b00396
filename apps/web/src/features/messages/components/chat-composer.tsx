import { useEffect, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ActionIcon, CloseButton, FileButton, Text, Textarea, Tooltip } from '@mantine/core';
import { IconPhoto, IconSend2 } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { MESSAGE_BODY_MAX_LENGTH } from '@pulse/contract/messages';
import { ACCEPTED_IMAGE_TYPES, getImageAttachmentError } from '../utils/image-attachment';
import classes from './chat.module.css';

interface ChatComposerProps {
  onSend: (body: string, file: File | null) => void;
  disabled?: boolean;
}

/** Text and one optional picture; Enter sends, Shift+Enter starts a new line. */
export function ChatComposer({ onSend, disabled = false }: ChatComposerProps) {
  const { t } = useLingui();
  const [body, setBody] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const canSend = !disabled && (body.trim() !== '' || file !== null);

  useEffect(() => {
    if (!file) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const chooseFile = (chosen: File | null) => {
    if (!chosen) return;
    const error = getImageAttachmentError(chosen);
    setFileError(error);
    setFile(error ? null : chosen);
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    onSend(body.trim(), file);
    setBody('');
    setFile(null);
    setFileError(null);
  };

  const sendOnEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form className={classes.composer} onSubmit={submit}>
      {(previewUrl || fileError) && (
        <div className={classes.attachmentRow}>
          {previewUrl && (
            <div className={classes.attachment}>
              <img src={previewUrl} alt={t`Picture to send`} className={classes.attachmentImage} />
              <CloseButton size="sm" radius="xl" className={classes.attachmentRemove} aria-label={t`Remove picture`} onClick={() => setFile(null)} />
            </div>
          )}
          {fileError && (
            <Text size="xs" c="red" role="alert">
              {fileError}
            </Text>
          )}
        </div>
      )}
      <div className={classes.composerRow}>
        <FileButton onChange={chooseFile} accept={ACCEPTED_IMAGE_TYPES.join(',')} disabled={disabled}>
          {(props) => (
            <Tooltip label={t`Add a picture`} withArrow>
              <ActionIcon {...props} variant="subtle" color="gray" size={40} radius="xl" aria-label={t`Add a picture`}>
                <IconPhoto size={22} stroke={1.7} />
              </ActionIcon>
            </Tooltip>
          )}
        </FileButton>
        <Textarea
          className={classes.input}
          aria-label={t`Message`}
          placeholder={t`Write a message…`}
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          onKeyDown={sendOnEnter}
          autosize
          minRows={1}
          maxRows={5}
          radius="xl"
          maxLength={MESSAGE_BODY_MAX_LENGTH}
          disabled={disabled}
        />
        <ActionIcon type="submit" size={40} radius="xl" aria-label={t`Send`} disabled={!canSend}>
          <IconSend2 size={20} stroke={1.8} />
        </ActionIcon>
      </div>
    </form>
  );
}
