import { Badge, Button, Group, Loader, Modal, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconAlertTriangle, IconClockHour4, IconPhoto, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { describeOutboxError } from './outbox-messages';
import { MAX_TRIES, type TOutboxItem } from './outbox-state';
import { useOutbox } from './use-outbox';
import { formatMoment } from '../../../lib/format';

function StateBadge({ state }: { state: TOutboxItem['state'] }) {
  if (state === 'sending') {
    return (
      <Badge color="blue" variant="light" radius="sm" leftSection={<Loader size={10} color="blue" aria-hidden />}>
        <Trans>Sending…</Trans>
      </Badge>
    );
  }
  if (state === 'failed') {
    return (
      <Badge color="red" variant="light" radius="sm" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
        <Trans>Not sent</Trans>
      </Badge>
    );
  }
  return (
    <Badge color="yellow" variant="light" radius="sm" leftSection={<IconClockHour4 size={12} aria-hidden />}>
      <Trans>Waiting to send</Trans>
    </Badge>
  );
}

/** A sentence of the server's message, whether or not it ends with a full stop. */
function asSentence(message: string): string {
  return /[.!?]$/.test(message.trim()) ? message.trim() : `${message.trim()}.`;
}

function whyNotSent(item: TOutboxItem, i18n: I18n): string {
  const reason = asSentence(item.lastError ? describeOutboxError(item.lastError, i18n) : i18n._(msg`It could not be sent`));
  const tries = item.tries;
  return tries >= MAX_TRIES ? i18n._(msg`${reason} Tried ${tries} times.`) : reason;
}

function OutboxCard({ item, online, onRetry, onDiscard }: { item: TOutboxItem; online: boolean; onRetry: () => void; onDiscard: () => void }) {
  const { i18n, t } = useLingui();
  const excerpt = item.text.slice(0, 60);
  const written = formatMoment(item.createdAt, Date.now());
  const reason = item.lastError ? asSentence(describeOutboxError(item.lastError, i18n)) : null;
  const tries = item.tries;
  return (
    <Paper withBorder radius="md" p="md" component="li" aria-label={t`Queued post: ${excerpt}`} style={{ listStyle: 'none' }}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <StateBadge state={item.state} />
          <Text size="xs" c="dimmed">
            <Trans>Written {written}</Trans>
          </Text>
        </Group>
        <Text size="sm" lineClamp={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {item.text}
        </Text>
        {item.photoCount > 0 && (
          <Group gap={4}>
            <IconPhoto size={14} aria-hidden />
            <Text size="xs" c="dimmed">
              {t`${plural(item.photoCount, { one: '# photo', other: '# photos' })}`}
            </Text>
          </Group>
        )}
        {item.state === 'waiting' && (
          <Text size="xs" c="dimmed">
            {reason !== null
              ? tries > 0
                ? t`${reason} Try ${tries} of ${MAX_TRIES}; it will be sent again on its own.`
                : reason
              : online
                ? t`It will be sent in a moment.`
                : t`It will be sent when you are back online.`}
          </Text>
        )}
        {item.state === 'failed' && (
          <>
            <Text size="sm" c="red" role="alert">
              {whyNotSent(item, i18n)}
            </Text>
            <Group gap="sm" grow preventGrowOverflow={false}>
              <Button size="xs" variant="light" leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRetry}>
                <Trans>Retry</Trans>
              </Button>
              <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDiscard}>
                <Trans>Discard</Trans>
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The signed-in person's posts not published yet: "Waiting to send", "Sending…", or after a
 * refusal or MAX_TRIES failed tries why it was not sent, with Retry and Discard. Nothing when the
 * outbox is empty.
 */
export function OutboxList() {
  const { t } = useLingui();
  const { items, retry, discard } = useOutbox();
  const { online } = useNetwork();
  const [discarding, setDiscarding] = useState<TOutboxItem | null>(null);
  if (items.length === 0) return null;

  return (
    <section aria-labelledby="outbox-heading">
      <Stack gap="sm">
        <Group gap="xs">
          <ThemeIcon size={28} radius="md" variant="light" color="yellow" aria-hidden>
            <IconClockHour4 size={16} />
          </ThemeIcon>
          <Title order={2} size="h5" id="outbox-heading">
            {t`${plural(items.length, { one: 'A post not published yet', other: '# posts not published yet' })}`}
          </Title>
        </Group>
        <Stack gap="sm" component="ul" p={0} m={0}>
          {items.map((item) => (
            <OutboxCard key={item.clientId} item={item} online={online} onRetry={() => retry(item.clientId)} onDiscard={() => setDiscarding(item)} />
          ))}
        </Stack>
      </Stack>
      <Modal opened={discarding !== null} onClose={() => setDiscarding(null)} title={t`Discard this post?`} centered radius="lg">
        <Stack gap="md">
          <Text size="sm">
            {discarding && discarding.photoCount > 0 ? (
              <Trans>Its text and photos are deleted from this device and will not be posted.</Trans>
            ) : (
              <Trans>Its text is deleted from this device and will not be posted.</Trans>
            )}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDiscarding(null)}>
              <Trans>Keep it</Trans>
            </Button>
            <Button
              color="red"
              onClick={() => {
                if (discarding) discard(discarding.clientId);
                setDiscarding(null);
              }}
            >
              <Trans>Discard</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </section>
  );
}
