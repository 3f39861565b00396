import { Button, Group, Loader, Text } from '@mantine/core';
import { IconAlertCircle, IconChecks, IconRefresh } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ChatEntry } from '../utils/chat-entries';
import { resolveMediaUrl } from '../../../lib/media-url';
import classes from './chat.module.css';
import { formatTime } from '../../../lib/format';

interface MessageBubbleProps {
  entry: ChatEntry;
  onRetry: (key: string) => void;
}

export function MessageBubble({ entry, onRetry }: MessageBubbleProps) {
  const { t } = useLingui();
  const imageUrl = entry.imageUrl ? (entry.status === 'sent' ? resolveMediaUrl(entry.imageUrl) : entry.imageUrl) : null;

  return (
    <div className={classes.row} data-mine={entry.mine || undefined}>
      <div className={classes.bubble} data-testid="message" data-mine={entry.mine || undefined} data-status={entry.status}>
        {imageUrl &&
          (entry.status === 'sent' ? (
            <a href={imageUrl} target="_blank" rel="noopener noreferrer" className={classes.imageLink} aria-label={t`Open picture`}>
              <img src={imageUrl} alt={t`Picture`} className={classes.image} loading="lazy" />
            </a>
          ) : (
            <img src={imageUrl} alt={t`Picture being sent`} className={classes.image} />
          ))}
        {entry.body !== '' && <Text className={classes.text}>{entry.body}</Text>}
        <Group gap={4} justify="flex-end" className={classes.meta}>
          {entry.status === 'sending' && <Loader size={10} color="currentColor" aria-label={t`Sending`} />}
          <time dateTime={entry.createdAt}>{formatTime(entry.createdAt)}</time>
        </Group>
      </div>
      {entry.status === 'failed' && (
        <Group gap={6} className={classes.failed} role="alert">
          <IconAlertCircle size={14} aria-hidden />
          <Text size="xs">{entry.error ?? t`Not sent.`}</Text>
          <Button size="compact-xs" variant="subtle" color="red" leftSection={<IconRefresh size={12} aria-hidden />} onClick={() => onRetry(entry.key)}>
            <Trans>Retry</Trans>
          </Button>
        </Group>
      )}
      {entry.receipt && (
        <Group gap={4} className={classes.receipt} data-testid="read-receipt">
          {entry.receipt === 'seen' && <IconChecks size={14} aria-hidden />}
          <Text size="xs">{entry.receipt === 'seen' ? t`Seen` : t`Sent`}</Text>
        </Group>
      )}
    </div>
  );
}
