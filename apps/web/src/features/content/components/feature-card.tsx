import type { ReactNode } from 'react';
import { Card, Text, ThemeIcon, Title } from '@mantine/core';

interface FeatureCardProps {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}

export function FeatureCard({ icon, title, children }: FeatureCardProps) {
  return (
    <Card withBorder radius="lg" padding="lg" h="100%">
      <ThemeIcon size={44} radius="md" variant="light" mb="md">
        {icon}
      </ThemeIcon>
      <Title order={3} fz="lg" mb={6}>
        {title}
      </Title>
      <Text c="dimmed" fz="sm" lh={1.6}>
        {children}
      </Text>
    </Card>
  );
}
