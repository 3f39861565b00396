import { Skeleton, Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

export function ProductFormSkeleton() {
  const { t } = useLingui();
  return (
    <Stack gap="md" role="status" aria-label={t`Loading`}>
      <Skeleton height={32} width="60%" />
      <Skeleton height={220} radius="lg" />
      <Skeleton height={140} radius="lg" />
      <Skeleton height={180} radius="lg" />
    </Stack>
  );
}
