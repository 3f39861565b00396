import type { ReactNode } from 'react';
import { Button, Drawer, Stack, Text } from '@mantine/core';

/** The filters as a bottom sheet on phones (the desktop shows them beside the results). */
export function FiltersDrawer({ opened, onClose, children }: { opened: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={<Text fw={700}>Filters</Text>}
      position="bottom"
      size={520}
      radius="lg"
      hiddenFrom="md"
      closeButtonProps={{ 'aria-label': 'Close filters' }}
    >
      <Stack gap="lg" pb="md">
        {children}
        <Button onClick={onClose} size="md">
          Show results
        </Button>
      </Stack>
    </Drawer>
  );
}
