import { Trans } from '@lingui/react/macro';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** A list that could not load: what failed, and a way to try again without reloading the page. */
export function LoadErrorAlert({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" radius="lg" icon={<IconAlertCircle size={20} aria-hidden />} title={title}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          <Trans>Check your connection and try again.</Trans>
        </Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          <Trans>Retry</Trans>
        </Button>
      </Group>
    </Alert>
  );
}
