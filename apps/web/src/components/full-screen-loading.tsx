import { useLingui } from '@lingui/react/macro';
import { Center, Loader, Stack, Text } from '@mantine/core';

/** Shown while the app asks the server who is signed in. */
export function FullScreenLoading() {
  // t rather than <Trans>: this is on the first load, and <Trans>'s runtime is not (decision 020).
  const { t } = useLingui();
  return (
    <Center h="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="lg" />
        <Text c="dimmed" fw={500}>
          {t`Loading...`}
        </Text>
      </Stack>
    </Center>
  );
}
