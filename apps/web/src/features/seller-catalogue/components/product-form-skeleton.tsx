import { Skeleton, Stack } from '@mantine/core';

export function ProductFormSkeleton() {
  return (
    <Stack gap="md" role="status" aria-label="Loading">
      <Skeleton height={32} width="60%" />
      <Skeleton height={220} radius="lg" />
      <Skeleton height={140} radius="lg" />
      <Skeleton height={180} radius="lg" />
    </Stack>
  );
}
