import { Fragment, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ActionIcon, Anchor, Avatar, Button, Container, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconMessageOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ZId } from '@pulse/contract/ids';
import type { TConversationSummary, TMessage } from '@pulse/contract/messages';
import type { PageProps } from '../../../app/route-types';
import { isApiError } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth/use-auth';
import { useRealtimeConnection } from '../../../lib/socket-context';
import { chatMessagesQueryKey, useChatMessages } from '../api/get-chat-messages';
import { useConversation } from '../api/get-conversation';
import { conversationsQueryKey } from '../api/get-conversations';
import { unreadMessageCountQueryKey } from '../api/get-unread-message-count';
import { postChatMessage } from '../api/post-chat-message';
import { postConversationRead } from '../api/post-conversation-read';
import { postImageUpload } from '../api/post-image-upload';
import { ChatComposer } from '../components/chat-composer';
import { MessageBubble } from '../components/message-bubble';
import { buildChatEntries, isNewChatDay, type PendingMessage } from '../utils/chat-entries';
import { appendChatMessage, flattenChatMessages, type ChatMessagePages } from '../utils/chat-message-cache';
import { applyMessageToConversations, clearConversationUnread, type ConversationPages } from '../utils/conversation-list-cache';
import { createIdempotencyKey } from '../../../lib/create-idempotency-key';
import { describeSendFailure } from '../utils/describe-send-failure';
import { resolveMediaUrl } from '../../../lib/media-url';
import { clearOpenConversation, isConversationOnScreen, setOpenConversation } from '../utils/open-chat-registry';
import { useMinuteClock } from '../utils/use-minute-clock';
import { usePageVisible } from '../utils/use-page-visible';
import classes from '../components/chat.module.css';
import { formatDayHeading } from '../../../lib/format';

/** How close to the bottom (px) still counts as "reading the latest", so new messages scroll into view. */
const STICK_TO_BOTTOM_PX = 120;

function ChatNotFound({ title }: { title: string }) {
  return (
    <Container size="sm" py={{ base: 48, sm: 80 }}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={88} radius={44} variant="light" aria-hidden>
          <IconMessageOff size={44} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {title}
        </Title>
        <Text c="dimmed" size="lg" maw={440}>
          <Trans>This conversation does not exist or is not one of yours.</Trans>
        </Text>
        <Button component={Link} to="/messages" size="md" mt="sm">
          <Trans>All messages</Trans>
        </Button>
      </Stack>
    </Container>
  );
}

function getSubjectLink(subject: TConversationSummary['subject']): string | null {
  if (!subject.id) return null;
  if (subject.kind === 'product') return `/product-details/${subject.id}`;
  if (subject.kind === 'order') return `/order/${subject.id}`;
  return null;
}

function ChatHeader({ conversation, fallbackTitle }: { conversation: TConversationSummary | undefined; fallbackTitle: string }) {
  const { t } = useLingui();
  const other = conversation?.otherUser;
  const subjectLink = conversation ? getSubjectLink(conversation.subject) : null;
  return (
    <header className={classes.header}>
      <ActionIcon component={Link} to="/messages" variant="subtle" color="gray" size={40} radius="xl" aria-label={t`Back to messages`}>
        <IconArrowLeft size={22} />
      </ActionIcon>
      {other && <Avatar src={other.profile_picture_url ? resolveMediaUrl(other.profile_picture_url) : null} name={other.displayName} color="initials" radius="xl" size={40} alt="" />}
      <div className={classes.headerText}>
        <Title order={1} fz="md" lh={1.3} className={classes.headerTitle}>
          {other?.displayName ?? fallbackTitle}
        </Title>
        {conversation?.subject.title &&
          (subjectLink ? (
            <Anchor component={Link} to={subjectLink} size="xs" c="dimmed" truncate display="block">
              <Trans>About: {conversation.subject.title}</Trans>
            </Anchor>
          ) : (
            <Text size="xs" c="dimmed" truncate>
              <Trans>About: {conversation.subject.title}</Trans>
            </Text>
          ))}
      </div>
    </header>
  );
}

