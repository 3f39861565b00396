import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPackageOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';

export function OrderNotFound() {
  return (
    <Container size="sm" py={{ base: 48, sm: 80 }}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={88} radius={44} variant="light" aria-hidden>
          <IconPackageOff size={44} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          <Trans>Order not found</Trans>
        </Title>
        <Text c="dimmed" size="lg" maw={440}>
          <Trans>This order does not exist or is not one of yours.</Trans>
        </Text>
        <Button component={Link} to="/buyer-dashboard" size="md" mt="sm">
          <Trans>All orders</Trans>
        </Button>
      </Stack>
    </Container>
  );
}
