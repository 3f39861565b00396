import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBasketOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';

/** A product that was removed, paused or never existed. */
export function ProductUnavailable() {
  return (
    <Stack align="center" gap="sm" py={72} px="md" ta="center">
      <ThemeIcon size={80} radius={40} variant="light" color="gray" aria-hidden>
        <IconBasketOff size={40} stroke={1.5} />
      </ThemeIcon>
      <Text component="h1" fw={700} fz={22} m={0}>
        <Trans>This product is no longer available</Trans>
      </Text>
      <Text c="dimmed" maw={400}>
        <Trans>The seller may have sold out or taken it down. Plenty of other fresh produce is waiting.</Trans>
      </Text>
      <Button component={Link} to="/product-listing" mt="xs">
        <Trans>Browse produce</Trans>
      </Button>
    </Stack>
  );
}
