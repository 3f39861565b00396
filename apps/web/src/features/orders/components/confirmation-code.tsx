import { Paper, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';

/** The buyer's hand-over code, big enough to read out or show on a phone at the farm gate. */
export function ConfirmationCode({ code, fulfilment }: { code: string; fulfilment: 'pickup' | 'delivery' }) {
  const { t } = useLingui();
  return (
    <Paper radius="lg" p="md" withBorder bg="var(--mantine-primary-color-light)" style={{ borderColor: 'var(--mantine-primary-color-filled)' }}>
      <Stack gap={4} align="center" ta="center">
        <Text size="sm" fw={600} c="var(--mantine-primary-color-light-color)">
          <Trans>Your confirmation code</Trans>
        </Text>
        <Text
          component="output"
          aria-label={t`Confirmation code`}
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
          {fulfilment === 'delivery' ? <Trans>Give this code to the driver on hand-over.</Trans> : <Trans>Give this code to the farm on hand-over.</Trans>}
        </Text>
      </Stack>
    </Paper>
  );
}
