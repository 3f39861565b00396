import { Container, Title } from '@mantine/core';

/** Placeholder until the page is built. */
export function AddProductPage() {
  return (
    <Container size="lg" py="md">
      <Title order={1}>Add a product</Title>
    </Container>
  );
}
