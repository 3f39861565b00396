import { Alert, CloseButton, Group, Text } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';

/** Why "Nearest" could not be used, with a way to dismiss it. */
export function LocationNotice({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  const { t } = useLingui();
  return (
    <Alert color="orange" variant="light" radius="lg" icon={<IconMapPinOff size={20} aria-hidden />} role="status">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Text size="sm">{message}</Text>
        <CloseButton aria-label={t`Dismiss`} size="sm" onClick={onDismiss} />
      </Group>
    </Alert>
  );
}