/** `lastState` changes whenever the newest entry does (a new message, or a send that failed and grew a Retry line). */
function useStickToBottom(scrollerRef: React.RefObject<HTMLDivElement | null>, lastState: string | null, lastIsMine: boolean) {
  const atBottomRef = useRef(true);
  const firstScrollDoneRef = useRef(false);

  const trackPosition = useCallback(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    atBottomRef.current = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < STICK_TO_BOTTOM_PX;
  }, [scrollerRef]);

  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || lastState === null) return;
    // The first page opens at the newest message; later, follow new messages only when the user
    // was already reading the end or wrote the message themselves.
    if (!firstScrollDoneRef.current || atBottomRef.current || lastIsMine) {
      scroller.scrollTop = scroller.scrollHeight;
      firstScrollDoneRef.current = true;
      atBottomRef.current = true;
    }
  }, [scrollerRef, lastState, lastIsMine]);

  return trackPosition;
}

/** /chat/:chatId: one conversation, live, with read receipts and sends that survive a lost connection. */
export function ChatPage({ route }: PageProps) {
  const { chatId = '' } = useParams();
  const isValidId = ZId.safeParse(chatId).success;
  if (!isValidId) return <ChatNotFound title={route.title} />;
  return <ChatConversation key={chatId} conversationId={chatId.toLowerCase()} title={route.title} />;
}

