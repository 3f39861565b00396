import { Stack, Text, Title } from '@mantine/core';

interface SectionHeadingProps {
  title: string;
  description?: string;
  id?: string;
}

export function SectionHeading({ title, description, id }: SectionHeadingProps) {
  return (
    <Stack gap={6} mb="lg">
      <Title order={2} id={id} fz={{ base: 24, sm: 30 }} style={{ scrollMarginTop: 88 }}>
        {title}
      </Title>
      {description !== undefined && (
        <Text c="dimmed" maw={680}>
          {description}
        </Text>
      )}
    </Stack>
  );
}
