import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { Button, Group, Text, Title } from '@mantine/core';
import { IconSparkles, IconTrash } from '@tabler/icons-react';
import { AssistantChat } from '../components/assistant-chat';
import { useAssistantChat } from '../state/use-assistant-chat';
import classes from '../components/assistant.module.css';

/**
 * /pulse-assistant: the chat at full size, the same conversation as the widget. A signed-in user
 * can clear it (the server forgets it too).
 */
export function PulseAssistantPage() {
  const chat = useAssistantChat();
  const [clearing, setClearing] = useState(false);
  const [clearFailed, setClearFailed] = useState(false);
  const canClear = chat.signedIn && (chat.messages.length > 0 || chat.pending !== null);

  const clear = () => {
    setClearing(true);
    setClearFailed(false);
    chat
      .clear()
      .catch(() => setClearFailed(true))
      .finally(() => setClearing(false));
  };

  return (
    <div className={classes.page}>
      <section className={classes.pagePanel} aria-labelledby="pulse-assistant-title">
        <div className={classes.pageHeader}>
          <Group gap={8} wrap="nowrap">
            <IconSparkles size={22} stroke={1.8} color="var(--mantine-primary-color-filled)" aria-hidden style={{ flexShrink: 0 }} />
            <Title order={1} size="h5" id="pulse-assistant-title" style={{ whiteSpace: 'nowrap' }}>
              <Trans>Pulse Assistant</Trans>
            </Title>
          </Group>
          {canClear && (
            <Button size="compact-sm" variant="subtle" color="gray" leftSection={<IconTrash size={14} aria-hidden />} loading={clearing} onClick={clear}>
              <Trans>Clear conversation</Trans>
            </Button>
          )}
        </div>
        {clearFailed && (
          <Text size="sm" c="red" role="alert" px="md" py={4}>
            <Trans>The conversation could not be cleared. Please try again.</Trans>
          </Text>
        )}
        <AssistantChat chat={chat} variant="page" autoFocus />
      </section>
    </div>
  );
}
