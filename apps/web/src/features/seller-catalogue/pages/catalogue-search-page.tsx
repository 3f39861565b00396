import { Container, Title } from '@mantine/core';

/** Placeholder until the page is built. */
export function CatalogueSearchPage() {
  return (
    <Container size="lg" py="md">
      <Title order={1}>Catalogue search</Title>
    </Container>
  );
}
