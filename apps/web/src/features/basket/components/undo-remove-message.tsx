import { Button, Group, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';

/** The body of the "Removed from basket" toast: which product, and a way to put it back. */
export function UndoRemoveMessage({ title, onUndo }: { title: string; onUndo: () => void }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" truncate>
        {title}
      </Text>
      <Button size="compact-sm" variant="light" onClick={onUndo}>
        <Trans>Undo</Trans>
      </Button>
    </Group>
  );
}
