import { Paper, Stack, Text } from '@mantine/core';

/** The buyer's hand-over code, big enough to read out or show on a phone at the farm gate. */
export function ConfirmationCode({ code, fulfilment }: { code: string; fulfilment: 'pickup' | 'delivery' }) {
  return (
    <Paper radius="lg" p="md" withBorder bg="var(--mantine-primary-color-light)" style={{ borderColor: 'var(--mantine-primary-color-filled)' }}>
      <Stack gap={4} align="center" ta="center">
        <Text size="sm" fw={600} c="var(--mantine-primary-color-light-color)">
          Your confirmation code
        </Text>
        <Text
          component="output"
          aria-label="Confirmation code"
          data-testid="confirmation-code"
          ff="monospace"
          fw={800}
          fz={{ base: 34, sm: 40 }}
          lh={1.1}
          style={{ letterSpacing: '0.18em' }}
        >
          {code}
        </Text>
        <Text size="sm" c="dimmed">
          Give this code to the {fulfilment === 'delivery' ? 'driver' : 'farm'} on hand-over.
        </Text>
      </Stack>
    </Paper>
  );
}
