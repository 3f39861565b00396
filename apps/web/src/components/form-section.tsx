import type { ReactNode } from 'react';
import { Paper, Stack, Title } from '@mantine/core';

/** One titled group of a long form: a fieldset whose legend reads as a heading. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="fieldset" m={0} style={{ minWidth: 0 }}>
      <Title order={2} fz="lg" mb="sm" component="legend" px={4}>
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}
