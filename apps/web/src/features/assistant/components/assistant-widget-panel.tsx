import { useEffect, useRef } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Button, Text } from '@mantine/core';
import { IconArrowsMaximize, IconSparkles, IconX } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { useAssistantChat } from '../state/use-assistant-chat';
import { AssistantChat } from './assistant-chat';
import classes from './assistant.module.css';

interface AssistantWidgetPanelProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * The compact chat the launcher opens: a sheet above the bottom bar on phones, a 380x560 panel
 * beside the floating buttons on wider screens. It stays mounted once loaded (hidden when closed),
 * and closes on Escape and when a link in it leads to another page. "Open full page" goes to
 * /pulse-assistant, which shows the same conversation.
 */
/** Mounted while the panel is open, so each opening asks for the conversation again. */
function PanelChat() {
  const chat = useAssistantChat();
  return <AssistantChat chat={chat} variant="widget" autoFocus />;
}

export function AssistantWidgetPanel({ opened, onClose }: AssistantWidgetPanelProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const location = useLocation();
  const openedAt = useRef(location.key);

  // A link followed from an answer (a product, an order, the basket) closes the panel.
  useEffect(() => {
    if (opened) openedAt.current = location.key;
    // Only when opened changes: the current location is where it was opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);
  useEffect(() => {
    if (opened && location.key !== openedAt.current) onClose();
  }, [location.key, opened, onClose]);

  // Escape closes it wherever the focus is (a Retry button that went away leaves it on the page).
  useEffect(() => {
    if (!opened) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onClose();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [opened, onClose]);

  return (
    <section className={classes.panel} role="dialog" aria-label={t`Pulse Assistant`} hidden={!opened} data-testid="assistant-panel">
      <div className={classes.panelHeader}>
        <div className={classes.panelTitle}>
          <IconSparkles size={20} stroke={1.8} color="var(--mantine-primary-color-filled)" aria-hidden style={{ flexShrink: 0 }} />
          <Text fw={700} size="md" component="h2" m={0} truncate>
            <Trans>Pulse Assistant</Trans>
          </Text>
        </div>
        <Button size="compact-xs" variant="subtle" leftSection={<IconArrowsMaximize size={13} aria-hidden />} onClick={() => void navigate('/pulse-assistant')} style={{ flexShrink: 0 }}>
          <Trans>Open full page</Trans>
        </Button>
        <ActionIcon variant="subtle" color="gray" size={36} radius="xl" aria-label={t`Close`} onClick={onClose}>
          <IconX size={20} />
        </ActionIcon>
      </div>
      {opened && <PanelChat />}
    </section>
  );
}
