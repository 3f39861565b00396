import { Button, Container, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { PageProps } from '../../../app/route-types';
import { useAuth } from '../../../lib/auth/use-auth';
import { useConversations } from '../api/get-conversations';
import { ConversationItem } from '../components/conversation-item';
import { flattenConversations } from '../utils/conversation-list-cache';
import { useMinuteClock } from '../utils/use-minute-clock';
import classes from '../components/conversation-list.module.css';
import { LoadErrorAlert } from '../../../components/load-error-alert';

function ConversationSkeleton() {
  return (
    <Stack gap={0} role="status" aria-label="Loading conversations" className={classes.list}>
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
        Chats with growers, buyers and Pulse Agents.
      </Text>

      {conversations.isPending && <ConversationSkeleton />}

      {conversations.isError && <LoadErrorAlert title="Could not load your conversations" onRetry={() => void conversations.refetch()} />}

      {conversations.isSuccess && items.length === 0 && (
        <Stack align="center" gap="sm" py={56} ta="center">
          <ThemeIcon size={72} radius={36} variant="light" aria-hidden>
            <IconMessages size={36} stroke={1.6} />
          </ThemeIcon>
          <Text fw={600} size="lg">
            No conversations yet
          </Text>
          <Text c="dimmed" maw={380}>
            Message a seller from their products to ask about harvests, quantities or delivery. Your chats will be listed here.
          </Text>
          <Button component={Link} to="/product-listing" mt="xs">
            Browse products
          </Button>
        </Stack>
      )}

      {items.length > 0 && (
        <ul className={classes.list} aria-label="Conversations">
          {items.map((conversation) => (
            <ConversationItem key={conversation.id} conversation={conversation} userId={user?.id ?? null} now={now} />
          ))}
        </ul>
      )}

      {conversations.hasNextPage && (
        <Group justify="center" mt="lg">
          <Button variant="default" onClick={() => void conversations.fetchNextPage()} loading={conversations.isFetchingNextPage}>
            Load more
          </Button>
        </Group>
      )}
    </Container>
  );
}
