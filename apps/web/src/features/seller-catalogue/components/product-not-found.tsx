import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPackageOff } from '@tabler/icons-react';
import { Link } from 'react-router';

/** An unknown product id, or another seller's: the same answer, so ids reveal nothing. */
export function ProductNotFound() {
  return (
    <Container size="sm" py={{ base: 40, sm: 72 }}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={80} radius={40} variant="light" color="gray" aria-hidden>
          <IconPackageOff size={40} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Product not found
        </Title>
        <Text c="dimmed" size="lg" maw={460}>
          This product does not exist or belongs to another shop.
        </Text>
        <Button component={Link} to="/seller/catalogue-search" size="md">
          Go to my products
        </Button>
      </Stack>
    </Container>
  );
}
