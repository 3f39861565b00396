import { Container, Title } from '@mantine/core';

/** Placeholder until the page is built. */
export function SellerProductPage() {
  return (
    <Container size="lg" py="md">
      <Title order={1}>Product</Title>
    </Container>
  );
}
