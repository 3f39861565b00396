import type { ReactNode } from 'react';
import { Button, Drawer, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';

/** The filters as a bottom sheet on phones (the desktop shows them beside the results). */
export function FiltersDrawer({ opened, onClose, children }: { opened: boolean; onClose: () => void; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={<Text fw={700}>
          <Trans>Filters</Trans>
        </Text>}
      position="bottom"
      size={520}
      radius="lg"
      hiddenFrom="md"
      closeButtonProps={{ 'aria-label': t`Close filters` }}
    >
      <Stack gap="lg" pb="md">
        {children}
        <Button onClick={onClose} size="md">
          <Trans>Show results</Trans>
        </Button>
      </Stack>
    </Drawer>
  );
}
