import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPackageOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';

/** An unknown product id, or another seller's: the same answer, so ids reveal nothing. */
export function ProductNotFound() {
  return (
    <Container size="sm" py={{ base: 40, sm: 72 }}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={80} radius={40} variant="light" color="gray" aria-hidden>
          <IconPackageOff size={40} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          <Trans>Product not found</Trans>
        </Title>
        <Text c="dimmed" size="lg" maw={460}>
          <Trans>This product does not exist or belongs to another shop.</Trans>
        </Text>
        <Button component={Link} to="/seller/catalogue-search" size="md">
          <Trans>Go to my products</Trans>
        </Button>
      </Stack>
    </Container>
  );
}
