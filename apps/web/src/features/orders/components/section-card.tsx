import { useId, type ReactNode } from 'react';
import { Paper, Title } from '@mantine/core';

export function SectionCard({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  // The title is in the reader's language: the heading's id does not come from it.
  const headingId = `section-${useId().replace(/[^a-zA-Z0-9-]/g, '')}`;
  return (
    <Paper component="section" aria-labelledby={headingId} radius="lg" p={{ base: 'md', sm: 'lg' }} withBorder data-testid={testId}>
      <Title order={2} id={headingId} fz="lg" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
