import { Badge, Button, Group, Loader, Modal, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconAlertTriangle, IconClockHour4, IconPhoto, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { MAX_TRIES, type TOutboxItem } from './outbox-state';
import { useOutbox } from './use-outbox';
import { formatMoment } from '../../../lib/format';

function StateBadge({ state }: { state: TOutboxItem['state'] }) {
  if (state === 'sending') {
    return (
      <Badge color="blue" variant="light" radius="sm" leftSection={<Loader size={10} color="blue" aria-hidden />}>
        Sending…
      </Badge>
    );
  }
  if (state === 'failed') {
    return (
      <Badge color="red" variant="light" radius="sm" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
        Not sent
      </Badge>
    );
  }
  return (
    <Badge color="yellow" variant="light" radius="sm" leftSection={<IconClockHour4 size={12} aria-hidden />}>
      Waiting to send
    </Badge>
  );
}

/** A sentence of the server's message, whether or not it ends with a full stop. */
function asSentence(message: string): string {
  return /[.!?]$/.test(message.trim()) ? message.trim() : `${message.trim()}.`;
}

function whyNotSent(item: TOutboxItem): string {
  const reason = asSentence(item.lastError ?? 'It could not be sent');
  return item.tries >= MAX_TRIES ? `${reason} Tried ${item.tries} times.` : reason;
}

function OutboxCard({ item, online, onRetry, onDiscard }: { item: TOutboxItem; online: boolean; onRetry: () => void; onDiscard: () => void }) {
  return (
    <Paper withBorder radius="md" p="md" component="li" aria-label={`Queued post: ${item.text.slice(0, 60)}`} style={{ listStyle: 'none' }}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <StateBadge state={item.state} />
          <Text size="xs" c="dimmed">
            Written {formatMoment(item.createdAt, Date.now())}
          </Text>
        </Group>
        <Text size="sm" lineClamp={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {item.text}
        </Text>
        {item.photoCount > 0 && (
          <Group gap={4}>
            <IconPhoto size={14} aria-hidden />
            <Text size="xs" c="dimmed">
              {item.photoCount === 1 ? '1 photo' : `${item.photoCount} photos`}
            </Text>
          </Group>
        )}
        {item.state === 'waiting' && (
          <Text size="xs" c="dimmed">
            {item.lastError
              ? item.tries > 0
                ? `${asSentence(item.lastError)} Try ${item.tries} of ${MAX_TRIES}; it will be sent again on its own.`
                : asSentence(item.lastError)
              : online
                ? 'It will be sent in a moment.'
                : 'It will be sent when you are back online.'}
          </Text>
        )}
        {item.state === 'failed' && (
          <>
            <Text size="sm" c="red" role="alert">
              {whyNotSent(item)}
            </Text>
            <Group gap="sm" grow preventGrowOverflow={false}>
              <Button size="xs" variant="light" leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRetry}>
                Retry
              </Button>
              <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDiscard}>
                Discard
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
            {items.length === 1 ? 'A post not published yet' : `${items.length} posts not published yet`}
          </Title>
        </Group>
        <Stack gap="sm" component="ul" p={0} m={0}>
          {items.map((item) => (
            <OutboxCard key={item.clientId} item={item} online={online} onRetry={() => retry(item.clientId)} onDiscard={() => setDiscarding(item)} />
          ))}
        </Stack>
      </Stack>
      <Modal opened={discarding !== null} onClose={() => setDiscarding(null)} title="Discard this post?" centered radius="lg">
        <Stack gap="md">
          <Text size="sm">Its text{discarding && discarding.photoCount > 0 ? ' and photos are' : ' is'} deleted from this device and will not be posted.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDiscarding(null)}>
              Keep it
            </Button>
            <Button
              color="red"
              onClick={() => {
                if (discarding) discard(discarding.clientId);
                setDiscarding(null);
              }}
            >
              Discard
            </Button>
          </Group>
        </Stack>
      </Modal>
    </section>
  );
}
