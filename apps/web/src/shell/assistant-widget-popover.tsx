import { Button, Popover, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import { AssistantWidgetButton } from './assistant-widget-button';

/** The widget's card, loaded the first time its button is pressed, and then opened at once. */
export function AssistantWidgetPopover({ className }: { className?: string }) {
  const [opened, { toggle, close }] = useDisclosure(true);

  return (
    <Popover opened={opened} onDismiss={close} position="top-end" offset={10} shadow="lg" radius="lg" width={280} withinPortal>
      <Popover.Target>
        <AssistantWidgetButton className={className} opened={opened} onClick={toggle} />
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Title order={2} size="h5">
            Ask Pulse Assistant
          </Title>
          <Text size="sm" c="dimmed">
            Find produce, check an order or learn how to sell, in plain words.
          </Text>
          <Button component={Link} to="/pulse-assistant" onClick={close} rightSection={<IconArrowRight size={16} />} fullWidth>
            Open Pulse Assistant
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
