import { Button, Group, Text } from '@mantine/core';

/** The body of the "Removed from basket" toast: which product, and a way to put it back. */
export function UndoRemoveMessage({ title, onUndo }: { title: string; onUndo: () => void }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" truncate>
        {title}
      </Text>
      <Button size="compact-sm" variant="light" onClick={onUndo}>
        Undo
      </Button>
    </Group>
  );
}
