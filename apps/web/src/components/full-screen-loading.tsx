import { Trans } from '@lingui/react/macro';
import { Center, Loader, Stack, Text } from '@mantine/core';

/** Shown while the app asks the server who is signed in. */
export function FullScreenLoading() {
  return (
    <Center h="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="lg" />
        <Text c="dimmed" fw={500}>
          <Trans>Loading...</Trans>
        </Text>
      </Stack>
    </Center>
  );
}
