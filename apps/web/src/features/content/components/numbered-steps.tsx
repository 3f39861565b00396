import type { ReactNode } from 'react';
import { Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';

export interface Step {
  title: string;
  text: ReactNode;
  icon: ReactNode;
}

/** Steps left to right on desktop, stacked on phones; an ordered list so screen readers announce the numbers too. */
export function NumberedSteps({ steps }: { steps: readonly Step[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: steps.length > 4 ? 3 : steps.length }} spacing="md" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {steps.map((step, index) => (
        <Card key={step.title} component="li" withBorder radius="lg" padding="lg">
          <Group justify="space-between" align="flex-start" mb="md" wrap="nowrap">
            <ThemeIcon size={44} radius="xl" variant="light">
              {step.icon}
            </ThemeIcon>
            <Text fw={800} fz={28} c="var(--mantine-primary-color-filled)" lh={1} aria-hidden>
              {index + 1}
            </Text>
          </Group>
          <Title order={3} fz="lg" mb={6}>
            {step.title}
          </Title>
          <Text c="dimmed" fz="sm" lh={1.6}>
            {step.text}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