function ChatConversation({ conversationId, title }: { conversationId: string; title: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const { socket } = useRealtimeConnection();
  const visible = usePageVisible();
  const now = useMinuteClock();
  const conversation = useConversation(conversationId);
  const found = conversation.isSuccess;
  const chat = useChatMessages(conversationId, found);
  const messages = flattenChatMessages(chat.data);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const pendingRef = useRef(pending);
  useEffect(() => {
    pendingRef.current = pending;
  });
  const scrollerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setOpenConversation(conversationId);
    return () => clearOpenConversation(conversationId);
  }, [conversationId]);

  // Free the previews of pictures still waiting when the chat closes.
  useEffect(() => () => pendingRef.current.forEach((item) => item.previewUrl && URL.revokeObjectURL(item.previewUrl)), []);

  // Opening the chat reads it; so does a message from the other member arriving while it is on screen.
  const latestFromOther = [...messages].reverse().find((message) => message.senderId !== userId)?.id ?? null;
  const readUpToRef = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!found || !chat.isSuccess || !visible || !isConversationOnScreen(conversationId)) return;
    if (readUpToRef.current === latestFromOther) return;
    readUpToRef.current = latestFromOther;
    postConversationRead(conversationId)
      .then((result) => {
        if (userId === null) return;
        queryClient.setQueryData<ConversationPages>(conversationsQueryKey(userId), (data) => clearConversationUnread(data, conversationId));
        // The badge follows chatOpened; without a live socket that event never comes.
        if (result.readCount > 0 && !socket?.connected) void queryClient.invalidateQueries({ queryKey: unreadMessageCountQueryKey(userId) });
      })
      .catch((error: unknown) => {
        readUpToRef.current = undefined;
        console.error('Could not mark the conversation read', error);
      });
  }, [found, chat.isSuccess, visible, latestFromOther, conversationId, queryClient, userId, socket]);

  const updatePending = (clientId: string, change: Partial<PendingMessage>) =>
    setPending((items) => items.map((item) => (item.clientId === clientId ? { ...item, ...change } : item)));

  const storeSentMessage = (message: TMessage) => {
    queryClient.setQueryData<ChatMessagePages>(chatMessagesQueryKey(conversationId), (data) => appendChatMessage(data, message));
    if (userId === null) return;
    const listKey = conversationsQueryKey(userId);
    const list = queryClient.getQueryData<ConversationPages>(listKey);
    const updated = list ? applyMessageToConversations(list, conversationId, message, false) : undefined;
    if (updated) queryClient.setQueryData(listKey, updated);
    else void queryClient.invalidateQueries({ queryKey: listKey });
  };

  const deliver = async (item: PendingMessage) => {
    updatePending(item.clientId, { status: 'sending', error: null });
    try {
      let imageId = item.imageId;
      if (item.file && !imageId) {
        imageId = (await postImageUpload(item.file)).id;
        updatePending(item.clientId, { imageId });
      }
      const message = await postChatMessage(
        conversationId,
        { ...(item.body !== '' ? { body: item.body } : {}), ...(imageId ? { imageId } : {}) },
        item.clientId,
      );
      storeSentMessage(message);
      setPending((items) => items.filter((entry) => entry.clientId !== item.clientId));
      if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
    } catch (error) {
      updatePending(item.clientId, { status: 'failed', error: describeSendFailure(error) });
    }
  };

  const send = (body: string, file: File | null) => {
    const item: PendingMessage = {
      clientId: createIdempotencyKey(),
      body,
      file,
      previewUrl: file ? URL.createObjectURL(file) : null,
      imageId: null,
      createdAt: new Date().toISOString(),
      status: 'sending',
      error: null,
    };
    setPending((items) => [...items, item]);
    void deliver(item);
  };

  const retry = (clientId: string) => {
    const item = pendingRef.current.find((entry) => entry.clientId === clientId);
    if (item && item.status === 'failed') void deliver(item);
  };

  const entries = buildChatEntries(messages, pending, userId);
  const last = entries.at(-1) ?? null;
  const trackPosition = useStickToBottom(scrollerRef, last ? `${last.key}:${last.status}` : null, last?.mine ?? false);

  const loadEarlier = async () => {
    const scroller = scrollerRef.current;
    const fromBottom = scroller ? scroller.scrollHeight - scroller.scrollTop : 0;
    await chat.fetchNextPage();
    // Keep the message the user was looking at in place as older ones are added above it.
    requestAnimationFrame(() => {
      if (scroller) scroller.scrollTop = scroller.scrollHeight - fromBottom;
    });
  };

  const notFound = conversation.isError && isApiError(conversation.error) && (conversation.error.status === 404 || conversation.error.status === 400);
  if (notFound) return <ChatNotFound title={title} />;

  return (
    <div className={classes.screen}>
      <section className={classes.panel} aria-label={t`Chat`}>
        <ChatHeader conversation={conversation.data} fallbackTitle={title} />
        <div ref={scrollerRef} className={classes.scroller} onScroll={trackPosition} data-testid="chat-messages" aria-live="polite">
          {(conversation.isPending || chat.isPending) && !conversation.isError && (
            <div className={classes.notice}>
              <Loader size="sm" aria-label={t`Loading messages`} />
            </div>
          )}
          {(conversation.isError || chat.isError) && (
            <div className={classes.notice}>
              <Text>
                <Trans>The messages could not be loaded.</Trans>
              </Text>
              <Button variant="light" size="xs" onClick={() => void (conversation.isError ? conversation.refetch() : chat.refetch())}>
                <Trans>Retry</Trans>
              </Button>
            </div>
          )}
          {chat.hasNextPage && (
            <div className={classes.day}>
              <Button variant="default" size="xs" radius="xl" onClick={() => void loadEarlier()} loading={chat.isFetchingNextPage}>
                <Trans>Load earlier messages</Trans>
              </Button>
            </div>
          )}
          {chat.isSuccess && entries.length === 0 && (
            <div className={classes.notice}>
              <Text fw={600} c="var(--mantine-color-text)">
                <Trans>Say hello</Trans>
              </Text>
              <Text size="sm">
                <Trans>Ask about the produce, quantities, pickup or delivery. Messages appear here as they are sent.</Trans>
              </Text>
            </div>
          )}
          {entries.map((entry, index) => (
            <Fragment key={entry.key}>
              {isNewChatDay(entries[index - 1]?.createdAt ?? null, entry.createdAt) && (
                <div className={classes.day}>
                  <span className={classes.dayLabel}>{formatDayHeading(entry.createdAt, now)}</span>
                </div>
              )}
              <MessageBubble entry={entry} onRetry={retry} />
            </Fragment>
          ))}
        </div>
        <ChatComposer onSend={send} disabled={!found} />
      </section>
    </div>
  );
}
