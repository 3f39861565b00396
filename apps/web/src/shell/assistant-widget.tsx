import { ActionIcon, Button, Popover, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconSparkles } from '@tabler/icons-react';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';

/** Entry point to Pulse Assistant on the pages with bars; the assistant itself is a later issue. */
export function AssistantWidget({ className }: { className?: string }) {
  const [opened, { toggle, close }] = useDisclosure(false);

  return (
    <Popover opened={opened} onDismiss={close} position="top-end" offset={10} shadow="lg" radius="lg" width={280} withinPortal>
      <Popover.Target>
        <ActionIcon
          className={className}
          size={48}
          radius={24}
          variant="white"
          color="primary"
          aria-label="Pulse Assistant"
          aria-expanded={opened}
          data-testid="assistant-widget"
          onClick={toggle}
        >
          <IconSparkles size={24} stroke={1.8} />
        </ActionIcon>
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
