import { Button, Container, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PageProps } from '../../../app/route-types';
import { useAuth } from '../../../lib/auth/use-auth';
import { useConversations } from '../api/get-conversations';
import { ConversationItem } from '../components/conversation-item';
import { flattenConversations } from '../utils/conversation-list-cache';
import { useMinuteClock } from '../utils/use-minute-clock';
import classes from '../components/conversation-list.module.css';
import { LoadErrorAlert } from '../../../components/load-error-alert';

function ConversationSkeleton() {
  const { t } = useLingui();
  return (
    <Stack gap={0} role="status" aria-label={t`Loading conversations`} className={classes.list}>
      {[0, 1, 2, 3].map((index) => (
        <Group key={index} gap="sm" p="md" wrap="nowrap">
          <Skeleton height={48} circle />
          <Stack gap={8} style={{ flex: 1 }}>
            <Skeleton height={12} width="40%" />
            <Skeleton height={10} width="75%" />
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}

/** /messages: the user's conversations, most recent first, kept live by LiveMessageUpdates. */
export function MessagesPage({ route }: PageProps) {
  const { t } = useLingui();
  const { user } = useAuth();
  const now = useMinuteClock();
  const conversations = useConversations();
  const items = flattenConversations(conversations.data);

  return (
    <Container size="sm" px={{ base: 'md', sm: 'lg' }} py={{ base: 'lg', sm: 40 }}>
      <Title order={1} fz={{ base: 24, sm: 30 }} mb={4}>
        {route.title}
      </Title>
      <Text size="sm" c="dimmed" mb="lg">
        <Trans>Chats with growers, buyers and Pulse Agents.</Trans>
      </Text>

      {conversations.isPending && <ConversationSkeleton />}

      {conversations.isError && <LoadErrorAlert title={t`Could not load your conversations`} onRetry={() => void conversations.refetch()} />}

      {conversations.isSuccess && items.length === 0 && (
        <Stack align="center" gap="sm" py={56} ta="center">
          <ThemeIcon size={72} radius={36} variant="light" aria-hidden>
            <IconMessages size={36} stroke={1.6} />
          </ThemeIcon>
          <Text fw={600} size="lg">
            <Trans>No conversations yet</Trans>
          </Text>
          <Text c="dimmed" maw={380}>
            <Trans>Message a seller from their products to ask about harvests, quantities or delivery. Your chats will be listed here.</Trans>
          </Text>
          <Button component={Link} to="/product-listing" mt="xs">
            <Trans>Browse products</Trans>
          </Button>
        </Stack>
      )}

      {items.length > 0 && (
        <ul className={classes.list} aria-label={t`Conversations`}>
          {items.map((conversation) => (
            <ConversationItem key={conversation.id} conversation={conversation} userId={user?.id ?? null} now={now} />
          ))}
        </ul>
      )}

      {conversations.hasNextPage && (
        <Group justify="center" mt="lg">
          <Button variant="default" onClick={() => void conversations.fetchNextPage()} loading={conversations.isFetchingNextPage}>
            <Trans>Load more</Trans>
          </Button>
        </Group>
      )}
    </Container>
  );
}
