import { Container, Title } from '@mantine/core';

/** Placeholder until the page is built. */
export function SellerDashboardPage() {
  return (
    <Container size="lg" py="md">
      <Title order={1}>Seller dashboard</Title>
    </Container>
  );
}
