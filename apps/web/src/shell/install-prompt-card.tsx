import { Trans } from '@lingui/react/macro';
import { Button, Group, Paper, Text } from '@mantine/core';
import { APP_NAME } from '../config/env';

const TITLE_ID = 'install-prompt-title';

/** Just above the bottom bar, across the content column, under the update banner if both show. */
const PLACEMENT = {
  position: 'fixed',
  right: 'calc(12px + env(safe-area-inset-right))',
  bottom: 'calc(var(--bottom-bar-space, 0px) + 12px + env(safe-area-inset-bottom))',
  left: 'calc(12px + env(safe-area-inset-left))',
  zIndex: 190,
  maxWidth: 480,
  margin: '0 auto',
  padding: '10px 12px',
} as const;

interface InstallPromptCardProps {
  onInstall: () => void;
  onDismiss: () => void;
}

export function InstallPromptCard({ onInstall, onDismiss }: InstallPromptCardProps) {
  return (
    <Paper component="section" aria-labelledby={TITLE_ID} style={PLACEMENT} shadow="md" radius="md" withBorder>
      <Text id={TITLE_ID} size="sm" fw={600}>
        <Trans>Install {APP_NAME}</Trans>
      </Text>
      <Text size="xs" mt={2}>
        <Trans>Open the market from your home screen, in its own window.</Trans>
      </Text>
      <Group justify="flex-end" gap="xs" mt="xs" wrap="nowrap">
        <Button size="xs" variant="default" onClick={onDismiss}>
          <Trans>Not now</Trans>
        </Button>
        <Button size="xs" onClick={onInstall}>
          <Trans>Install</Trans>
        </Button>
      </Group>
    </Paper>
  );
}
