import { Trans } from '@lingui/react/macro';
import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapQuestion } from '@tabler/icons-react';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <Container size="sm" py={{ base: 48, sm: 80 }}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={88} radius={44} variant="light" color="gray" aria-hidden>
          <IconMapQuestion size={44} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          <Trans>Page not found</Trans>
        </Title>
        <Text c="dimmed" size="lg" maw={460}>
          <Trans>The address may be mistyped, or the page has moved.</Trans>
        </Text>
        <Button component={Link} to="/" size="md" mt="sm">
          <Trans>Go to the marketplace</Trans>
        </Button>
      </Stack>
    </Container>
  );
}
