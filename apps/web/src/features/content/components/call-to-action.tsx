import type { ReactNode } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';

interface CallToActionProps {
  title: string;
  text: ReactNode;
  label: string;
  to: string;
}

/** Closing band of a page: one clear next step. */
export function CallToAction({ title, text, label, to }: CallToActionProps) {
  return (
    <Paper radius="lg" p={{ base: 'lg', sm: 40 }} bg="var(--mantine-primary-color-filled)" c="var(--mantine-primary-color-contrast)">
      <Group justify="space-between" align="center" gap="lg">
        <Stack gap={6} style={{ flex: '1 1 320px', minWidth: 0 }}>
          <Title order={2} fz={{ base: 24, sm: 30 }} c="inherit">
            {title}
          </Title>
          <Text c="inherit" opacity={0.9} maw={600}>
            {text}
          </Text>
        </Stack>
        <Button component={Link} to={to} size="lg" variant="white" radius="md" rightSection={<IconArrowRight size={18} />}>
          {label}
        </Button>
      </Group>
    </Paper>
  );
}
